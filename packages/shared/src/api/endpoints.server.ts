import { z } from "../zod";
import {
  bookingChangeSchema,
  bookingListQuerySchema,
  customerSearchQuerySchema,
  newBookingSchema,
  newCustomerSchema,
  roleChangeSchema,
} from "./admin";
import { loginSchema, registerSchema, requestResetSchema, resetPasswordSchema, verifyEmailSchema } from "./auth";
import { appointmentRequestSchema, chatSessionIdSchema, createChatSessionSchema, sendChatMessageSchema } from "./chat";
import { bookingPriorities, bookingStatuses, roles } from "./choices";
import { contactMessageSchema } from "./contact";
import { pushSubscriptionSchema, pushUnsubscribeSchema } from "./push.server";
import {
  availabilityQuerySchema,
  closureDateSchema,
  closureListQuerySchema,
  dayScheduleQuerySchema,
  newClosureSchema,
} from "./scheduling";
import { auditQuerySchema, bookingIdParamsSchema, userIdParamsSchema, userListQuerySchema } from "./admin";
import { customerChangeSchema, customerIdParamsSchema } from "./customers";
import { searchQuerySchema } from "./search";
import { dispatchQuerySchema } from "./dispatch";
import {
  newPriceBookItemSchema,
  priceBookItemChangeSchema,
  priceBookItemParamsSchema,
  priceBookQuerySchema,
  priceUnits,
  salesTaxSchema,
} from "./price-book";
import { estimateChangesSchema, estimateListQuerySchema, estimateParamsSchema, newEstimateSchema } from "./estimates";
import { moneyReportQuerySchema, paymentsExportQuerySchema } from "./reports";
import { bookingsExportSchema } from "./exports";
import { invoiceListQuerySchema, invoiceParamsSchema, newInvoiceSchema } from "./invoices";
import { paymentMethods, recordPaymentSchema, stripeEventSchema } from "./payments";
import {
  jobItemParamsSchema,
  jobPhotoParamsSchema,
  jobParamsSchema,
  jobRecordChangeSchema,
  newJobItemSchema,
  photoUploadSchema,
} from "./job-record";

/**
 * The JSON API, endpoint by endpoint: who may call it, what it takes (the
 * very zod schemas the server validates with) and what it answers. It is
 * the source of `GET /api/openapi.json` (./openapi.ts) and of the fuzz test
 * that sends every endpoint generated requests (tests/integration/fuzz.test.ts);
 * a unit test checks that every `/api` route file is listed here.
 */

/** Who may call an endpoint: anyone, any signed-in user, admins, or admins and technicians. */
export type Access = "public" | "signed-in" | "admin" | "staff";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface Endpoint {
  method: Method;
  /** OpenAPI path, parameters in braces: `/api/bookings/{id}`. */
  path: string;
  summary: string;
  access: Access;
  params?: z.ZodObject;
  query?: z.ZodType;
  body?: z.ZodType;
  /** How the body is sent when not JSON: multipart/form-data for an upload (its schema names the parts). */
  bodyContentType?: "multipart/form-data";
  /** The answer of a success: status, description and (for JSON) its schema; `contentType` for anything else. */
  success: { status: 200 | 201 | 202; description: string; schema?: z.ZodType; contentType?: string };
  /** The statuses of refusals this endpoint may give beyond the ones every endpoint may (400 on bad input, 405, 503). */
  refusals: number[];
  /** Whether a refusal of this endpoint must leave the database as it was (everything but sign-in bookkeeping). */
  storesNothingWhenRefused?: boolean;
}

const isoDateTime = z.iso.datetime({ offset: true });
const message = z.string();

const apiUser = z.object({
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

const customerJson = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
});

/** A customer on their record (GET and PATCH /api/customers/{id}). */
const customerRecordJson = customerJson.extend({
  address: z.string().nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  accountLinked: z.boolean(),
  mergedIntoId: z.number().int().nullable(),
  mergedAt: isoDateTime.nullable(),
});

const bookingJson = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  summary: z.string(),
  details: z.string().nullable(),
  priority: z.enum(bookingPriorities),
  status: z.enum(bookingStatuses),
  scheduledDate: isoDateTime,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  serviceTitanId: z.string().nullable(),
  source: z.string(),
  technicianId: z.number().int().nullable(),
  technicianName: z.string().nullable(),
  durationMinutes: z.number().int(),
  needsPlacing: z.boolean(),
  address: z.string().nullable(),
  customer: customerJson.optional(),
});

/** A visit on the dispatch board (web/app/features/dispatch/board.ts). */
const dispatchVisitJson = z.looseObject({
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
  technicianId: z.number().int().nullable(),
  technicianName: z.string().nullable(),
  flags: z.array(z.object({ kind: z.enum(["technician-off", "customer-moved"]), message: z.string() })),
});

const windowJson = z.object({ start: isoDateTime, end: isoDateTime, available: z.number().int() });
const technicianChoice = z.object({ id: z.number().int(), name: z.string() });
/** A price book item (docs/product.md#price-book): its price in whole cents. */
const priceBookItemJson = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  unitPriceCents: z.number().int(),
  unit: z.enum(priceUnits),
  taxable: z.boolean(),
  active: z.boolean(),
});
const salesTaxRatePpm = z.number().int();
/** A visit's job record (docs/product.md#job-record): amounts in whole cents, photo addresses that expire. */
const jobItemJson = z.object({
  id: z.number().int(),
  priceBookItemId: z.number().int().nullable(),
  description: z.string(),
  quantityHundredths: z.number().int(),
  unitPriceCents: z.number().int(),
  taxable: z.boolean(),
  lineTotalCents: z.number().int(),
  createdAt: isoDateTime,
});
const jobPhotoJson = z.object({
  id: z.number().int(),
  url: z.string(),
  contentType: z.string(),
  bytes: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  createdAt: isoDateTime,
});
const jobRecordJson = z.object({
  bookingId: z.number().int(),
  service: z.string(),
  checklist: z.array(z.object({ id: z.string(), label: z.string(), checked: z.boolean() })),
  notes: z.string(),
  updatedAt: isoDateTime.nullable(),
  items: z.array(jobItemJson),
  photos: z.array(jobPhotoJson),
});
const closureJson = z.object({ date: z.string(), reason: z.string(), holiday: z.boolean() });

const chatMessageJson = z.object({
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
const chatMode = z.enum(["assistant", "staff"]);

const ok = <S extends z.ZodRawShape>(shape: S) => z.object({ success: z.literal(true), ...shape });

const cents = z.number().int().nonnegative();
const wholeNumber = z.number().int().nonnegative();
const estimateStatus = z.enum(["draft", "sent", "approved", "declined", "void"]);
/** An estimate (docs/product.md#estimates): each option's totals as stored, computed by the money module. */
const estimateJson = z.object({
  id: z.number().int(),
  number: z.string(),
  status: estimateStatus,
  bookingId: z.number().int().nullable(),
  customer: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  depositPercent: z.number().int().nullable(),
  taxRatePpm: z.number().int(),
  createdAt: isoDateTime,
  sentAt: isoDateTime.nullable(),
  approvedAt: isoDateTime.nullable(),
  approvedOptionId: z.number().int().nullable(),
  signatureName: z.string().nullable(),
  linkExpiresAt: isoDateTime.nullable(),
  options: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      discountCents: cents,
      subtotalCents: cents,
      taxCents: cents,
      totalCents: cents,
      depositCents: cents,
      lines: z.array(
        z.object({
          id: z.number().int(),
          priceBookItemId: z.number().int().nullable(),
          description: z.string(),
          quantityHundredths: z.number().int(),
          unitPriceCents: cents,
          taxable: z.boolean(),
          totalCents: cents,
        }),
      ),
    }),
  ),
});
const invoiceStatus = z.enum(["draft", "sent", "partially_paid", "paid", "void"]);
/** An invoice (docs/product.md#invoices): its lines, payments and totals as stored, and the balance due. */
const invoiceJson = z.object({
  id: z.number().int(),
  number: z.string(),
  status: invoiceStatus,
  bookingId: z.number().int().nullable(),
  estimateId: z.number().int().nullable(),
  customer: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  taxRatePpm: z.number().int(),
  subtotalCents: cents,
  discountCents: cents,
  taxCents: cents,
  totalCents: cents,
  paidCents: cents,
  balanceCents: cents,
  /** Paid beyond what was due (online payments are recorded whatever the balance): the office refunds it. */
  refundDueCents: cents,
  createdAt: isoDateTime,
  sentAt: isoDateTime.nullable(),
  paidAt: isoDateTime.nullable(),
  voidedAt: isoDateTime.nullable(),
  lines: z.array(
    z.object({
      id: z.number().int(),
      priceBookItemId: z.number().int().nullable(),
      jobItemId: z.number().int().nullable(),
      description: z.string(),
      quantityHundredths: z.number().int(),
      unitPriceCents: cents,
      taxable: z.boolean(),
      totalCents: cents,
    }),
  ),
  payments: z.array(
    z.object({
      id: z.number().int(),
      method: z.enum(paymentMethods),
      amountCents: cents,
      reference: z.string().nullable(),
      receivedAt: isoDateTime,
      deposit: z.boolean(),
      refundDueCents: cents,
    }),
  ),
});
/**
 * A customer's money on their record (GET /api/customers/{id}, docs/product.md#customer-record):
 * their newest estimates and invoices (20 of each), how many they have in all, and what they owe.
 */
const customerMoneyJson = {
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
const listCustomer = z.object({ id: z.number().int(), name: z.string() });
/** The next page's cursor, or null on the last. */
const nextCursor = z.string().nullable();
/** An estimate as GET /api/estimates lists it. */
const estimateListRow = z.object({
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
const invoiceListRow = z.object({
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
/** A payment (docs/product.md#payments) and the invoice it was recorded on. */
const paymentJson = z.object({
  id: z.number().int(),
  invoiceId: z.number().int().nullable(),
  estimateId: z.number().int().nullable(),
  method: z.enum(paymentMethods),
  amountCents: cents,
  reference: z.string().nullable(),
  receivedAt: isoDateTime,
  recordedById: z.number().int().nullable(),
});
const invoicePaymentJson = z.object({
  id: z.number().int(),
  number: z.string(),
  status: invoiceStatus,
  totalCents: cents,
  paidCents: cents,
  balanceCents: cents,
});
/** What Stripe posts (documented only: the signature over the raw body is checked first, then Stripe's SDK reads it). */
const okMessage = ok({ message });
const signedIn = ok({ token: z.string(), user: apiUser, message, expiresAt: isoDateTime.optional() });
const feedUrl = ok({ url: z.string().nullable() });
const chatPath = z.object({ sessionId: chatSessionIdSchema });

/** The failure every endpoint answers with a 4xx or 5xx status. */
export const errorSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});

export const endpoints: Endpoint[] = [
  {
    method: "GET",
    path: "/api/openapi.json",
    summary: "This document",
    access: "public",
    success: { status: 200, description: "The OpenAPI 3.1 document of the JSON API" },
    refusals: [],
  },
  {
    method: "POST",
    path: "/api/contact",
    summary:
      "Send a contact message (stored before anything else; the office is emailed). An emergency (service emergency, or words that read as one) alerts staff at once, and the answer says to call the emergency line now",
    access: "public",
    body: contactMessageSchema,
    success: {
      status: 201,
      description: "Stored",
      schema: ok({
        message,
        id: z.number().int().nullable(),
        emergency: z.boolean(),
        emergencyPhone: z.string().optional(),
      }),
    },
    refusals: [429],
    storesNothingWhenRefused: true,
  },
  {
    method: "POST",
    path: "/api/auth/login",
    summary: "Sign in; answers a bearer token",
    access: "public",
    body: loginSchema,
    success: { status: 200, description: "Signed in", schema: signedIn },
    refusals: [401, 403, 429],
  },
  {
    method: "POST",
    path: "/api/auth/logout",
    summary: "End the session of the bearer token or cookie sent",
    access: "public",
    success: { status: 200, description: "Signed out (also when there was no session)", schema: okMessage },
    refusals: [],
  },
  {
    method: "GET",
    path: "/api/auth/me",
    summary: "The signed-in user",
    access: "signed-in",
    success: { status: 200, description: "The user", schema: ok({ user: apiUser }) },
    refusals: [401],
  },
  {
    method: "POST",
    path: "/api/auth/register",
    summary: "Create a customer account (a verification link is emailed)",
    access: "public",
    body: registerSchema,
    success: { status: 201, description: "Created and signed in", schema: signedIn },
    refusals: [409, 429],
  },
  {
    method: "POST",
    path: "/api/auth/request-reset",
    summary: "Email a password reset link (the same answer whether or not the account exists)",
    access: "public",
    body: requestResetSchema,
    success: { status: 200, description: "Requested", schema: okMessage },
    refusals: [429],
  },
  {
    method: "POST",
    path: "/api/auth/reset-password",
    summary: "Set a new password with an emailed token; ends every session of the user",
    access: "public",
    body: resetPasswordSchema,
    success: { status: 200, description: "Changed", schema: okMessage },
    refusals: [429],
  },
  {
    method: "POST",
    path: "/api/auth/verify-email",
    summary: "Confirm an email address with the emailed token",
    access: "public",
    body: verifyEmailSchema,
    success: { status: 200, description: "Confirmed", schema: okMessage },
    refusals: [429],
  },
  {
    method: "POST",
    path: "/api/auth/resend-verification",
    summary: "Email a new verification link",
    access: "signed-in",
    success: { status: 200, description: "Sent", schema: okMessage },
    refusals: [401, 409, 429],
  },
  {
    method: "GET",
    path: "/api/availability",
    summary: "Open arrival windows (Baton Rouge time)",
    access: "public",
    query: availabilityQuerySchema,
    success: {
      status: 200,
      description: "Windows",
      schema: ok({
        timeZone: z.string(),
        from: z.string(),
        days: z.number(),
        windows: z.array(windowJson),
        closures: z.array(z.object({ date: z.string(), reason: z.string() })),
      }),
    },
    refusals: [429],
  },
  {
    method: "POST",
    path: "/api/chat/session",
    summary: "Register the chat widget's conversation id",
    access: "public",
    body: createChatSessionSchema,
    success: {
      status: 201,
      description: "Registered (200 when it was already)",
      schema: ok({ sessionId: z.string(), status: z.string() }),
    },
    refusals: [429],
    storesNothingWhenRefused: true,
  },
  {
    method: "POST",
    path: "/api/chat/{sessionId}/message",
    summary: "A visitor's chat message; the reply comes in the answer (200) or on the socket (202)",
    access: "public",
    params: chatPath,
    body: sendChatMessageSchema,
    success: {
      status: 200,
      description:
        "Stored; the assistant's reply, or null with 202 while it is on its way or staff have the conversation",
      schema: z.looseObject({
        success: z.literal(true),
        userMessage: chatMessageJson,
        assistantMessage: chatMessageJson.nullable(),
        pending: z.boolean(),
        mode: chatMode,
      }),
    },
    refusals: [404, 429],
    storesNothingWhenRefused: true,
  },
  {
    method: "GET",
    path: "/api/chat/{sessionId}/messages",
    summary: "The conversation's latest 50 messages, oldest first",
    access: "public",
    params: chatPath,
    success: {
      status: 200,
      description: "Messages",
      schema: z.looseObject({
        success: z.literal(true),
        sessionId: z.string(),
        mode: chatMode,
        messages: z.array(chatMessageJson),
      }),
    },
    refusals: [404, 429],
  },
  {
    method: "POST",
    path: "/api/chat/{sessionId}/book-appointment",
    summary: "The chat's appointment form: a request in an open arrival window (or a callback for an emergency)",
    access: "public",
    params: chatPath,
    body: appointmentRequestSchema,
    success: {
      status: 201,
      description: "Requested",
      schema: ok({ message, bookingId: z.number().int(), appointmentRequestId: z.number().int() }),
    },
    refusals: [404, 409, 429],
    storesNothingWhenRefused: true,
  },
  {
    method: "GET",
    path: "/api/bookings",
    summary: "Bookings, newest first; the next page's cursor is in the X-Next-Cursor header",
    access: "admin",
    query: bookingListQuerySchema,
    success: { status: 200, description: "An array of bookings", schema: z.array(bookingJson) },
    refusals: [401, 403],
  },
  {
    method: "POST",
    path: "/api/bookings",
    summary: "A new booking for an existing customer",
    access: "admin",
    body: newBookingSchema,
    success: { status: 201, description: "Created", schema: ok({ booking: bookingJson, message }) },
    refusals: [401, 403, 404, 409],
    storesNothingWhenRefused: true,
  },
  {
    method: "PATCH",
    path: "/api/bookings/{id}",
    summary: "Change a booking's status, technician or time",
    access: "admin",
    params: bookingIdParamsSchema,
    body: bookingChangeSchema,
    success: { status: 200, description: "Changed", schema: ok({ booking: bookingJson, message }) },
    refusals: [401, 403, 404, 409],
    storesNothingWhenRefused: true,
  },
  {
    method: "POST",
    path: "/api/bookings/{id}/merge-customer",
    summary:
      "Join the booking's customer record to the oldest other record with the same email (audited; the call is the confirmation; undone from the audit entry for 7 days)",
    access: "admin",
    params: bookingIdParamsSchema,
    success: {
      status: 200,
      description: "Merged",
      schema: ok({
        customerId: z.number().int(),
        mergedCustomerId: z.number().int(),
        auditId: z.number().int(),
        message,
      }),
    },
    refusals: [401, 403, 404, 409],
    storesNothingWhenRefused: true,
  },
  {
    method: "GET",
    path: "/api/bookings/export.csv",
    summary:
      "The bookings list as CSV, newest first, with the list's search, status, priority, customer and scheduled days; streamed up to 20,000 rows, past that 202 and emailed to the asker as a link (docs/decisions/022-exports-that-finish.md)",
    access: "admin",
    query: bookingsExportSchema,
    success: { status: 200, description: "CSV, every cell quoted, streamed", contentType: "text/csv" },
    refusals: [401, 403],
  },
  {
    method: "GET",
    path: "/api/closures",
    summary: "The closed days from today (or `from`) to `to`, each with the visits on it that are not cancelled",
    access: "admin",
    query: closureListQuerySchema,
    success: {
      status: 200,
      description: "Closures in date order",
      schema: ok({
        closures: z.array(
          closureJson.extend({
            addedBy: technicianChoice.nullable(),
            createdAt: isoDateTime,
            visits: z.array(
              z.object({
                id: z.number().int(),
                summary: z.string(),
                status: z.enum(bookingStatuses),
                priority: z.enum(bookingPriorities),
                scheduledDate: isoDateTime,
                customerName: z.string(),
                technicianName: z.string().nullable(),
              }),
            ),
          }),
        ),
      }),
    },
    refusals: [401, 403],
  },
  {
    method: "POST",
    path: "/api/closures",
    summary: "Close a day: no arrival windows are offered on it (409 when it is closed already)",
    access: "admin",
    body: newClosureSchema,
    success: { status: 201, description: "Closed", schema: ok({ closure: closureJson }) },
    refusals: [401, 403, 409],
    storesNothingWhenRefused: true,
  },
  {
    method: "DELETE",
    path: "/api/closures/{date}",
    summary: "Open a closed day again (404 when it is not closed)",
    access: "admin",
    params: closureDateSchema,
    success: { status: 200, description: "Open again", schema: ok({}) },
    refusals: [401, 403, 404],
    storesNothingWhenRefused: true,
  },
  {
    method: "GET",
    path: "/api/price-book",
    summary:
      "The price book (active items first, then by name; `active` filters) and the sales-tax rate in parts per million",
    access: "admin",
    query: priceBookQuerySchema,
    success: {
      status: 200,
      description: "The items and the rate",
      schema: ok({ items: z.array(priceBookItemJson), salesTaxRatePpm }),
    },
    refusals: [401, 403],
  },
  {
    method: "POST",
    path: "/api/price-book",
    summary: "Add an item to the price book (its price in whole cents; audited)",
    access: "admin",
    body: newPriceBookItemSchema,
    success: { status: 201, description: "Added", schema: ok({ item: priceBookItemJson }) },
    refusals: [401, 403],
    storesNothingWhenRefused: true,
  },
  {
    method: "PATCH",
    path: "/api/price-book/{id}",
    summary: "Change a price book item, or deactivate it with `active: false` (audited with from and to)",
    access: "admin",
    params: priceBookItemParamsSchema,
    body: priceBookItemChangeSchema,
    success: { status: 200, description: "Changed", schema: ok({ item: priceBookItemJson }) },
    refusals: [401, 403, 404],
    storesNothingWhenRefused: true,
  },
  {
    method: "GET",
    path: "/api/jobs/{bookingId}/record",
    summary: "A visit's job record: notes, checklist, items added on site, photos (addresses valid ten minutes)",
    access: "staff",
    params: jobParamsSchema,
    success: { status: 200, description: "The record", schema: ok({ record: jobRecordJson }) },
    refusals: [401, 403, 404],
  },
  {
    method: "PATCH",
    path: "/api/jobs/{bookingId}/record",
    summary: "Save a visit's notes, checked checklist items, or both (audited)",
    access: "staff",
    params: jobParamsSchema,
    body: jobRecordChangeSchema,
    success: { status: 200, description: "Saved", schema: ok({ record: jobRecordJson, message }) },
    refusals: [401, 403, 404],
    storesNothingWhenRefused: true,
  },
  {
    method: "POST",
    path: "/api/jobs/{bookingId}/photos",
    summary:
      "Add a photo (JPEG, PNG or WebP, 15 MB at most, 30 a visit): resized, stripped of metadata; the same uploadKey again is the same photo (200)",
    access: "staff",
    params: jobParamsSchema,
    body: photoUploadSchema,
    bodyContentType: "multipart/form-data",
    success: { status: 201, description: "Added", schema: ok({ photo: jobPhotoJson, message }) },
    refusals: [401, 403, 404, 409, 413],
    storesNothingWhenRefused: true,
  },
  {
    method: "DELETE",
    path: "/api/jobs/{bookingId}/photos/{id}",
    summary: "Remove a photo of the visit: its file leaves the store (audited)",
    access: "staff",
    params: jobPhotoParamsSchema,
    success: { status: 200, description: "Removed", schema: ok({ removed: z.literal(true), message }) },
    refusals: [401, 403, 404],
    storesNothingWhenRefused: true,
  },
  {
    method: "POST",
    path: "/api/jobs/{bookingId}/items",
    summary: "Add an item on site: from the price book, or written in with its price in cents (audited)",
    access: "staff",
    params: jobParamsSchema,
    body: newJobItemSchema,
    success: { status: 201, description: "Added", schema: ok({ item: jobItemJson, message }) },
    refusals: [401, 403, 404],
    storesNothingWhenRefused: true,
  },
  {
    method: "DELETE",
    path: "/api/jobs/{bookingId}/items/{id}",
    summary: "Remove an item added on site (audited)",
    access: "staff",
    params: jobItemParamsSchema,
    success: { status: 200, description: "Removed", schema: ok({ removed: z.literal(true), message }) },
    refusals: [401, 403, 404],
    storesNothingWhenRefused: true,
  },
  {
    method: "PUT",
    path: "/api/settings/sales-tax",
    summary:
      "Set the sales-tax rate in parts per million (9.45 % is 94,500); documents made afterwards use it (audited)",
    access: "admin",
    body: salesTaxSchema,
    success: { status: 200, description: "Set", schema: ok({ salesTaxRatePpm }) },
    refusals: [401, 403],
    storesNothingWhenRefused: true,
  },
  {
    method: "GET",
    path: "/api/estimates",
    summary:
      "Estimates, newest first, 25 a page: by status, and by q (a customer as the staff search finds one, or an estimate's number); the next page's cursor in nextCursor",
    access: "admin",
    query: estimateListQuerySchema,
    success: {
      status: 200,
      description: "A page of estimates",
      schema: ok({ estimates: z.array(estimateListRow), nextCursor }),
    },
    refusals: [401, 403],
  },
  {
    method: "POST",
    path: "/api/estimates",
    summary:
      "A draft estimate of a visit (bookingId), or of a customer without a visit (customerId): 1–3 options of 1–30 items (from the price book or written in); totals computed and stored (audited)",
    access: "admin",
    body: newEstimateSchema,
    success: { status: 201, description: "Made", schema: ok({ estimate: estimateJson }) },
    refusals: [401, 403],
    storesNothingWhenRefused: true,
  },
  {
    method: "GET",
    path: "/api/estimates/{id}",
    summary: "An estimate with every option's lines and totals",
    access: "admin",
    params: estimateParamsSchema,
    success: { status: 200, description: "The estimate", schema: ok({ estimate: estimateJson }) },
    refusals: [401, 403, 404],
  },
  {
    method: "PUT",
    path: "/api/estimates/{id}",
    summary:
      "A draft's options (1–3 of 1–30 items) and deposit written anew, priced at the rate in force (audited); what it is for stays; 409 once sent, approved, declined or withdrawn",
    access: "admin",
    params: estimateParamsSchema,
    body: estimateChangesSchema,
    success: { status: 200, description: "Updated", schema: ok({ estimate: estimateJson }) },
    refusals: [401, 403, 404, 409],
    storesNothingWhenRefused: true,
  },
  {
    method: "POST",
    path: "/api/estimates/{id}/send",
    summary:
      "Email the customer the estimate's PDF and a new link to approve it (valid 30 days); a draft becomes sent (audited)",
    access: "admin",
    params: estimateParamsSchema,
    success: { status: 200, description: "Sent", schema: ok({ estimate: estimateJson }) },
    refusals: [401, 403, 404, 409],
    storesNothingWhenRefused: true,
  },
  {
    method: "POST",
    path: "/api/estimates/{id}/void",
    summary:
      "Withdraw a draft or sent estimate: its link says it was withdrawn and the email still owed is dropped (audited)",
    access: "admin",
    params: estimateParamsSchema,
    success: { status: 200, description: "Withdrawn", schema: ok({ estimate: estimateJson }) },
    refusals: [401, 403, 404, 409],
    storesNothingWhenRefused: true,
  },
  {
    method: "GET",
    path: "/api/invoices",
    summary:
      "Invoices, newest first, 25 a page: by status or unpaid (sent or partially paid), and by q (a customer as the staff search finds one, or an invoice's number); the next page's cursor in nextCursor",
    access: "admin",
    query: invoiceListQuerySchema,
    success: {
      status: 200,
      description: "A page of invoices",
      schema: ok({ invoices: z.array(invoiceListRow), nextCursor }),
    },
    refusals: [401, 403],
  },
  {
    method: "POST",
    path: "/api/invoices",
    summary:
      "A draft invoice of a visit (its newest approved estimate and its job-record items) or of an approved estimate; totals computed and stored, the estimate's deposit credited (audited)",
    access: "admin",
    body: newInvoiceSchema,
    success: { status: 201, description: "Made", schema: ok({ invoice: invoiceJson }) },
    refusals: [401, 403, 409],
    storesNothingWhenRefused: true,
  },
  {
    method: "GET",
    path: "/api/invoices/{id}",
    summary: "An invoice with its lines, payments, totals and balance due",
    access: "admin",
    params: invoiceParamsSchema,
    success: { status: 200, description: "The invoice", schema: ok({ invoice: invoiceJson }) },
    refusals: [401, 403, 404],
  },
  {
    method: "POST",
    path: "/api/invoices/{id}/send",
    summary:
      "Email the customer the invoice's PDF and a new link to view and pay it; reminders 7 and 14 days later while a balance is due (audited). Admins, or the technician of the invoice's visit (403 any other)",
    access: "staff",
    params: invoiceParamsSchema,
    success: { status: 200, description: "Sent", schema: ok({ invoice: invoiceJson }) },
    refusals: [401, 403, 404, 409],
    storesNothingWhenRefused: true,
  },
  {
    method: "POST",
    path: "/api/invoices/{id}/payments",
    summary:
      "Record a payment received by hand (cash, check, other) of up to the balance due; the invoice becomes partially paid or paid, the customer is emailed a receipt (audited). Admins, or the technician of the invoice's visit collecting on site (403 any other)",
    access: "staff",
    params: invoiceParamsSchema,
    body: recordPaymentSchema,
    success: {
      status: 201,
      description: "Recorded",
      schema: ok({ payment: paymentJson, invoice: invoicePaymentJson }),
    },
    refusals: [401, 403, 404, 409],
    storesNothingWhenRefused: true,
  },
  {
    method: "POST",
    path: "/api/invoices/{id}/void",
    summary: "Void an invoice with nothing paid; its reminders are cancelled (audited)",
    access: "admin",
    params: invoiceParamsSchema,
    success: { status: 200, description: "Voided", schema: ok({ invoice: invoiceJson }) },
    refusals: [401, 403, 404, 409],
    storesNothingWhenRefused: true,
  },
  {
    method: "POST",
    path: "/api/webhooks/stripe",
    summary:
      "Stripe's events, verified by the Stripe-Signature header over the raw body (400 otherwise); an event without an id, a type or its object, or a Checkout Session's event without the session's id or payment status, is refused (400, nothing recorded); a completed Checkout Session records its payment once",
    access: "public",
    body: stripeEventSchema,
    success: { status: 200, description: "Handled, ignored or already handled", schema: okMessage },
    refusals: [404],
    storesNothingWhenRefused: true,
  },
  {
    method: "POST",
    path: "/api/customers",
    summary: "A new customer",
    access: "admin",
    body: newCustomerSchema,
    success: { status: 201, description: "Created", schema: ok({ customer: customerJson, message }) },
    refusals: [401, 403],
    storesNothingWhenRefused: true,
  },
  {
    method: "GET",
    path: "/api/customers/{id}",
    summary:
      "A customer's record: their details, every visit, newest first, their newest 20 estimates and 20 invoices, and what they owe",
    access: "admin",
    params: customerIdParamsSchema,
    success: {
      status: 200,
      description: "The customer",
      schema: ok({ customer: customerRecordJson, bookings: z.array(bookingJson), ...customerMoneyJson }),
    },
    refusals: [401, 403, 404],
  },
  {
    method: "PATCH",
    path: "/api/customers/{id}",
    summary: "Change a customer's name, email, phone or address (audited with from and to)",
    access: "admin",
    params: customerIdParamsSchema,
    body: customerChangeSchema,
    success: { status: 200, description: "Changed", schema: ok({ customer: customerRecordJson, message }) },
    refusals: [401, 403, 404, 409],
    storesNothingWhenRefused: true,
  },
  {
    method: "GET",
    path: "/api/customers/search",
    summary: "Customers by part of a name or email, or by ids",
    access: "admin",
    query: customerSearchQuerySchema,
    success: { status: 200, description: "An array of customers", schema: z.array(customerJson) },
    refusals: [401, 403],
  },
  {
    method: "GET",
    path: "/api/search",
    summary:
      "Customers, bookings and documents by name (typos forgiven), phone digits, email, address, booking number or an estimate's or invoice's number",
    access: "admin",
    query: searchQuerySchema,
    success: {
      status: 200,
      description:
        "Ten customers, ten bookings and ten documents at most: customers and bookings best first; documents the one a number names, else the customers' found, newest first",
      schema: ok({
        customers: z.array(customerJson.extend({ address: z.string().nullable() })),
        bookings: z.array(
          z.object({
            id: z.number().int(),
            summary: z.string(),
            status: z.enum(bookingStatuses),
            scheduledDate: isoDateTime,
            customerName: z.string(),
          }),
        ),
        documents: z.array(
          z.object({
            kind: z.enum(["estimate", "invoice"]),
            id: z.number().int(),
            number: z.string(),
            status: z.union([estimateStatus, invoiceStatus]),
            customerName: z.string(),
            totalCents: cents,
            maxTotalCents: cents,
            href: z.string(),
          }),
        ),
      }),
    },
    refusals: [401, 403],
  },
  {
    method: "GET",
    path: "/api/push/public-key",
    summary: "The VAPID public key a browser subscribes with",
    access: "staff",
    success: { status: 200, description: "The key", schema: ok({ publicKey: z.string() }) },
    refusals: [401, 403, 404],
  },
  {
    method: "POST",
    path: "/api/push/subscriptions",
    summary: "This device gets the caller's alerts (201 new, 200 saved before)",
    access: "staff",
    body: pushSubscriptionSchema({ extraHosts: [] }),
    success: { status: 201, description: "Subscribed", schema: okMessage },
    refusals: [401, 403, 404],
    storesNothingWhenRefused: true,
  },
  {
    method: "DELETE",
    path: "/api/push/subscriptions",
    summary: "This device stops getting alerts",
    access: "staff",
    body: pushUnsubscribeSchema,
    success: { status: 200, description: "Unsubscribed", schema: ok({ removed: z.boolean(), message }) },
    refusals: [401, 403],
    storesNothingWhenRefused: true,
  },
  {
    method: "GET",
    path: "/api/admin/audit",
    summary: "The newest staff changes",
    access: "admin",
    query: auditQuerySchema,
    success: {
      status: 200,
      description: "Entries",
      schema: ok({
        entries: z.array(z.looseObject({ id: z.number().int(), action: z.string(), createdAt: isoDateTime })),
      }),
    },
    refusals: [401, 403],
  },
  {
    method: "GET",
    path: "/api/admin/calendar-feed",
    summary: "The caller's private calendar feed address, or null",
    access: "admin",
    success: { status: 200, description: "The address", schema: feedUrl },
    refusals: [401, 403],
  },
  {
    method: "POST",
    path: "/api/admin/calendar-feed",
    summary: "A new private calendar feed address (the old one stops working)",
    access: "admin",
    success: { status: 201, description: "The new address", schema: feedUrl },
    refusals: [401, 403],
  },
  {
    method: "DELETE",
    path: "/api/admin/calendar-feed",
    summary: "No calendar feed",
    access: "admin",
    success: { status: 200, description: "Removed", schema: feedUrl },
    refusals: [401, 403],
  },
  {
    method: "GET",
    path: "/api/admin/schedule",
    summary: "A day's arrival windows with the technicians free in each (none on a closed day, which is named)",
    access: "admin",
    query: dayScheduleQuerySchema,
    success: {
      status: 200,
      description: "The day",
      schema: ok({
        date: z.string(),
        closure: closureJson.nullable(),
        technicians: z.array(technicianChoice),
        windows: z.array(windowJson.extend({ freeTechnicians: z.array(technicianChoice) })),
      }),
    },
    refusals: [401, 403],
  },
  {
    method: "GET",
    path: "/api/dispatch",
    summary: "The dispatch board of a day or its week: a lane per active technician, and the visits nobody has",
    access: "admin",
    query: dispatchQuerySchema,
    success: {
      status: 200,
      description: "The board",
      schema: ok({
        date: z.string(),
        view: z.enum(["day", "week"]),
        timeZone: z.string(),
        days: z.array(z.looseObject({ date: z.string(), label: z.string() })),
        technicians: z.array(
          z.object({
            id: z.number().int(),
            name: z.string(),
            workingHours: z.array(
              z.object({
                date: z.string(),
                start: isoDateTime.nullable(),
                end: isoDateTime.nullable(),
                label: z.string(),
              }),
            ),
            visits: z.array(dispatchVisitJson),
          }),
        ),
        unassigned: z.array(dispatchVisitJson),
      }),
    },
    refusals: [401, 403],
  },
  {
    method: "GET",
    path: "/api/admin/stats",
    summary: "The dashboard's figures",
    access: "admin",
    success: {
      status: 200,
      description: "Figures",
      schema: ok({ stats: z.looseObject({ users: z.looseObject({}), bookings: z.looseObject({}) }) }),
    },
    refusals: [401, 403],
  },
  {
    method: "GET",
    path: "/api/reports/money",
    summary:
      "The month's money (estimates sent and approved, invoiced, collected), what is owed now by age, and the oldest unpaid invoices",
    access: "admin",
    query: moneyReportQuerySchema,
    success: {
      status: 200,
      description: "The figures, amounts in whole cents",
      schema: ok({
        month: z.string(),
        estimates: z.object({
          sent: wholeNumber,
          approved: wholeNumber,
          declined: wholeNumber,
          approvalRatePercent: z.number().int().min(0).max(100).nullable(),
        }),
        invoicedCents: cents,
        collectedCents: cents,
        outstandingCents: cents,
        aging: z.array(z.object({ bucket: z.enum(["0-30", "31-60", "61-90", "90+"]), count: wholeNumber, cents })),
        unpaid: z.array(
          z.object({
            id: z.number().int(),
            number: z.string(),
            customerId: z.number().int(),
            customerName: z.string(),
            sentAt: isoDateTime,
            sentDate: z.string(),
            daysOutstanding: wholeNumber,
            totalCents: cents,
            balanceCents: cents,
          }),
        ),
        unpaidCount: wholeNumber,
      }),
    },
    refusals: [401, 403],
  },
  {
    method: "GET",
    path: "/api/payments/export.csv",
    summary:
      "The payments received from one Baton Rouge day to another (this month by default) as CSV: date, invoice or estimate number, customer, method, amount in dollars, reference; streamed up to 20,000 rows, past that 202 and emailed as a link",
    access: "admin",
    query: paymentsExportQuerySchema,
    success: { status: 200, description: "CSV, every cell quoted", contentType: "text/csv" },
    refusals: [401, 403],
  },
  {
    method: "GET",
    path: "/api/admin/users",
    summary: "Every user, newest first, without passwords; q finds part of a name or email, role keeps one role",
    access: "admin",
    query: userListQuerySchema,
    success: { status: 200, description: "Users", schema: ok({ users: z.array(apiUser) }) },
    refusals: [400, 401, 403],
  },
  {
    method: "PATCH",
    path: "/api/admin/users/{userId}/role",
    summary: "Change a user's role (never the caller's own)",
    access: "admin",
    params: userIdParamsSchema,
    body: roleChangeSchema,
    success: { status: 200, description: "Changed", schema: ok({ user: apiUser, message }) },
    refusals: [401, 403, 404, 409],
    storesNothingWhenRefused: true,
  },
];
