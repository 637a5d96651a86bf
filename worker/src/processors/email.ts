import { UnrecoverableError } from "bullmq";
import {
  appointmentConfirmationEmail,
  bookingCancelledEmail,
  bookingStaffEmail,
  contactNotificationEmail,
  emailVerificationEmail,
  passwordResetEmail,
} from "@app/shared/email/templates";
import { appointmentInvite } from "@app/shared/ics.server";
import type { JobData } from "@app/shared/jobs";
import { tokenSealKeys } from "@app/shared/keys.server";
import { unsealToken } from "@app/shared/tokens.server";
import { takeVisitorEmailPlace, type WorkerContext } from "../worker-context";

/**
 * Email jobs. Each is an outbox notification: the worker runs it only while
 * its outbox row is owed, and records it sent afterwards (worker/src/index.ts).
 * Each sends with an idempotency key made from what it is about, so a worker
 * killed between sending and recording retries with the same key, and the
 * provider does not deliver twice.
 */

export async function sendContactNotification(ctx: WorkerContext, data: JobData<"contact-notification">) {
  const contact = await ctx.db.contactMessage.findUnique({ where: { id: data.contactMessageId } });
  if (!contact) throw new UnrecoverableError(`contact message ${data.contactMessageId} not found`);
  const email = contactNotificationEmail(contact, ctx.env.APP_URL);
  return ctx.mailer.send({
    ...email,
    to: ctx.env.STAFF_EMAIL,
    replyTo: contact.email,
    kind: "contact-notification",
    relatedKey: `contact:${contact.id}`,
  });
}

/**
 * A password-reset or email-verification link. The row holds the token sealed
 * until this email is sent (then only its hash remains), so a retry after a
 * crash sends the same link, under the same idempotency key.
 */
export async function sendAccountLink(ctx: WorkerContext, data: JobData<"account-link">) {
  const row = await ctx.db.accountToken.findUnique({ where: { id: data.accountTokenId }, include: { user: true } });
  if (!row) throw new UnrecoverableError(`account token ${data.accountTokenId} not found`);
  if (row.usedAt || row.expiresAt < new Date() || !row.sealedToken) return { skipped: "expired or used" };
  const token = unsealToken(row.sealedToken, tokenSealKeys(ctx.env));
  if (!token)
    throw new UnrecoverableError(`account token ${row.id} cannot be opened with the configured SESSION_SECRET`);
  // The name the registrant typed goes only to an address its owner proved (docs/security.md).
  const proved = row.user.emailVerifiedAt !== null && row.user.email === row.email;
  const email =
    row.purpose === "password_reset"
      ? passwordResetEmail({
          firstName: proved ? row.user.firstName : null,
          resetUrl: `${ctx.env.APP_URL}/login?token=${encodeURIComponent(token)}`,
        })
      : emailVerificationEmail({
          verifyUrl: `${ctx.env.APP_URL}/verify-email?token=${encodeURIComponent(token)}`,
        });
  const kind = row.purpose === "password_reset" ? "password-reset" : "email-verification";
  const result = await ctx.mailer.send({ ...email, to: row.email, kind, relatedKey: `account-link:${row.id}` });
  // Sent: from now on the database holds only the token's hash.
  await ctx.db.accountToken.update({ where: { id: row.id }, data: { sealedToken: null } });
  return result;
}

export async function sendBookingStaffNotification(ctx: WorkerContext, data: JobData<"booking-staff-notification">) {
  const booking = await ctx.db.booking.findUnique({ where: { id: data.bookingId }, include: { customer: true } });
  if (!booking) throw new UnrecoverableError(`booking ${data.bookingId} not found`);
  const email = bookingStaffEmail(booking, ctx.env.APP_URL);
  return ctx.mailer.send({
    ...email,
    to: ctx.env.STAFF_EMAIL,
    kind: "booking-staff-notification",
    relatedKey: `booking:${booking.id}`,
  });
}

export async function sendAppointmentConfirmation(ctx: WorkerContext, data: JobData<"appointment-confirmation">) {
  const request = await ctx.db.appointmentRequest.findUnique({
    where: { id: data.appointmentRequestId },
    include: { booking: true },
  });
  if (!request) throw new UnrecoverableError(`appointment request ${data.appointmentRequestId} not found`);
  // Every request is made with its visit (docs/product.md#chat-assistant); one whose booking row was deleted since
  // has no visit, and no number, to confirm.
  if (!request.booking) return { skipped: "the request's visit no longer exists" };
  // An emergency has no time until staff place it (then it gets its visit confirmation): its placeholder is
  // never shown, nor put in a calendar file (docs/product.md#emails).
  const scheduledDate = request.priority === "emergency" ? null : request.booking.scheduledDate;
  // Only fields from fixed lists, never what the visitor typed (see appointmentConfirmationEmail).
  const fixed = { visitId: request.booking.id, serviceType: request.serviceType, priority: request.priority };
  const email = appointmentConfirmationEmail({ ...fixed, scheduledDate });
  await takeVisitorEmailPlace(ctx, data);
  return ctx.mailer.send({
    ...email,
    to: request.customerEmail,
    kind: "appointment-confirmation",
    relatedKey: `appointment:${request.id}`,
    // The requested visit as a calendar event the visitor can add with one tap.
    attachments: scheduledDate
      ? [
          {
            filename: "appointment.ics",
            contentType: "text/calendar; charset=utf-8; method=PUBLISH",
            content: appointmentInvite(
              { serviceType: request.serviceType, scheduledDate, bookingId: request.booking.id },
              { appUrl: ctx.env.APP_URL },
            ),
          },
        ]
      : undefined,
  });
}

/** To staff: a customer cancelled a booking from the portal (one email per cancellation). */
export async function sendBookingCancelledNotification(
  ctx: WorkerContext,
  data: JobData<"booking-cancelled-notification">,
) {
  const booking = await ctx.db.booking.findUnique({ where: { id: data.bookingId }, include: { customer: true } });
  if (!booking) throw new UnrecoverableError(`booking ${data.bookingId} not found`);
  if (booking.status !== "cancelled") return { skipped: "no longer cancelled" };
  // One email per cancellation (the provider's idempotency key is made from this).
  const relatedKey = `booking-cancelled:${booking.id}:${data.cancelledAt}`;
  const email = bookingCancelledEmail(booking, ctx.env.APP_URL);
  return ctx.mailer.send({ ...email, to: ctx.env.STAFF_EMAIL, kind: "booking-cancelled-notification", relatedKey });
}
