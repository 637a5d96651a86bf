/**
 * A technician's working hours on a day, as the dispatch board shows their lane
 * (docs/product.md#dispatch-board): the business's opening hours on the weekdays they work,
 * "Off" otherwise (a day they do not work, or one the business has no regular hours). Pure and
 * safe for the browser; the hours are business facts (`business.hours`, ../business.ts).
 */
import { business, type BusinessFacts } from "../business";
import { clockMinutes, formatClockWords, localWeekday, requireBusinessInstant, WEEKDAYS } from "../time";
import type { ScheduledTechnician } from "./technicians";

export interface WorkingHours {
  /** The Baton Rouge day, "YYYY-MM-DD". */
  date: string;
  /** ISO 8601, or null on a day off. */
  start: string | null;
  end: string | null;
  /** "7 AM – 6 PM", or "Off". */
  label: string;
}

/** Whether the technician works on this day of the week (their `workingDays`). */
export const worksOn = (technician: Pick<ScheduledTechnician, "workingDays">, date: string) =>
  technician.workingDays.includes(localWeekday(date));

export function workingHoursOn(
  technician: Pick<ScheduledTechnician, "workingDays">,
  date: string,
  facts: Pick<BusinessFacts, "hours"> = business,
): WorkingHours {
  const weekday = WEEKDAYS[localWeekday(date)]!;
  const hours = facts.hours.find((h) => h.days.includes(weekday));
  if (!worksOn(technician, date) || !hours?.opens || !hours.closes)
    return { date, start: null, end: null, label: "Off" };
  const start = requireBusinessInstant(date, clockMinutes(hours.opens));
  const end = requireBusinessInstant(date, clockMinutes(hours.closes));
  return {
    date,
    start: start.toISOString(),
    end: end.toISOString(),
    label: `${formatClockWords(start)} – ${formatClockWords(end)}`,
  };
}
