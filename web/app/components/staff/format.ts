/**
 * How the staff pages word and colour things. Client-safe (no server imports).
 *
 * Dates and times are formatted by the clock (@app/shared/time), in the
 * business's own zone on the server and in the browser alike, so the
 * server-rendered page and the hydrated one agree and the office always reads
 * Louisiana time.
 */
import { bookingPriorities, bookingStatuses, roles } from "@app/shared/api/choices";
import type { BookingJson } from "@app/shared/booking/booking-json";
import { slotTimes } from "@app/shared/time";

export type Booking = BookingJson;
export type BookingStatus = Booking["status"];
export type BookingPriority = Booking["priority"];
export type Role = (typeof roles)[number];

export const ROLES: readonly Role[] = roles;
export const BOOKING_STATUSES: readonly BookingStatus[] = bookingStatuses;
export const BOOKING_PRIORITIES: readonly BookingPriority[] = bookingPriorities;

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** "in_progress" → "In progress" (the underscore shown as a space). */
export function statusLabel(status: string): string {
  return capitalize(status.replace(/_/g, " "));
}

export function priorityLabel(priority: string): string {
  return capitalize(priority);
}

export function roleLabel(role: string): string {
  return capitalize(role);
}

/** A phone number as a tel: address (digits and a leading +). */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/[^\d]/g, "");
  return `tel:${trimmed.startsWith("+") ? "+" : ""}${digits}`;
}

/** Booking dialog time slots: hourly 08:00 to 17:00 (10 slots), docs/product.md#new-booking-dialog. */
export const TIME_SLOTS = slotTimes("08:00", 10);
export const DEFAULT_TIME_SLOT = "09:00";
export const DEFAULT_PRIORITY: BookingPriority = "medium";
