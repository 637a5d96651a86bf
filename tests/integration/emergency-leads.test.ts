import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTACT_SUCCESS_MESSAGE } from "@app/shared/api/contact";
import { business } from "@app/shared/business";
import { jobKey } from "@app/shared/jobs";
import { api, inLetters, signedInUser } from "../support/accounts";
import { connectAdminSocket, openChatSession } from "../support/chat";
import { notificationSentAt } from "../support/outbox";
import { startPushStandin, type PushStandin, type SubscriptionJson } from "../support/push-standin";
import { postJson, STAFF_EMAIL, startStack, type Stack } from "../support/stack";

/**
 * Every emergency is heard (docs/product.md#contact-page, docs/product.md#chat-assistant): a contact
 * message or a chat that is an emergency owes, through the outbox, the live banner on open admin
 * pages, a Web Push to admins (at the push stand-in) and, for a contact message, an URGENT staff
 * email (at the Resend stand-in); the visitor is told to call now. An emergency request's
 * confirmation says the office is calling and shows no placeholder time.
 */

type Lead = { kind: string; id: string; name: string | null; phone: string | null; summary: string; href: string };

let push: PushStandin;
let stack: Stack;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let device: SubscriptionJson;
let socket: Socket;
const heard: Lead[] = [];

beforeAll(async () => {
  push = await startPushStandin();
  const port = Number(new URL(push.origin).port);
  stack = await startStack({
    name: "emergency",
    env: { NODE_EXTRA_CA_CERTS: push.caFile, PUSH_SERVICE_HOSTS: `127.0.0.1:${port}` },
  });
  admin = await signedInUser(stack.url, stack.db, "admin");
  device = push.subscribe();
  const saved = await api(stack.url, "POST", "/api/push/subscriptions", admin.token, device);
  expect(saved.status, saved.text).toBe(201);
  socket = await connectAdminSocket(stack.url, admin.token);
  socket.on("lead:emergency", (payload: { lead: Lead }) => heard.push(payload.lead));
});
afterAll(async () => {
  socket?.disconnect();
  await stack?.stop();
  await push?.close();
});

const pushesTagged = (tag: string) =>
  push.list(device.endpoint).filter((p) => (p.payload as { tag?: string }).tag === tag);

async function waitUntil(check: () => boolean, what: string, timeoutMs = 15_000) {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const contact = (patch: Record<string, unknown>) => ({
  firstName: "Odile",
  lastName: `Guidry ${inLetters(Date.now().toString(36))}`,
  email: "odile@example.com",
  phone: "(225) 555-0199",
  message: "Please call me about a new circuit for the garage.",
  ...patch,
});

describe("a contact message that is an emergency", () => {
  it.each([
    ["its service is Emergency", { service: "emergency", message: "Please call me back." }],
    ["its words read as one", { service: "residential", message: "Sparks coming from the outlet in the kitchen" }],
  ])(
    "is an emergency lead when %s: banner, push, URGENT email, and the visitor is told to call now",
    async (_, patch) => {
      const sent = contact(patch);
      const res = await postJson(`${stack.url}/api/contact`, sent);
      expect(res.status, res.text).toBe(201);
      expect(res.json).toEqual({
        success: true,
        id: expect.any(Number),
        emergency: true,
        emergencyPhone: business.phone,
        message: expect.stringContaining(`call our emergency line now at ${business.phone}`),
      });
      expect(res.json.message).not.toMatch(/24 hours/);
      const id: number = res.json.id;
      expect(await stack.db.contactMessage.findUniqueOrThrow({ where: { id } })).toMatchObject({ emergency: true });

      // Owed in the message's transaction, ahead of anything waiting.
      const lead = { kind: "contact" as const, contactMessageId: id };
      const rows = await stack.db.outbox.findMany({ where: { subject: `contact:${id}` }, orderBy: { key: "asc" } });
      expect(rows.map((r) => [r.key, r.priority])).toEqual([
        [jobKey("contact-notification", { contactMessageId: id }), 1],
        [jobKey("lead-alert", { lead }), 1],
        [jobKey("push-alert", { reason: "emergency-lead", lead }), 1],
      ]);

      const name = `${sent.firstName} ${sent.lastName}`;
      const href = `/admin/inbox?item=contact%3A${id}`;
      await waitUntil(() => heard.some((l) => l.kind === "contact" && l.id === String(id)), "the live banner's event");
      expect(heard.find((l) => l.id === String(id))).toEqual({
        kind: "contact",
        id: String(id),
        name,
        phone: sent.phone,
        summary: sent.message,
        receivedAt: expect.any(String),
        href,
      });

      const tag = `emergency-lead-contact-${id}`;
      await push.waitFor(() => pushesTagged(tag).length > 0);
      expect(pushesTagged(tag)[0]!.payload).toEqual({
        title: `EMERGENCY: message from ${name}`,
        body: `${sent.phone} · ${sent.message}`,
        url: href,
        tag,
      });
      expect(pushesTagged(tag)[0]!.headers).toMatchObject({ urgency: "high" });

      const emails = await stack.mail.waitFor((all) => all.some((e) => e.text?.includes(sent.message)));
      const email = emails.find((e) => e.text?.includes(sent.message) && e.to.includes(STAFF_EMAIL))!;
      expect(email.subject).toMatch(new RegExp(`^URGENT: EMERGENCY contact message from ${name}`));
      expect(email.text).toContain(`EMERGENCY: call ${name} at ${sent.phone} now.`);
      expect(email.text).toContain(`${href}`);
      for (const kind of ["lead-alert", "push-alert"] as const)
        await expect
          .poll(() =>
            kind === "lead-alert"
              ? notificationSentAt(stack.db, kind, { lead })
              : notificationSentAt(stack.db, kind, { reason: "emergency-lead", lead }),
          )
          .not.toBeNull();
      expect(pushesTagged(tag)).toHaveLength(1);
    },
  );

  it("leaves an ordinary message as it was: the 24-hour answer, a plain email, no alert", async () => {
    const sent = contact({ service: "generator", message: "A quote for a standby generator, whenever suits." });
    const res = await postJson(`${stack.url}/api/contact`, sent);
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      success: true,
      id: expect.any(Number),
      emergency: false,
      message: CONTACT_SUCCESS_MESSAGE,
    });
    const id: number = res.json.id;
    const emails = await stack.mail.waitFor((all) => all.some((e) => e.text?.includes(sent.message)));
    const email = emails.find((e) => e.text?.includes(sent.message))!;
    expect(email.subject).toBe(`New contact message from ${sent.firstName} ${sent.lastName} (generator)`);
    const rows = await stack.db.outbox.findMany({ where: { subject: `contact:${id}` } });
    expect(rows.map((r) => [r.kind, r.priority])).toEqual([["contact-notification", null]]);
    expect(await stack.db.contactMessage.findUniqueOrThrow({ where: { id } })).toMatchObject({ emergency: false });
    expect(heard.some((l) => l.kind === "contact" && l.id === String(id))).toBe(false);
  });
});

describe("a chat message that is an emergency", () => {
  it("alerts staff once per conversation, with a link to take it over; the reply gives the phone number first", async () => {
    const sessionId = await openChatSession(stack.url);
    const first = await postJson(`${stack.url}/api/chat/${sessionId}/message`, {
      message: "Sparks coming from the outlet",
    });
    expect(first.status, first.text).toBe(200);
    expect(first.json.intent).toBe("emergency");
    expect(first.json.message).toMatch(new RegExp(`^Call ${business.phone.replace(/[()]/g, "\\$&")} now`));
    const session = await stack.db.chatSession.findUniqueOrThrow({ where: { id: sessionId } });
    expect(session.emergencyAt).not.toBeNull();

    const second = await postJson(`${stack.url}/api/chat/${sessionId}/message`, {
      message: "Now there's smoke coming from the wall and a burning smell",
    });
    expect(second.status).toBe(200);
    expect(second.json.intent).toBe("emergency");

    const href = `/admin/inbox?item=chat%3A${sessionId}`;
    const tag = `emergency-lead-chat-${sessionId}`;
    await waitUntil(() => heard.some((l) => l.id === sessionId), "the chat's banner event");
    await push.waitFor(() => pushesTagged(tag).length > 0);
    expect(heard.find((l) => l.id === sessionId)).toMatchObject({
      kind: "chat",
      name: null,
      phone: null,
      summary: "Sparks coming from the outlet",
      href,
    });
    expect(pushesTagged(tag)[0]!.payload).toMatchObject({
      title: "EMERGENCY: chat from a website chat visitor",
      url: href,
    });
    // The second emergency message owed nothing more: one row of each, one banner, one push.
    const rows = await stack.db.outbox.findMany({ where: { subject: `chat:${sessionId}` } });
    expect(rows.map((r) => r.kind).sort()).toEqual(["lead-alert", "push-alert"]);
    await new Promise((r) => setTimeout(r, 500));
    expect(heard.filter((l) => l.id === sessionId)).toHaveLength(1);
    expect(pushesTagged(tag)).toHaveLength(1);

    // The link opens the conversation in the inbox, with Take over.
    const page = await fetch(`${stack.url}${href}`, { headers: admin.auth });
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain("Emergency in this conversation");
    expect(html).toMatch(/<button[^>]*value="take-over"/);
  });

  it("a calm conversation alerts nobody", async () => {
    const sessionId = await openChatSession(stack.url);
    const res = await postJson(`${stack.url}/api/chat/${sessionId}/message`, { message: "What are your hours?" });
    expect(res.status).toBe(200);
    expect((await stack.db.chatSession.findUniqueOrThrow({ where: { id: sessionId } })).emergencyAt).toBeNull();
    expect(await stack.db.outbox.count({ where: { subject: `chat:${sessionId}` } })).toBe(0);
  });
});

describe("an emergency request's confirmation", () => {
  it("says the office is calling now, with the emergency line, and shows no placeholder time", async () => {
    const sessionId = await openChatSession(stack.url);
    const email = `emergency${Date.now()}@example.com`;
    const res = await postJson(`${stack.url}/api/chat/${sessionId}/book-appointment`, {
      customerName: "Lucien Broussard",
      customerPhone: "(225) 555-0911",
      customerEmail: email,
      serviceType: "Emergency Electrical Service",
      priority: "emergency",
      description: "Smoke from the breaker box",
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json.message).toContain("our office is calling you now at (225) 555-0911");
    expect(res.json.message).toContain(business.phone);
    expect(res.json.message).not.toMatch(/24 hours|alerted|9:00/);

    const [confirmation] = await stack.mail.waitFor((all) => all.some((e) => e.to.includes(email)));
    const sent = stack.mail.list(email)[0] ?? confirmation!;
    expect(sent.subject).toMatch(/^Emergency request received: our office is calling you now/);
    for (const body of [sent.text!, sent.html!]) {
      expect(body).toContain("our office is calling you now");
      expect(body).toContain(business.phone);
      expect(body).not.toMatch(/Requested time|24 hours|9:00 AM/);
    }
    expect(sent.attachments ?? []).toEqual([]);

    const booking = await stack.db.booking.findUniqueOrThrow({ where: { id: res.json.bookingId } });
    const staff = await stack.mail.waitFor((all) => all.some((e) => e.subject.includes(`#${booking.id}:`)));
    expect(staff.find((e) => e.subject.includes(`#${booking.id}:`))!.subject).toMatch(/^URGENT: EMERGENCY booking/);
  });
});
