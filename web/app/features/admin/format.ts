/**
 * How the staff pages word and colour things. Client-safe (no server imports).
 *
 * Dates are shown in the business's own zone (Baton Rouge, America/Chicago),
 * on the server and in the browser alike, so the server-rendered page and the
 * hydrated one agree and the office always reads Louisiana time.
 */
import type { BookingJson } from "@app/shared/bookings";
import { business } from "@app/shared/business";

export type Booking = BookingJson;
export type BookingStatus = Booking["status"];
export type BookingPriority = Booking["priority"];
export type Role = "customer" | "technician" | "admin";

export const ROLES: readonly Role[] = ["customer", "technician", "admin"];
export const BOOKING_STATUSES: readonly BookingStatus[] = ["pending", "in_progress", "completed", "cancelled"];
export const BOOKING_PRIORITIES: readonly BookingPriority[] = ["low", "medium", "high", "emergency"];

const TIME_ZONE = business.timeZone;

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

function valid(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

const dateFmt = new Intl.DateTimeFormat("en-US", { timeZone: TIME_ZONE, month: "short", day: "numeric", year: "numeric" });
const dateTimeFmt = new Intl.DateTimeFormat("en-US", {
  timeZone: TIME_ZONE,
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
});
const timeFmt = new Intl.DateTimeFormat("en-US", { timeZone: TIME_ZONE, hour: "numeric", minute: "2-digit" });

/** "Jun 12, 2025", or the fallback when missing or unreadable. */
export function formatDate(value: string | Date | null | undefined, fallback = "Unknown"): string {
  const d = valid(value);
  return d ? dateFmt.format(d) : fallback;
}

/** "Jun 12, 2025, 9:00 AM". */
export function formatDateTime(value: string | Date | null | undefined, fallback = "Unknown"): string {
  const d = valid(value);
  return d ? dateTimeFmt.format(d) : fallback;
}

/** "9:00 AM". */
export function formatTime(value: string | Date | null | undefined, fallback = ""): string {
  const d = valid(value);
  return d ? timeFmt.format(d) : fallback;
}

/** "08:00" → "8:00 AM". */
export function slotLabel(slot: string): string {
  const [h = 0, m = 0] = slot.split(":").map(Number);
  const suffix = h >= 12 ? "PM" : "AM";
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, "0")} ${suffix}`;
}

/** A phone number as a tel: address (digits and a leading +). */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/[^\d]/g, "");
  return `tel:${trimmed.startsWith("+") ? "+" : ""}${digits}`;
}

/** Booking dialog time slots: hourly 08:00 to 17:00 (10 slots), docs/product.md#new-booking-dialog. */
export const TIME_SLOTS = Array.from({ length: 10 }, (_, i) => `${String(8 + i).padStart(2, "0")}:00`);
export const DEFAULT_TIME_SLOT = "09:00";
export const DEFAULT_PRIORITY: BookingPriority = "medium";

/** Calendar colours (docs/product.md#calendar): priority dots and status backgrounds. */
export const priorityDot: Record<BookingPriority, string> = {
  emergency: "bg-red-600",
  high: "bg-orange-500",
  medium: "bg-yellow-400",
  low: "bg-blue-500",
};

export function statusSurface(status: string): string {
  switch (status) {
    case "completed":
      return "bg-green-100 text-green-950";
    case "in_progress":
      return "bg-blue-100 text-blue-950";
    case "cancelled":
      return "bg-red-100 text-red-950";
    default:
      return "bg-slate-100 text-slate-900";
  }
}
