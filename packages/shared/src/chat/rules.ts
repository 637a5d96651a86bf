/**
 * Chat rules shared by the engine (server) and the widget (browser). Kept
 * free of the engine's word lists and of zod, so the browser imports only this.
 */
import { business, type BusinessFacts } from "../business";

/** The longest message a visitor may send (the widget's input, the API's check). */
export const MAX_CHAT_MESSAGE_LENGTH = 1_000;

/** At most this many suggested actions come with an assistant message. */
export const MAX_SUGGESTED_ACTIONS = 3;

/** The visit time of an appointment request that names a date but no time slot. */
export const DEFAULT_APPOINTMENT_TIME = "09:00";

/** An arrival window offered as an action: "Friday, Dec 4, 10 AM – 12 PM" (chat/window-answers.server.ts). */
const WINDOW_ACTION = /^[A-Z][a-z]+day, [A-Z][a-z]{2} \d{1,2}, \d{1,2}(:\d{2})? [AP]M – \d{1,2}(:\d{2})? [AP]M$/;

/** Whether an action is an arrival window: the client opens the appointment form with it chosen. */
export function isWindowAction(label: string): boolean {
  return WINDOW_ACTION.test(label);
}

/** The client opens the appointment form for actions like these (docs/product.md#chat-assistant). */
export function isBookingAction(label: string): boolean {
  return /booking form|schedul/i.test(label) || isWindowAction(label);
}

/** The widget's opening greeting. */
export const greetingMessage = (facts: BusinessFacts = business): string =>
  `Hi! Welcome to ${facts.name}. I can help you book an appointment, answer questions about our services, hours and service area, or set up a free estimate. For an electrical emergency, call ${facts.phone} any time (${facts.emergency.available}).`;

/** After hours, replies and the greeting start with this: the emergency line first. */
export function afterHoursNotice(facts: BusinessFacts = business): string {
  return `The office is closed right now. For an electrical emergency call ${facts.phone}, 24/7.`;
}

/** "a", "a and b", "a, b and c". */
export const joinList = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
