import { recordAudit } from "./audit-log.server";
import { Prisma, type Db } from "./db.server";
import { parseLeadKey } from "./lead-keys";
import { success, type Result } from "./result";
import type { JobData } from "./jobs";
import { inTransaction, type ChangeContext, type Outbox } from "./outbox.server";
import { inboxItemHref, type EmergencyLead } from "./emergency-leads";

/**
 * What an emergency lead owes, in the transaction that stores it (docs/decisions/008-notification-outbox.md):
 * the live banner on every open admin page and a Web Push to admins, both ahead of anything waiting. A
 * contact message's staff email (marked URGENT) is its own `contact-notification`.
 */

export type LeadRef = JobData<"lead-alert">["lead"];

const SUMMARY_MAX = 200;

/** The subject of a lead's notifications (as `contact:<id>` already is for a contact message's email). */
const leadSubject = (lead: LeadRef) =>
  lead.kind === "contact" ? `contact:${lead.contactMessageId}` : `chat:${lead.sessionId}`;

export function oweEmergencyLeadAlerts(outbox: Outbox, lead: LeadRef, requestId?: string): void {
  const options = { subject: leadSubject(lead), priority: 1 };
  outbox.add("lead-alert", { lead, requestId }, options);
  outbox.add("push-alert", { reason: "emergency-lead", lead, requestId }, options);
}

/**
 * A visitor's chat message read as an emergency: the conversation is marked (the inbox flags it
 * red) and staff are alerted, once per conversation (the first such message; the alerts' keys
 * name the conversation). True when this message raised the alert.
 */
export async function raiseChatEmergency(
  context: ChangeContext,
  sessionId: string,
  messageId: string,
  now = new Date(),
): Promise<boolean> {
  return inTransaction(context, async (tx, outbox) => {
    const { count } = await tx.chatSession.updateMany({
      where: { id: sessionId, emergencyAt: null },
      data: { emergencyAt: now },
    });
    if (count === 0) return false;
    oweEmergencyLeadAlerts(outbox, { kind: "chat", sessionId, messageId }, context.requestId);
    return true;
  });
}

const clip = (text: string) => (text.length > SUMMARY_MAX ? `${text.slice(0, SUMMARY_MAX - 1)}…` : text);

/** The lead as staff are shown it; null when its message or conversation is gone. */
export async function loadEmergencyLead(db: Db, lead: LeadRef): Promise<EmergencyLead | null> {
  if (lead.kind === "contact") {
    const contact = await db.contactMessage.findUnique({ where: { id: lead.contactMessageId } });
    if (!contact) return null;
    return {
      kind: "contact",
      id: String(contact.id),
      name: `${contact.firstName} ${contact.lastName}`.trim(),
      phone: contact.phone,
      summary: clip(contact.message),
      receivedAt: contact.createdAt.toISOString(),
      href: inboxItemHref("contact", contact.id),
    };
  }
  const [message, request] = await Promise.all([
    db.chatMessage.findUnique({ where: { id: lead.messageId } }),
    // A visitor who asked for an appointment in the conversation gave a name and phone.
    db.appointmentRequest.findFirst({
      where: { chatSessionId: lead.sessionId },
      orderBy: { id: "desc" },
      select: { customerName: true, customerPhone: true },
    }),
  ]);
  if (!message || message.sessionId !== lead.sessionId) return null;
  return {
    kind: "chat",
    id: lead.sessionId,
    name: request?.customerName ?? null,
    phone: request?.customerPhone ?? null,
    summary: clip(message.message),
    receivedAt: message.createdAt.toISOString(),
    href: inboxItemHref("chat", lead.sessionId),
  };
}

/**
 * Staff dismiss (acknowledge) emergency leads' alerts on the dashboard (docs/product.md#dashboard): each
 * lead still open is marked (`emergencyAcknowledgedAt`), once whoever is first; each dismissal is audited
 * (`lead.emergency_acknowledged`), and every open admin page hears it through the outbox
 * (`lead-acknowledged`: their banners go, their dashboards reload). The lead stays in the inbox until
 * it is handled there. Dismissed already by someone else, nothing is written and the answer says so.
 */
export async function acknowledgeEmergencyLeads(
  context: ChangeContext,
  actor: { id: number; email: string },
  keys: readonly string[],
  now = new Date(),
): Promise<Result<{ acknowledged: number; message: string }>> {
  const leads = keys.flatMap((key) => parseLeadKey(key) ?? []);
  const contactIds = leads.filter((l) => l.kind === "contact").map((l) => Number(l.id));
  const chatIds = leads.filter((l) => l.kind === "chat").map((l) => l.id);
  // A timestamp without zone holding UTC, as Prisma writes them.
  const stamp = Prisma.sql`${now.toISOString().slice(0, 23)}::timestamp(3)`;
  return inTransaction(context, async (tx, outbox) => {
    // Read and marked in one statement each: of two staff dismissing at once, each lead is the first one's.
    const contacts = contactIds.length
      ? await tx.$queryRaw<Array<{ id: number }>>`
          UPDATE "ContactMessage" SET "emergencyAcknowledgedAt" = ${stamp}
           WHERE id IN (${Prisma.join(contactIds)}) AND emergency AND "emergencyAcknowledgedAt" IS NULL
          RETURNING id`
      : [];
    const chats = chatIds.length
      ? await tx.$queryRaw<Array<{ id: string }>>`
          UPDATE "ChatSession" SET "emergencyAcknowledgedAt" = ${stamp}
           WHERE id IN (${Prisma.join(chatIds)}) AND "emergencyAt" IS NOT NULL AND "emergencyAcknowledgedAt" IS NULL
          RETURNING id`
      : [];
    const done = [
      ...contacts.map((c) => ({ kind: "contact" as const, id: String(c.id) })),
      ...chats.map((c) => ({ kind: "chat" as const, id: c.id })),
    ];
    if (done.length === 0) return success({ acknowledged: 0, message: "That alert was dismissed already." });
    for (const lead of done)
      await recordAudit(tx, {
        actor,
        action: "lead.emergency_acknowledged",
        targetType: lead.kind,
        targetId: lead.id,
        details: { of: done.length },
      });
    outbox.add("lead-acknowledged", {
      leads: done.map((l) => `${l.kind}:${l.id}`),
      at: now.getTime(),
      requestId: context.requestId,
    });
    return success({
      acknowledged: done.length,
      message:
        done.length === 1
          ? "Alert dismissed. The message stays in the inbox until it is handled."
          : `${done.length} alerts dismissed. The messages stay in the inbox until they are handled.`,
    });
  });
}
