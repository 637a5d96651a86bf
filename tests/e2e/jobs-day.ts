import type { Page } from "@playwright/test";
import { addLocalDays, businessDate, businessParts } from "@app/shared/time";
import { main } from "./staff";

/**
 * The day a /jobs test puts its visits on (docs/product.md#technicians-day). "Today" is the page's
 * at each request, Baton Rouge time, and a test takes minutes on a loaded machine: a visit made for
 * today at 11:59 PM is yesterday's a minute later. The page keeps a visit still open (pending or in
 * progress) from an earlier day, but a completed one leaves it, and so does its invoice. From 10 PM
 * on, a test's visits are tomorrow's: listed among the coming days until midnight and as today's
 * after it, the same visits on the page whatever the clock does during the test.
 */
export function visitDay(now = new Date()): string {
  const today = businessDate(now);
  return businessParts(now).hour >= 22 ? addLocalDays(today, 1) : today;
}

/** The open visit's card (one at a time: docs/product.md#technicians-day). */
export const openVisit = (page: Page) => main(page).getByRole("article");

/** The line of a visit in the page's list of visits (a link that opens it). */
export const visitLine = (page: Page, summary: string) => main(page).getByRole("link", { name: new RegExp(summary) });

/** The job record of visit `bookingId` (in its card, when it is the open one). */
export const recordOf = (page: Page, bookingId: number) =>
  main(page).getByRole("region", { name: new RegExp(`Job record of visit #${bookingId}$`) });
