import { UnrecoverableError } from "bullmq";
import type { Agent } from "node:https";
import webpush from "web-push";
import { pushEndpointProblem } from "@app/shared/api/push-services.server";
import type { Prisma } from "@app/shared/db.server";
import type { EmergencyLead } from "@app/shared/emergency-leads";
import { loadEmergencyLead } from "@app/shared/emergency-leads.server";
import { shiftOn } from "@app/shared/calls/on-call.server";
import { priorityNote } from "@app/shared/plans/member-marks";
import { membersAmong } from "@app/shared/plans/members.server";
import type { JobData } from "@app/shared/jobs";
import { formatWindow, windowStartingAt } from "@app/shared/scheduling/windows";
import { businessParts, formatFullDateTime } from "@app/shared/time";
import type { WorkerContext } from "../worker-context";
import { createPushAgent, loopbackAllowance, PushTargetRefused } from "../push-connections";

/**
 * Web Push alerts to staff devices (the `push-alert` job, an outbox
 * notification: docs/decisions/008-notification-outbox.md).
 *
 * - `emergency`: every active admin, every active technician who works on
 *   the weekday of the visit (Baton Rouge time), and whoever is on call (and
 *   their fallback) when it came, whatever the day. A customer who is a member
 *   of a plan giving emergency priority is named so after their name, "Member
 *   (Generator Care): priority" (docs/product.md#plans).
 * - `emergency-lead`: every active admin (a contact message or a chat that is an
 *   emergency; it opens the message, or the conversation, in the inbox).
 * - `assigned`: the technician the visit was given to, while it still is theirs
 *   and not cancelled.
 *
 * Each of their devices (PushSubscription rows) gets one encrypted message,
 * all at once. A device the push service says is gone (404, 410) is deleted.
 *
 * Retrying: a job that reached no device and met a temporary failure (a 5xx,
 * a 429, a network error or time-out) throws, and BullMQ tries again later. A
 * job that reached at least one device does not: a retry would send to every
 * device again, so those that got the alert would get it twice, and the
 * person was alerted already (the booking is also on their pages). What was
 * missed is logged. When every device refused for good (another 4xx, such as
 * a VAPID key the push service does not accept), the job fails without retries
 * and shows as failed on the staff queues page.
 *
 * Where it posts: only to an endpoint on a push service's host
 * (packages/shared/src/api/push-services.server.ts; a device saved before that rule
 * with any other endpoint is deleted), through an agent that connects only to
 * public addresses (../push-connections.ts, docs/decisions/014-push-endpoints.md).
 * A refused target is a failure for good, and the queues page shows only its
 * short reason, never the connection's own error text.
 */

/** Alert payload the service worker shows (web/public/sw.js). A tag starting "emergency-" stays until dismissed. */
interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/** How long a push service keeps an alert for a device that is offline, in seconds. */
const TTL = { emergency: 60 * 60, assigned: 24 * 60 * 60 };
/** How long one request to a push service may take. */
const SEND_TIMEOUT_MS = 10_000;
const TEXT_MAX = 120;

const clip = (text: string, max = TEXT_MAX) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Where an admin acts on the emergency: the booking's own page (customer's phone and address, status, technician). */
const adminBookingUrl = (bookingId: number) => `/admin/bookings/${bookingId}`;
/** A technician's visits. */
const TECHNICIAN_URL = "/jobs";

type Outcome = "sent" | "gone" | "retryable" | "refused";

/** One agent per process (its rules come from the environment, parsed once). */
let agent: { env: WorkerContext["env"]; agent: Agent } | undefined;
function pushAgent(env: WorkerContext["env"]): Agent {
  if (agent?.env !== env) agent = { env, agent: createPushAgent(loopbackAllowance(env)) };
  return agent.agent;
}

/** Who gets an alert, and what each role's devices show. */
interface Alert {
  people: Prisma.UserWhereInput;
  payloadFor: (role: string) => PushPayload;
  urgent: boolean;
}

/** The alert a job owes, or why it owes none any more. */
async function alertOf(ctx: WorkerContext, data: JobData<"push-alert">): Promise<Alert | { skipped: string }> {
  if (data.reason === "emergency-lead") {
    const lead = await loadEmergencyLead(ctx.db, data.lead);
    if (!lead) throw new UnrecoverableError(`emergency lead ${JSON.stringify(data.lead)} not found`);
    // The office calls them back: admins. No visit yet, so no technician's day to match.
    return { people: { isActive: true, role: "admin" }, urgent: true, payloadFor: () => leadPayload(lead) };
  }
  const booking = await ctx.db.booking.findUnique({ where: { id: data.bookingId }, include: { customer: true } });
  if (!booking) throw new UnrecoverableError(`booking ${data.bookingId} not found`);
  if (booking.status === "cancelled") return { skipped: "booking cancelled" };

  if (data.reason === "emergency") {
    // Whoever is on call when it came (docs/product.md#on-call), on a day off or at night too.
    const [shift, members] = await Promise.all([
      shiftOn(ctx.db, booking.createdAt),
      membersAmong(ctx.db, [booking.customerId]),
    ]);
    const member = priorityNote(members.get(booking.customerId));
    return {
      people: {
        isActive: true,
        OR: [
          { role: "admin" as const },
          { role: "technician" as const, workingDays: { has: businessParts(booking.scheduledDate).weekday } },
          ...(shift ? [{ id: { in: [shift.userId, ...(shift.fallbackId ? [shift.fallbackId] : [])] } }] : []),
        ],
      },
      urgent: true,
      payloadFor: (role) => ({
        title: clip(`EMERGENCY: ${booking.summary}`),
        body: clip(
          [booking.customer.name, member, booking.customer.phone, `booking #${booking.id}`].filter(Boolean).join(" · "),
          240,
        ),
        url: role === "admin" ? adminBookingUrl(booking.id) : TECHNICIAN_URL,
        tag: `emergency-${booking.id}`,
      }),
    };
  }
  if (booking.technicianId !== data.technicianId) return { skipped: "no longer assigned to this technician" };
  const window = windowStartingAt(booking.scheduledDate);
  const when = window ? formatWindow(window) : formatFullDateTime(booking.scheduledDate);
  return {
    people: { id: data.technicianId, isActive: true, role: "technician" as const },
    urgent: false,
    payloadFor: () => ({
      title: "New visit assigned",
      body: clip(`${when} · ${booking.summary} · ${booking.address ?? "no address on file"}`, 240),
      url: TECHNICIAN_URL,
      tag: `assigned-${booking.id}`,
    }),
  };
}

/** An emergency lead: who, their phone, what they wrote; it opens the message (or the conversation) in the inbox. */
function leadPayload(lead: EmergencyLead): PushPayload {
  const who = lead.name ?? "a website chat visitor";
  return {
    title: clip(`EMERGENCY: ${lead.kind === "contact" ? "message" : "chat"} from ${who}`),
    body: clip(`${lead.phone ?? "no phone given"} · ${lead.summary}`, 240),
    url: lead.href,
    tag: `emergency-lead-${lead.kind}-${lead.id}`,
  };
}

export async function sendPushAlert(ctx: WorkerContext, data: JobData<"push-alert">): Promise<unknown> {
  const push = ctx.env.PUSH;
  if (!push) return { skipped: "push not configured" };
  const alert = await alertOf(ctx, data);
  if ("skipped" in alert) return alert;

  const devices = await ctx.db.pushSubscription.findMany({
    // A device whose session has expired gets nothing (signing out deleted it already).
    where: { user: alert.people, session: { expiresAt: { gt: new Date() } } },
    select: { id: true, endpoint: true, p256dh: true, auth: true, user: { select: { role: true } } },
  });
  if (!devices.length) return { sent: 0, devices: 0 };
  const { payloadFor } = alert;

  const options: webpush.RequestOptions = {
    vapidDetails: { subject: push.subject, publicKey: push.publicKey, privateKey: push.privateKey },
    TTL: alert.urgent ? TTL.emergency : TTL.assigned,
    urgency: alert.urgent ? "high" : "normal",
    timeout: SEND_TIMEOUT_MS,
    agent: pushAgent(ctx.env),
  };

  const outcomes = await Promise.all(
    devices.map(async (device): Promise<{ outcome: Outcome; detail?: string }> => {
      if (pushEndpointProblem(device.endpoint, ctx.env.PUSH_SERVICE_HOSTS)) {
        // Saved before endpoints were held to the push services' hosts: never sent to, and removed.
        await ctx.db.pushSubscription.deleteMany({ where: { id: device.id } });
        ctx.logger.warn({ subscriptionId: device.id }, "push endpoint not on a push service; device deleted");
        return { outcome: "refused", detail: "endpoint not on a push service (device removed)" };
      }
      // The address as the WHATWG parser (which checked it) writes it, so web-push's parser reads the same host.
      const endpoint = new URL(device.endpoint).href;
      const subscription = { endpoint, keys: { p256dh: device.p256dh, auth: device.auth } };
      try {
        await webpush.sendNotification(subscription, JSON.stringify(payloadFor(device.user.role)), options);
        return { outcome: "sent" };
      } catch (error) {
        const outcome = classify(error);
        const detail = describe(error);
        // The endpoint is a capability: only its host is logged.
        const log = { subscriptionId: device.id, host: hostOf(device.endpoint), err: detail };
        if (outcome === "gone") {
          await ctx.db.pushSubscription.deleteMany({ where: { id: device.id } });
          ctx.logger.info(log, "push subscription gone; deleted");
        } else {
          ctx.logger.warn(log, "push send failed");
        }
        return { outcome, detail };
      }
    }),
  );

  const count = (o: Outcome) => outcomes.filter((r) => r.outcome === o).length;
  const result = {
    reason: data.reason,
    devices: devices.length,
    sent: count("sent"),
    gone: count("gone"),
    failed: count("retryable") + count("refused"),
  };
  if (result.sent === 0 && count("retryable") > 0) {
    const first = outcomes.find((r) => r.outcome === "retryable")?.detail ?? "";
    throw new Error(`push alert reached no device; will retry (${count("retryable")} temporary failures: ${first})`);
  }
  if (result.sent === 0 && count("refused") > 0) {
    const first = outcomes.find((r) => r.outcome === "refused")?.detail ?? "";
    throw new UnrecoverableError(`push alert refused by every push service (${first})`);
  }
  if (result.failed) ctx.logger.warn(result, "push alert reached some devices only");
  return result;
}

/** What a failed send means: the device is gone, try again later, or refused for good. */
function classify(error: unknown): Exclude<Outcome, "sent"> {
  if (error instanceof PushTargetRefused) return "refused";
  if (error instanceof webpush.WebPushError) {
    if (error.statusCode === 404 || error.statusCode === 410) return "gone";
    if (error.statusCode === 429 || error.statusCode >= 500) return "retryable";
    return "refused";
  }
  // Network failures carry a system code (ECONNREFUSED, ECONNRESET, ENOTFOUND, a TLS code); web-push's time-out says so.
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === "string" || message === "Socket timeout") return "retryable";
  return "refused";
}

function describe(error: unknown): string {
  if (error instanceof webpush.WebPushError)
    return `HTTP ${error.statusCode}${error.body ? `: ${clip(error.body, 200)}` : ""}`;
  // A refused target: its short reason only. Other network failures: their code (the message names addresses and ports).
  if (error instanceof PushTargetRefused) return error.message;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === "string") return `network error (${clip(code, 40)})`;
  if (message === "Socket timeout") return "timed out";
  return "send failed";
}

function hostOf(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return "(unreadable endpoint)";
  }
}
