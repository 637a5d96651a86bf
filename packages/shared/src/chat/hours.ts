/**
 * Office-hours awareness for the chat assistant: is the office open at a given
 * instant, in the business's own time zone (so DST and the server's zone never
 * matter), and when does it open next.
 */
import { business, type BusinessFacts, type OpeningHours } from "../business";
import { addLocalDays, businessParts, clockMinutes, formatClock, localIsoWithOffset, WEEKDAYS } from "../time";

export interface OfficeStatus {
  open: boolean;
  /** "Open now until 6:00 PM" / "Closed now — opens Monday at 7:00 AM" */
  label: string;
  /** Next opening as local ISO time with offset, e.g. "2025-03-10T07:00:00-05:00"; null while open. */
  nextOpen: string | null;
}

export { formatClock };

/** Regular opening window for a weekday; null when closed to regular work (Sunday). */
function windowFor(weekday: number, hours: readonly OpeningHours[]): { opens: number; closes: number } | null {
  const name = WEEKDAYS[weekday % 7]!;
  const entry = hours.find((h) => h.days.includes(name));
  if (!entry?.opens || !entry.closes) return null;
  return { opens: clockMinutes(entry.opens), closes: clockMinutes(entry.closes) };
}

export function officeStatus(now: Date, facts: BusinessFacts = business): OfficeStatus {
  const p = businessParts(now);
  const clock = { weekday: p.weekday, minutes: p.hour * 60 + p.minute };
  const today = windowFor(clock.weekday, facts.hours);

  if (today && clock.minutes >= today.opens && clock.minutes < today.closes) {
    return { open: true, label: `Open now until ${formatClock(today.closes)}`, nextOpen: null };
  }

  for (let offset = 0; offset <= 7; offset++) {
    const window = windowFor(clock.weekday + offset, facts.hours);
    if (!window || (offset === 0 && clock.minutes >= window.opens)) continue;
    const when = offset === 0 ? "today" : WEEKDAYS[(clock.weekday + offset) % 7];
    return {
      open: false,
      label: `Closed now — opens ${when} at ${formatClock(window.opens)}`,
      nextOpen: localIsoWithOffset(addLocalDays(p, offset), window.opens),
    };
  }
  return { open: false, label: "Closed now", nextOpen: null };
}
