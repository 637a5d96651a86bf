import type { AppLoadContext } from "@remix-run/node";
import {
  CONTACT_SUCCESS_MESSAGE,
  contactEmergencyMessage,
  contactMessageSchema,
  HONEYPOT_FIELD,
} from "@app/shared/api/contact";
import { business } from "@app/shared/business";
import { isEmergencyContact } from "@app/shared/emergency-leads";
import { oweEmergencyLeadAlerts } from "@app/shared/emergency-leads.server";
import { inTransaction } from "@app/shared/outbox.server";
import { grantTextConsent } from "@app/shared/texts/consent.server";
import { success, throttled, type Result } from "@app/shared/result";
import { z } from "@app/shared/zod";

/**
 * A stored message's id (null when a bot's was dropped), with the thank-you; for an emergency lead, the
 * answer to call now, with the number to call (`emergencyPhone`).
 */
export type ContactResult = Result<{ message: string; id: number | null; emergency: boolean; emergencyPhone?: string }>;

/**
 * What a contact post is read with, by the page's action and by POST /api/contact alike: the
 * message's fields (contactMessageSchema, as the browser checks them) and the hidden honeypot,
 * which a person leaves empty and a form-filling bot fills in (`true` when it holds any text).
 */
export const contactPostSchema = contactMessageSchema.extend({
  [HONEYPOT_FIELD]: z
    .unknown()
    .optional()
    .transform((value) => typeof value === "string" && value.trim() !== ""),
});

type ContactPost = z.output<typeof contactPostSchema>;

/**
 * A contact message, already read with contactPostSchema: stored with the staff email it owes (an
 * outbox row). Once stored it is never lost: if the queue cannot be reached
 * the visitor still gets success and the worker's sweeper sends the email later.
 */
export async function submitContactMessage(
  context: AppLoadContext,
  { [HONEYPOT_FIELD]: botFilled, ...data }: ContactPost,
  userAgent: string | null,
): Promise<ContactResult> {
  const { services, clientIp, clientNetwork, requestId, logger } = context;

  if (botFilled) {
    // Looks like success to the bot; nothing is stored or sent.
    logger.info({ ip: clientIp }, "contact honeypot filled; dropped");
    return success({ message: CONTACT_SUCCESS_MESSAGE, id: null, emergency: false }, 201);
  }
  const retryAfter = await services.rateLimits.consume("contactPerIp", clientNetwork);
  if (retryAfter !== null) {
    return throttled(
      retryAfter,
      "You have sent several messages in a short time. Please wait a few minutes, or call us.",
    );
  }

  // An emergency lead is heard as an emergency booking is: the banner, a push, an URGENT email, all first in line.
  const emergency = isEmergencyContact(data);
  const stored = await inTransaction(context, async (tx, outbox) => {
    const row = await tx.contactMessage.create({
      data: {
        firstName: data.firstName,
        lastName: data.lastName,
        email: data.email.toLowerCase(),
        phone: data.phone ?? null,
        service: data.service ?? null,
        message: data.message,
        ip: clientIp,
        userAgent: userAgent?.slice(0, 500) ?? null,
        requestId,
        emergency,
      },
      select: { id: true },
    });
    // Only where the box was offered (texts set up), and with a number to text.
    if (data.textConsent && data.phone && services.env.TWILIO)
      await grantTextConsent(tx, data.phone, { source: "contact", network: clientNetwork });
    outbox.add(
      "contact-notification",
      { contactMessageId: row.id, requestId },
      { subject: `contact:${row.id}`, priority: emergency ? 1 : undefined },
    );
    if (emergency) oweEmergencyLeadAlerts(outbox, { kind: "contact", contactMessageId: row.id }, requestId);
    return row;
  });
  if (!emergency) return success({ message: CONTACT_SUCCESS_MESSAGE, id: stored.id, emergency }, 201);
  const message = contactEmergencyMessage(business.phone);
  return success({ message, id: stored.id, emergency, emergencyPhone: business.phone }, 201);
}
