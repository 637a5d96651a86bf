/**
 * When a text may be sent (docs/product.md#texts): never in the quiet hours, 9 PM to 8 AM Baton Rouge
 * time, unless the sender marks it urgent (which texts are is the sender's call). A text due then
 * waits until 8 AM. Baton Rouge time through ../time.ts, so the clocks' changes move nothing.
 * Pure and safe for the browser.
 */
import { addLocalDays, businessDate, businessParts, requireBusinessInstant } from "../time";

/** Quiet hours, Baton Rouge clock hours: from 9 PM until 8 AM. */
export const QUIET_HOURS = { from: 21, until: 8 } as const;

/**
 * When a text due at `due` is sent: `due` itself when it is urgent or outside quiet hours, else 8 AM
 * Baton Rouge time, the same day when due after midnight, the next day when due from 9 PM.
 */
export function textSendAt(due: Date, { urgent = false }: { urgent?: boolean } = {}): Date {
  const { hour } = businessParts(due);
  if (urgent || (hour >= QUIET_HOURS.until && hour < QUIET_HOURS.from)) return due;
  const today = businessDate(due);
  const day = hour >= QUIET_HOURS.from ? addLocalDays(today, 1) : today;
  return requireBusinessInstant(day, QUIET_HOURS.until * 60);
}
