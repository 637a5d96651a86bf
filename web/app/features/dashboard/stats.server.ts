import type { AppLoadContext } from "@remix-run/node";
import { businessWeek } from "@app/shared/time";

export interface AdminStats {
  users: { total: number; activeThisWeek: number; admins: number; technicians: number; customers: number };
  bookings: { total: number; thisWeek: number; pending: number; completed: number };
}

/**
 * The dashboard figures, each counted by PostgreSQL in one pass per table.
 * "Active this week": signed in during the last 7 days. Bookings "this week":
 * scheduled in the current Sunday-to-Saturday week (Baton Rouge time).
 */
export async function adminStats(context: AppLoadContext, now = new Date()): Promise<AdminStats> {
  const { db } = context.services;
  const { from: weekStart, to: nextWeekStart } = businessWeek(now);
  const sevenDaysAgo = new Date(now.getTime() - 7 * 86400_000);
  const [users, bookings] = await Promise.all([
    db.$queryRaw<Array<{ total: bigint; active: bigint; admins: bigint; technicians: bigint; customers: bigint }>>`
      select count(*) as total,
             count(*) filter (where "lastLogin" >= ${sevenDaysAgo}) as active,
             count(*) filter (where role = 'admin') as admins,
             count(*) filter (where role = 'technician') as technicians,
             count(*) filter (where role = 'customer') as customers
      from "User"`,
    db.$queryRaw<Array<{ total: bigint; week: bigint; pending: bigint; completed: bigint }>>`
      select count(*) as total,
             count(*) filter (where "scheduledDate" >= ${weekStart} and "scheduledDate" < ${nextWeekStart}) as week,
             count(*) filter (where status = 'pending') as pending,
             count(*) filter (where status = 'completed') as completed
      from "Booking"`,
  ]);
  const u = users[0]!;
  const b = bookings[0]!;
  return {
    users: {
      total: Number(u.total),
      activeThisWeek: Number(u.active),
      admins: Number(u.admins),
      technicians: Number(u.technicians),
      customers: Number(u.customers),
    },
    bookings: {
      total: Number(b.total),
      thisWeek: Number(b.week),
      pending: Number(b.pending),
      completed: Number(b.completed),
    },
  };
}
