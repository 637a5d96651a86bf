import { estimateStatus } from "../estimates/estimates.server";
import { invoiceStatus } from "../invoices/invoices.server";
import { memberMarkJson } from "../plans/members.server";
import { customerJson } from "../booking/booking-json";
import { z } from "../zod";
import { isoDateTime } from "./endpoint";
import { chatSessionIdSchema } from "./chat";
import { bookingPriorities, bookingStatuses, roles } from "./choices";

/**
 * The shapes of the JSON API's answers that several routes share, for their
 * contracts (./endpoint.ts): what each route's `contract` names as its success schema.
 */

export const message = z.string();

export const apiUser = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(roles),
  emailVerified: z.boolean(),
  isActive: z.boolean(),
  createdAt: isoDateTime,
  lastLogin: isoDateTime.nullable(),
});

/** A customer on their record (GET and PATCH /api/customers/{id}). */
export const customerRecordJson = customerJson.extend({
  address: z.string().nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  accountLinked: z.boolean(),
  mergedIntoId: z.number().int().nullable(),
  mergedAt: isoDateTime.nullable(),
});

/** A visit on the dispatch board (web/app/features/dispatch/board.ts). */
export const dispatchVisitJson = z.looseObject({
  id: z.number().int(),
  summary: z.string(),
  priority: z.enum(bookingPriorities),
  status: z.enum(bookingStatuses),
  emergency: z.boolean(),
  scheduledDate: isoDateTime,
  end: isoDateTime,
  date: z.string(),
  window: z.string().nullable(),
  time: z.string(),
  needsPlacing: z.boolean(),
  customerName: z.string().nullable(),
  member: memberMarkJson,
  technicianId: z.number().int().nullable(),
  technicianName: z.string().nullable(),
  flags: z.array(z.object({ kind: z.enum(["technician-off", "customer-moved"]), message: z.string() })),
});

export const windowJson = z.object({ start: isoDateTime, end: isoDateTime, available: z.number().int() });
export const technicianChoice = z.object({ id: z.number().int(), name: z.string() });
export const salesTaxRatePpm = z.number().int();
/** A visit's job record (docs/product.md#job-record): amounts in whole cents, photo addresses that expire. */
export const jobItemJson = z.object({
  id: z.number().int(),
  priceBookItemId: z.number().int().nullable(),
  description: z.string(),
  quantityHundredths: z.number().int(),
  unitPriceCents: z.number().int(),
  taxable: z.boolean(),
  lineTotalCents: z.number().int(),
  createdAt: isoDateTime,
});
export const jobPhotoJson = z.object({
  id: z.number().int(),
  url: z.string(),
  contentType: z.string(),
  bytes: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  createdAt: isoDateTime,
});
export const jobRecordJson = z.object({
  bookingId: z.number().int(),
  service: z.string(),
  checklist: z.array(z.object({ id: z.string(), label: z.string(), checked: z.boolean() })),
  notes: z.string(),
  updatedAt: isoDateTime.nullable(),
  items: z.array(jobItemJson),
  photos: z.array(jobPhotoJson),
});
export const closureJson = z.object({ date: z.string(), reason: z.string(), holiday: z.boolean() });

export const chatMessageJson = z.object({
  id: z.string(),
  sender: z.enum(["user", "assistant", "staff"]),
  message: z.string(),
  timestamp: isoDateTime,
  metadata: z.looseObject({
    intent: z.string().nullable(),
    suggestedActions: z.array(z.string()),
    /** A reply as it is made: the service the visitor named, which the appointment form opens with. */
    service: z.string().optional(),
  }),
});

/** Who answers the visitor: the assistant, or staff who took the conversation over. */
export const chatMode = z.enum(["assistant", "staff"]);

export const ok = <S extends z.ZodRawShape>(shape: S) => z.object({ success: z.literal(true), ...shape });

export const cents = z.number().int().nonnegative();
export const wholeNumber = z.number().int().nonnegative();
/**
 * A customer's money on their record (GET /api/customers/{id}, docs/product.md#customer-record):
 * their newest estimates and invoices (20 of each), how many they have in all, and what they owe.
 */
export const customerMoneyJson = {
  estimates: z.array(
    z.object({
      id: z.number().int(),
      number: z.string(),
      status: estimateStatus,
      createdAt: isoDateTime,
      sentAt: isoDateTime.nullable(),
      totalCents: cents,
      maxTotalCents: cents,
    }),
  ),
  estimateCount: z.number().int().nonnegative(),
  invoices: z.array(
    z.object({
      id: z.number().int(),
      number: z.string(),
      status: invoiceStatus,
      createdAt: isoDateTime,
      sentAt: isoDateTime.nullable(),
      totalCents: cents,
      paidCents: cents,
      balanceCents: cents,
    }),
  ),
  invoiceCount: z.number().int().nonnegative(),
  owedCents: cents,
};
/** A row of the lists of estimates and invoices: its customer, by id and name. */
export const listCustomer = z.object({ id: z.number().int(), name: z.string() });
/** The next page's cursor, or null on the last. */
export const nextCursor = z.string().nullable();
/** An estimate as GET /api/estimates lists it. */
export const estimateListRow = z.object({
  id: z.number().int(),
  number: z.string(),
  status: estimateStatus,
  customer: listCustomer,
  bookingId: z.number().int().nullable(),
  totalCents: cents,
  maxTotalCents: cents,
  createdAt: isoDateTime,
  sentAt: isoDateTime.nullable(),
  approvedAt: isoDateTime.nullable(),
});
/** An invoice as GET /api/invoices lists it. */
export const invoiceListRow = z.object({
  id: z.number().int(),
  number: z.string(),
  status: invoiceStatus,
  customer: listCustomer,
  bookingId: z.number().int().nullable(),
  estimateId: z.number().int().nullable(),
  totalCents: cents,
  paidCents: cents,
  balanceCents: cents,
  createdAt: isoDateTime,
  sentAt: isoDateTime.nullable(),
  paidAt: isoDateTime.nullable(),
  daysOutstanding: wholeNumber.nullable(),
});
/** What Stripe posts (documented only: the signature over the raw body is checked first, then Stripe's SDK reads it). */
export const okMessage = ok({ message });
export const signedIn = ok({ token: z.string(), user: apiUser, message, expiresAt: isoDateTime.optional() });
export const feedUrl = ok({ url: z.string().nullable() });
export const chatPath = z.object({ sessionId: chatSessionIdSchema });
