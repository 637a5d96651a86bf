import type { AppLoadContext } from "@remix-run/node";
import { availabilityQuerySchema, dayScheduleQuerySchema, type StaffWindowJson } from "@app/shared/api/scheduling";
import { windowJson, windowsOn } from "@app/shared/scheduling/windows";
import type { WindowChoices } from "@app/shared/scheduling/window-days";
import { BUSINESS_TIME_ZONE, businessDate } from "@app/shared/time";
import { invalid, success, throttled } from "@app/shared/result";
import type { Reader } from "@app/shared/db.server";
import { customerSchedule, loadTechnicians, scheduleOf } from "@app/shared/scheduling/schedule.server";
import { technicianChoices } from "@app/shared/scheduling/technicians";

/**
 * The arrival windows a customer may choose now in `days` days from `from`, each with how many
 * more visits it takes, and the closed days among them: what every day-then-window choice shows
 * (the API below, /book, the portal's request form, the manage link's "Change the time"). Full
 * windows, windows too soon (the minimum notice) or beyond the horizon are left out, and closed
 * days have none.
 */
export async function windowChoices(db: Reader, from: string, days: number, now = new Date()): Promise<WindowChoices> {
  const { windows, closures } = await customerSchedule(db, from, days, now);
  return {
    from,
    days,
    // Only what can still be booked: a window that fills up disappears.
    windows: windows.filter((w) => w.available > 0).map(windowJson),
    closures: closures.map((c) => ({ date: c.date, reason: c.reason })),
  };
}

/**
 * GET /api/availability: `windowChoices` of a range of days (docs/product.md#json-api), rate
 * limited per network.
 */
export async function readAvailability(context: AppLoadContext, query: Record<string, string>) {
  const { services, clientNetwork } = context;
  const parsed = availabilityQuerySchema.safeParse(query);
  if (!parsed.success) return invalid(parsed.error, "Invalid query");
  const retryAfter = await services.rateLimits.consume("availabilityPerIp", clientNetwork);
  if (retryAfter !== null) return throttled(retryAfter, "Too many requests. Please wait a moment.");
  const { from = businessDate(), days } = parsed.data;
  return success({ timeZone: BUSINESS_TIME_ZONE, ...(await windowChoices(services.db, from, days)) });
}

/**
 * GET /api/admin/schedule: every window of one day (staff may book any, soon
 * or not) with what it still takes and the technicians free in it, and all
 * active technicians (the New Booking dialog, docs/product.md#new-booking-dialog).
 * A closed day has no windows and names its closure: staff may still place a
 * visit at an exact time on it (docs/product.md#closed-days).
 */
export async function readDaySchedule(context: AppLoadContext, query: Record<string, string>) {
  const parsed = dayScheduleQuerySchema.safeParse(query);
  if (!parsed.success) return invalid(parsed.error, "Invalid query");
  const { db } = context.services;
  const [{ windows, closures }, technicians] = await Promise.all([
    scheduleOf(db, windowsOn(parsed.data.date), { from: parsed.data.date, to: parsed.data.date }),
    loadTechnicians(db),
  ]);
  const closure = closures[0];
  return success({
    date: parsed.data.date,
    closure: closure ? { date: closure.date, reason: closure.reason, holiday: closure.holiday } : null,
    technicians: technicianChoices(technicians),
    windows: windows.map((w): StaffWindowJson => ({
      ...windowJson(w),
      freeTechnicians: technicianChoices(w.freeTechnicians),
    })),
  });
}
