import { z } from "../zod";
import { windowStartSchema } from "./scheduling";

/**
 * What the customer's own links accept, without signing in: the visit's
 * manage page (/appointments/<token>) and the one-click unsubscribe page
 * (/unsubscribe/<token>), and the portal's reminder preference. One schema
 * each, applied by the page's action and, through Conform, by the browser
 * first (web/app/utils/schema-form.ts).
 */

/** The longest token a link may carry; anything longer is refused without a database query. */
const LINK_TOKEN_MAX_LENGTH = 200;

/** A token from an emailed link, as the path carries it. */
export const linkTokenSchema = z.string().min(1).max(LINK_TOKEN_MAX_LENGTH);

const CHOOSE_WINDOW_MESSAGE = "Choose one of the offered times";

/** "Change the time": the start of the arrival window chosen, as the page offered it. */
export const rescheduleVisitSchema = z.object({
  intent: z.literal("reschedule"),
  windowStart: z.string({ error: CHOOSE_WINDOW_MESSAGE }).min(1, CHOOSE_WINDOW_MESSAGE).pipe(windowStartSchema),
});

/** "Yes, cancel my visit". */
const cancelVisitSchema = z.object({ intent: z.literal("cancel") });

/** Every post the manage page takes, told apart by `intent`. */
export const manageVisitFormSchema = z.discriminatedUnion("intent", [rescheduleVisitSchema, cancelVisitSchema], {
  error: "Unknown action. Please reload the page and try again.",
});

/**
 * A post to /unsubscribe/<token>: the body mail providers send for a
 * one-click unsubscribe (RFC 8058, `List-Unsubscribe=One-Click`), or the
 * page's own buttons (`intent`).
 */
export const unsubscribeFormSchema = z.union(
  [
    z.object({ "List-Unsubscribe": z.literal("One-Click") }).transform(() => "unsubscribe" as const),
    z.object({ intent: z.enum(["unsubscribe", "resubscribe"]) }).transform((v) => v.intent),
  ],
  { error: "Unknown action. Please reload the page and try again." },
);

/** The portal's switch for reminders and review requests to the account's own address. */
export const emailPreferenceFormSchema = z.object({
  intent: z.literal("email-preference"),
  reminders: z.enum(["on", "off"], { error: "Choose on or off" }),
});

/**
 * The portal's Cancel button on one of the account's bookings: the booking's id as the page gave
 * it (which booking it names, and whether it is the account's, is the cancellation's to say).
 */
export const cancelOwnBookingFormSchema = z.object({
  intent: z.literal("cancel"),
  bookingId: z.string({ error: "That booking could not be found." }),
});
