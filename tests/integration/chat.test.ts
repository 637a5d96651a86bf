import ical from "node-ical";
import { io } from "socket.io-client";
import { connectSocket, joinChat, newChatSessionId, openChatSession } from "../support/chat";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { business } from "@app/shared/business";
import { postJson, STAFF_EMAIL, startStack, type Stack } from "../support/stack";

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ name: "chat" });
});
afterAll(async () => {
  await stack?.stop();
});

const newSessionId = newChatSessionId;
const openSession = (ip?: string) => openChatSession(stack.url, ip);
const connect = () => connectSocket(stack.url);
const join = joinChat;

describe("POST /api/chat/session", () => {
  it("stores a client id once and answers its status", async () => {
    const sessionId = newSessionId();
    const first = await postJson(`${stack.url}/api/chat/session`, { sessionId, status: "active" });
    expect(first.status).toBe(201);
    expect(first.json).toEqual({ success: true, sessionId, status: "active" });
    const again = await postJson(`${stack.url}/api/chat/session`, { sessionId, status: "active" });
    expect(again.status).toBe(200);
    expect(await stack.db.chatSession.count({ where: { id: sessionId } })).toBe(1);
  });

  it.each([["no prefix"], ["chat_"], ["chat_<script>"], [""]])("refuses the id %j", async (sessionId) => {
    const res = await postJson(`${stack.url}/api/chat/session`, { sessionId });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ success: false, errors: { sessionId: expect.any(String) } });
  });
});

describe("POST /api/chat/:sessionId/message", () => {
  it("answers with the stored reply, its intent and at most three actions", async () => {
    const sessionId = await openSession();
    const res = await postJson(`${stack.url}/api/chat/${sessionId}/message`, {
      sender: "user",
      message: "what are your hours on saturday?",
      messageType: "text",
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      success: true,
      userMessage: { sender: "user", message: "what are your hours on saturday?" },
      assistantMessage: { sender: "assistant", metadata: { intent: "hours" } },
      intent: "hours",
    });
    expect(res.json.message).toBe(res.json.assistantMessage.message);
    for (const h of business.hours) expect(res.json.message).toContain(h.hours);
    expect(res.json.suggestedActions.length).toBeLessThanOrEqual(3);
    const stored = await stack.db.chatMessage.findMany({ where: { sessionId }, orderBy: { createdAt: "asc" } });
    expect(stored.map((m) => m.sender)).toEqual(["user", "assistant"]);
  });

  it("puts the phone number first for an emergency", async () => {
    const sessionId = await openSession();
    const res = await postJson(`${stack.url}/api/chat/${sessionId}/message`, {
      message: "my outlet is sparking and smells like burning",
    });
    expect(res.json.intent).toBe("emergency");
    const firstSentence = res.json.message.split(/(?<=[.!?])\s/)[0];
    expect(firstSentence).toContain(business.phone);
  });

  it("refuses blank, oversized and unknown-session messages without a 5xx", async () => {
    const sessionId = await openSession();
    const blank = await postJson(`${stack.url}/api/chat/${sessionId}/message`, { message: "   " });
    expect(blank.status).toBe(400);
    expect(blank.json).toMatchObject({ success: false, errors: { message: expect.any(String) } });
    const huge = await postJson(`${stack.url}/api/chat/${sessionId}/message`, { message: "x".repeat(1001) });
    expect(huge.status).toBe(400);
    const unknown = await postJson(`${stack.url}/api/chat/${newSessionId()}/message`, { message: "hello" });
    expect(unknown.status).toBe(404);
    const malformed = await postJson(`${stack.url}/api/chat/not-a-session/message`, { message: "hello" });
    expect(malformed.status).toBe(404);
    const badJson = await postJson(`${stack.url}/api/chat/${sessionId}/message`, null, { raw: "{nope" });
    expect(badJson.status).toBe(400);
    expect(await stack.db.chatMessage.count({ where: { sessionId } })).toBe(0);
  });

  it("limits how fast one conversation can send", async () => {
    const sessionId = await openSession();
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++)
      statuses.push((await postJson(`${stack.url}/api/chat/${sessionId}/message`, { message: `hi ${i}` })).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.slice(-1)).toEqual([429]);
  });
});

describe("GET /api/chat/:sessionId/messages", () => {
  it("reads the conversation back, oldest first, as the socket sends it; 404 for an unknown one", async () => {
    const sessionId = await openSession();
    expect(await fetch(`${stack.url}/api/chat/${sessionId}/messages`).then((r) => r.json())).toEqual({
      success: true,
      sessionId,
      messages: [],
      mode: "assistant",
    });
    const first = await postJson(`${stack.url}/api/chat/${sessionId}/message`, { message: "do you serve Walker?" });
    const second = await postJson(`${stack.url}/api/chat/${sessionId}/message`, { message: "thanks!" });
    const res = await fetch(`${stack.url}/api/chat/${sessionId}/messages`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.messages.map((m: { id: string }) => m.id)).toEqual([
      first.json.userMessage.id,
      first.json.assistantMessage.id,
      second.json.userMessage.id,
      second.json.assistantMessage.id,
    ]);
    expect(body.messages[1]).toMatchObject({
      sender: "assistant",
      message: first.json.message,
      metadata: { intent: "service_area" },
    });
    expect(body.messages[1].metadata.suggestedActions).toEqual(first.json.suggestedActions);

    for (const path of [`/api/chat/${newSessionId()}/messages`, "/api/chat/not-a-session/messages"]) {
      const missing = await fetch(`${stack.url}${path}`);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toMatchObject({ success: false, message: "Chat session not found" });
    }
    expect((await fetch(`${stack.url}/api/chat/${sessionId}/messages`, { method: "POST" })).status).toBe(405);
  });
});

describe("the reply streamed over socket.io", () => {
  it("sends typing, then deltas, then the stored message, to that conversation only", async () => {
    const sessionId = await openSession();
    const otherId = await openSession();
    const socket = await connect();
    const other = await connect();
    try {
      expect(await join(socket, sessionId)).toEqual({ ok: true });
      expect(await join(other, otherId)).toEqual({ ok: true });
      type Payload = {
        sessionId?: string;
        delta?: string;
        messageId?: string;
        message?: { id: string; message: string };
      };
      const events: Array<{ type: string; payload: Payload }> = [];
      for (const type of ["chat:typing", "chat:delta", "chat:message"])
        socket.on(type, (payload) => events.push({ type, payload }));
      const leaked: unknown[] = [];
      for (const type of ["chat:typing", "chat:delta", "chat:message"])
        other.on(type, (payload) => leaked.push(payload));

      const res = await postJson(`${stack.url}/api/chat/${sessionId}/message`, {
        message: "do you do panel upgrades in Denham Springs?",
      });
      expect(res.status).toBe(200);
      await expect.poll(() => events.some((e) => e.type === "chat:message")).toBe(true);

      const types = events.map((e) => e.type);
      expect(types[0]).toBe("chat:typing");
      const firstFinal = types.indexOf("chat:message");
      const deltas = events.filter((e) => e.type === "chat:delta");
      expect(deltas.length).toBeGreaterThan(1);
      expect(types.lastIndexOf("chat:delta")).toBeLessThan(firstFinal);
      const final = events[firstFinal]!.payload;
      expect(final.sessionId).toBe(sessionId);
      expect(final.message).toMatchObject({ id: res.json.assistantMessage.id, sender: "assistant" });
      expect(deltas.map((d) => d.payload.delta).join("")).toBe(final.message?.message);
      expect(new Set(deltas.map((d) => d.payload.messageId))).toEqual(new Set([final.message?.id]));
      expect(leaked).toEqual([]);
    } finally {
      socket.disconnect();
      other.disconnect();
    }
  });

  it("joins a room only with an exact, existing session id", async () => {
    const socket = await connect();
    try {
      expect(await join(socket, newSessionId())).toMatchObject({ ok: false });
      expect(await join(socket, "chat:*")).toMatchObject({ ok: false });
      expect(await new Promise((resolve) => socket.emit("chat:join", "not an object", resolve))).toMatchObject({
        ok: false,
      });
    } finally {
      socket.disconnect();
    }
  });

  it("refuses sockets opened from another site's pages", async () => {
    const socket = io(stack.url, {
      transports: ["websocket"],
      reconnection: false,
      extraHeaders: { Origin: "https://evil.example" },
    });
    const outcome = await new Promise<string>((resolve) => {
      socket.on("connect", () => resolve("connected"));
      socket.on("connect_error", () => resolve("refused"));
    });
    socket.disconnect();
    expect(outcome).toBe("refused");
  });
});

describe("POST /api/chat/:sessionId/book-appointment", () => {
  const appointment = {
    customerName: "Clarice Fontenot",
    customerPhone: "(225) 555-0190",
    customerEmail: "Clarice@Example.com",
    serviceType: "Panel Upgrade",
    address: "1200 Florida Blvd, Walker",
    preferredTiming: "weekday mornings",
    priority: "urgent",
    description: "Breakers trip when the dryer runs.",
  };

  it("creates the customer and a pending booking, emails staff and confirms to the visitor", async () => {
    const sessionId = await openSession();
    const res = await postJson(`${stack.url}/api/chat/${sessionId}/book-appointment`, appointment);
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ success: true, message: expect.stringContaining("within 24 hours") });

    const booking = await stack.db.booking.findUniqueOrThrow({
      where: { id: res.json.bookingId },
      include: { customer: true },
    });
    expect(booking).toMatchObject({ status: "pending", priority: "high", summary: "Panel Upgrade", source: "chat" });
    expect(booking.customer).toMatchObject({
      name: "Clarice Fontenot",
      email: "clarice@example.com",
      phone: "(225) 555-0190",
    });
    expect(booking.details).toContain("1200 Florida Blvd, Walker");
    expect(booking.details).toContain("weekday mornings");
    expect(booking.details).toContain("Breakers trip when the dryer runs.");
    // The request stays tied to its chat session (the core is shared with the customer portal, which has none).
    const request = await stack.db.appointmentRequest.findUniqueOrThrow({
      where: { id: res.json.appointmentRequestId },
    });
    expect(request).toMatchObject({
      chatSessionId: sessionId,
      bookingId: booking.id,
      customerEmail: "clarice@example.com",
    });

    // Staff see it, pending, in the bookings list and in its month of the calendar.
    const { signedInUser } = await import("../support/accounts");
    const office = await signedInUser(stack.url, stack.db, "admin");
    const list = await fetch(`${stack.url}/api/bookings?status=pending&limit=100`, { headers: office.auth }).then((r) =>
      r.json(),
    );
    expect(list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: booking.id, status: "pending", summary: "Panel Upgrade" }),
      ]),
    );
    const month = booking.scheduledDate.toLocaleDateString("en-CA", { timeZone: "America/Chicago" }).slice(0, 7);
    const calendar = await fetch(`${stack.url}/admin/calendar?month=${month}`, { headers: office.auth }).then((r) =>
      r.text(),
    );
    expect(calendar).toContain("Panel Upgrade");

    await stack.mail.waitFor((all) =>
      all.some((e) => e.to.includes(STAFF_EMAIL) && e.subject.includes(`#${booking.id}`)),
    );
    const confirmation = await stack.mail.waitFor((all) => all.some((e) => e.to.includes("clarice@example.com")));
    const confirmationEmail = confirmation.find((e) => e.to.includes("clarice@example.com"))!;
    expect(confirmationEmail.text).toContain("Panel Upgrade");
    // The requested visit comes as a calendar attachment.
    const invite = Buffer.from(confirmationEmail.attachments![0]!.content, "base64").toString("utf8");
    const event = Object.values(ical.sync.parseICS(invite)).find((e) => e?.type === "VEVENT") as ical.VEvent;
    expect(new Date(event.start).toISOString()).toBe(booking.scheduledDate.toISOString());
    expect(String(event.summary)).toContain("Panel Upgrade");

    // The same email again is a lead of its own: a typed address never joins an existing customer (staff merge; see identity.test.ts).
    const again = await postJson(`${stack.url}/api/chat/${sessionId}/book-appointment`, {
      ...appointment,
      priority: "emergency",
      serviceType: "Emergency Electrical Service",
    });
    expect(again.status).toBe(201);
    const second = await stack.db.booking.findUniqueOrThrow({ where: { id: again.json.bookingId } });
    expect(second).toMatchObject({ priority: "emergency" });
    expect(second.customerId).not.toBe(booking.customerId);
    const urgent = await stack.mail.waitFor((all) => all.some((e) => e.subject.includes(`#${second.id}`)));
    expect(urgent.find((e) => e.subject.includes(`#${second.id}`))!.subject).toMatch(/^URGENT/);
  });

  it("one visit, one number: the chat's reply, the customer's email and the staff's pages all name it by its booking", async () => {
    const { signedInUser } = await import("../support/accounts");
    await signedInUser(stack.url, stack.db, "technician"); // someone to work the windows
    const office = await signedInUser(stack.url, stack.db, "admin");
    const from = new Date(Date.now() + 3 * 86400_000).toLocaleDateString("en-CA", { timeZone: "America/Chicago" });
    const open = await fetch(`${stack.url}/api/availability?from=${from}&days=14`).then((r) => r.json());
    const windowStart = (open.windows as Array<{ start: string; available: number }>).find(
      (w) => w.available > 0,
    )!.start;
    const tag = `${Date.now()}.${Math.random().toString(36).slice(2, 8)}`;
    // Bookings staff made keep the bookings' numbers ahead of the requests', so the two can be told apart.
    const holder = await stack.db.customer.create({
      data: { name: "Number Holder", email: `holder.${tag}@example.com`, phone: "(225) 555-0100" },
    });
    await stack.db.booking.createMany({
      data: Array.from({ length: 3 }, () => ({ customerId: holder.id, summary: "Held", scheduledDate: new Date() })),
    });

    // A window chosen (the visit's confirmation) and none (the "request received" email): both name the visit.
    for (const [kind, extra] of [
      ["window", { windowStart }],
      ["request", {}],
    ] as const) {
      const email = `one.number.${kind}.${tag}@example.com`;
      const res = await postJson(`${stack.url}/api/chat/${await openSession()}/book-appointment`, {
        ...appointment,
        customerEmail: email,
        priority: "normal",
        ...extra,
      });
      expect(res.status, res.text).toBe(201);
      const number = `#${res.json.bookingId}`;
      expect(res.json.bookingId).not.toBe(res.json.appointmentRequestId);
      expect(res.json.message).toMatch(new RegExp(`^Visit ${number}: Panel Upgrade, `));

      const sent = await stack.mail.waitFor((all) => all.some((e) => e.to.includes(email)));
      const confirmation = sent.find((e) => e.to.includes(email))!;
      expect(confirmation.text, kind).toContain(`Visit: ${number}`);
      const invite = Buffer.from(confirmation.attachments![0]!.content, "base64").toString("utf8");
      expect(invite).toContain(`Visit ${number}`);

      const staffPage = await fetch(`${stack.url}/admin/bookings/${res.json.bookingId}`, { headers: office.auth });
      expect(staffPage.status).toBe(200);
      expect((await staffPage.text()).replaceAll("<!-- -->", "")).toContain(`Booking ${number}`);
      const search = await fetch(`${stack.url}/api/search?q=${encodeURIComponent(number)}`, { headers: office.auth });
      expect(((await search.json()).bookings as Array<{ id: number }>)[0]?.id).toBe(res.json.bookingId);
    }
  });

  it("places a chosen date and slot in Baton Rouge time, and refuses a past date", async () => {
    const sessionId = await openSession();
    const future = new Date(Date.now() + 5 * 86400_000).toISOString().slice(0, 10);
    const res = await postJson(`${stack.url}/api/chat/${sessionId}/book-appointment`, {
      ...appointment,
      preferredDate: future,
      preferredTime: "14:00",
    });
    expect(res.status).toBe(201);
    const booking = await stack.db.booking.findUniqueOrThrow({ where: { id: res.json.bookingId } });
    expect(
      booking.scheduledDate.toLocaleString("en-US", { timeZone: "America/Chicago", hour: "numeric", hour12: false }),
    ).toBe("14");

    const past = await postJson(`${stack.url}/api/chat/${sessionId}/book-appointment`, {
      ...appointment,
      preferredDate: "2020-01-01",
      preferredTime: "10:00",
    });
    expect(past.status).toBe(400);
    expect(past.json.errors.preferredDate).toBe("The date cannot be earlier than today");
    expect(past.json.message).toBe("The date cannot be earlier than today");
  });

  it("answers missing required fields with the form's message, and unknown sessions with 404", async () => {
    const sessionId = await openSession();
    const missing = await postJson(`${stack.url}/api/chat/${sessionId}/book-appointment`, { customerName: "x" });
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({
      success: false,
      message: "Please fill in all required fields (Name, Phone, Email, Service Type)",
      errors: { customerPhone: expect.any(String), customerEmail: expect.any(String), serviceType: expect.any(String) },
    });
    const unknown = await postJson(`${stack.url}/api/chat/${newSessionId()}/book-appointment`, appointment);
    expect(unknown.status).toBe(404);
  });
});
