/**
 * What a caller hears from the business's number (docs/product.md#calls), and the text that pages the technician on
 * call. Spoken words are plain sentences Twilio reads aloud: no links, no abbreviations a voice would misread. Pure
 * and safe for the browser.
 */
import { business, type BusinessFacts } from "../business";
import { formatPhone } from "../texts/phone";
import { gsm7Safe } from "../texts/gsm7";

/** Why the greeting answers: the office is closed, or nobody picked up in office hours. */
export type GreetingReason = "after-hours" | "no-answer";

/**
 * The greeting: who we are, that we text right away (or, to a number that cannot take texts, to call back or book
 * on the website), and 1 for an emergency.
 */
export function greeting(
  { reason, textable }: { reason: GreetingReason; textable: boolean },
  facts: BusinessFacts = business,
): string {
  const why =
    reason === "after-hours" ? "Our office is closed right now." : "Sorry, nobody could get to the phone just now.";
  const next = textable
    ? "We're sending you a text right away: reply to it, or book online from the link."
    : "Please book online on our website, or call back during office hours.";
  return `Thanks for calling ${facts.name}. ${why} ${next} If this is an electrical emergency, press 1 now to reach our technician on call.`;
}

/** After the greeting, when no key was pressed. */
export const GOODBYE = "Thank you for calling. Goodbye.";

/** The caller pressed 1: we put them through to the technician on call. */
export const CONNECTING_ON_CALL =
  "Connecting you to our technician on call now. If there is fire, smoke or sparking, leave the building and call 9 1 1.";

/** Nobody on call picked up: the office has the alert and calls back. */
export const ON_CALL_CALLS_BACK =
  "Our technician on call could not pick up, but has your number and is being paged now, and our team will call you back within minutes. If there is fire, smoke or sparking, leave the building and call 9 1 1. Goodbye.";

/** A key other than 1. */
export const ONLY_ONE_FOR_EMERGENCIES = "For an emergency, press 1. Otherwise, reply to our text. Goodbye.";

/** The name of a customer record made for a caller the number matched no record of: "Caller (225) 555-0187". */
export const callerName = (phone: string) => `Caller ${formatPhone(phone)}`;

/** How the emergency came: a call (1 pressed), a text, or any other emergency booking (the chat, the office). */
export type EmergencyVia = "call" | "text" | "booking";

const HOW: Record<EmergencyVia, string> = {
  call: "pressed 1 for an emergency",
  text: "texted an emergency",
  booking: "has an emergency booking",
};

/**
 * The page to whoever is on call (their own phone; no customer's consent involved): who needs them, how it came,
 * and the booking's page. "…ON CALL: Ann Lee, (225) 555-0187 pressed 1 for an emergency. Call them now. {link}".
 */
export function onCallPageText(
  { phone, customerName, via, link }: { phone: string; customerName: string; via: EmergencyVia; link: string },
  facts: BusinessFacts = business,
): string {
  const shown = formatPhone(phone);
  const who = customerName === callerName(phone) || !customerName.trim() ? shown : `${customerName}, ${shown}`;
  return gsm7Safe(`${facts.name} ON CALL: ${who} ${HOW[via]}. Call them now. ${link}`);
}
