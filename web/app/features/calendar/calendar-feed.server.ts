import { randomUUID } from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import { bookingInclude } from "@app/shared/booking/booking-json";
import { bookingsCalendar } from "@app/shared/ics.server";
import { purposeKeys, signFor, verifyFor } from "@app/shared/keys.server";

/**
 * Each admin's private, revocable calendar feed (Google Calendar, Outlook):
 * `APP_URL/calendar/<feedId>.<hmac>.ics`. Only the id is stored; the address
 * is rebuilt from it, so it can be shown again, and rotating the id revokes
 * every copy of the old address; so does a password reset of its owner.
 */

const feedKeys = (env: { SESSION_SECRETS: string[] }) => purposeKeys(env.SESSION_SECRETS, "calendar-feed");

function feedUrl(context: AppLoadContext, feedId: string) {
  const { env } = context.services;
  return `${env.APP_URL}/calendar/${feedId}.${signFor(feedKeys(env)[0]!, feedId)}.ics`;
}

export async function currentFeedUrl(context: AppLoadContext, userId: number): Promise<string | null> {
  const user = await context.services.db.user.findUnique({ where: { id: userId }, select: { calendarFeedId: true } });
  return user?.calendarFeedId ? feedUrl(context, user.calendarFeedId) : null;
}

/** A new address (the old one stops working). */
export async function rotateFeed(context: AppLoadContext, userId: number): Promise<string> {
  const feedId = randomUUID();
  await context.services.db.user.update({ where: { id: userId }, data: { calendarFeedId: feedId } });
  return feedUrl(context, feedId);
}

export async function revokeFeed(context: AppLoadContext, userId: number) {
  await context.services.db.user.update({ where: { id: userId }, data: { calendarFeedId: null } });
}

const FEED_PAST_DAYS = 60;
const FEED_FUTURE_DAYS = 366;

/** The feed for a presented token, or null when it is unknown, revoked, or its owner is no longer an active admin. */
export async function feedForToken(context: AppLoadContext, presented: string): Promise<string | null> {
  const match = /^([0-9a-f-]{36})\.([\w-]{43})(?:\.ics)?$/.exec(presented);
  if (!match) return null;
  const [, feedId, sig] = match as unknown as [string, string, string];
  const { env, db } = context.services;
  if (!verifyFor(feedKeys(env), feedId, sig)) return null;
  const owner = await db.user.findUnique({ where: { calendarFeedId: feedId }, select: { role: true, isActive: true } });
  if (!owner || owner.role !== "admin" || !owner.isActive) return null;
  const now = Date.now();
  const bookings = await db.booking.findMany({
    where: {
      scheduledDate: {
        gte: new Date(now - FEED_PAST_DAYS * 86400_000),
        lt: new Date(now + FEED_FUTURE_DAYS * 86400_000),
      },
    },
    orderBy: { scheduledDate: "asc" },
    include: bookingInclude,
    take: 10_000,
  });
  return bookingsCalendar(bookings, { appUrl: env.APP_URL });
}
