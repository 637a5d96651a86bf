/** Live events for staff: what admin sockets hear, and when they stop hearing it. */
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, signedInUser } from "../support/accounts";
import { connectAdminSocket, connectSocket } from "../support/chat";
import { postJson, startStack, type Stack } from "../support/stack";

let stack: Stack;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let customer: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  stack = await startStack({ name: "live" });
  admin = await signedInUser(stack.url, stack.db, "admin");
  customer = await signedInUser(stack.url, stack.db, "customer");
});
afterAll(async () => {
  await stack?.stop();
});

describe("live events for staff", () => {
  it("a dismissed emergency alert is stored, audited and told to every admin socket; its lead stays in the inbox", async () => {
    const adminSocket = await connectAdminSocket(stack.url, admin.token);
    const heard: Array<{ leads: Array<{ kind: string; id: string }> }> = [];
    adminSocket.on("lead:acknowledged", (payload) => heard.push(payload));
    try {
      const message = await stack.db.contactMessage.create({
        data: {
          firstName: "Odile",
          lastName: "Guidry",
          email: "odile.dismiss@example.com",
          message: "Water in the panel",
          emergency: true,
        },
      });
      const sessionId = `chat_${Date.now().toString(36)}dismiss`;
      await stack.db.chatSession.create({ data: { id: sessionId, emergencyAt: new Date() } });
      const dismiss = (leads: string) =>
        fetch(`${stack.url}/dashboard`, {
          method: "POST",
          headers: { ...admin.auth, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ intent: "acknowledge-emergency", leads }),
        });
      const res = await dismiss(`contact:${message.id} chat:${sessionId}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("2 alerts dismissed.");
      await expect.poll(() => heard.length).toBe(1);
      expect(heard[0]!.leads).toEqual([
        { kind: "contact", id: String(message.id) },
        { kind: "chat", id: sessionId },
      ]);
      const stored = await stack.db.contactMessage.findUniqueOrThrow({ where: { id: message.id } });
      expect(stored.emergencyAcknowledgedAt).not.toBeNull();
      expect(stored.handledAt).toBeNull();
      expect(
        await stack.db.auditLog.findMany({
          where: { action: "lead.emergency_acknowledged" },
          select: { actorEmail: true, targetType: true, targetId: true },
          orderBy: { id: "asc" },
        }),
      ).toEqual([
        { actorEmail: admin.user.email, targetType: "contact", targetId: String(message.id) },
        { actorEmail: admin.user.email, targetType: "chat", targetId: sessionId },
      ]);
      // A second press (or another admin meanwhile) changes nothing and says so; a key that is no lead is refused.
      expect(await (await dismiss(`contact:${message.id}`)).text()).toContain("That alert was dismissed already.");
      expect((await dismiss("booking:12")).status).toBe(400);
      // Its own customer: "counts a known data set" above leaves only the admin among the file's users.
      const someCustomer = await signedInUser(stack.url, stack.db, "customer");
      expect(
        (
          await fetch(`${stack.url}/dashboard`, {
            method: "POST",
            headers: { ...someCustomer.auth, "Content-Type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({ intent: "acknowledge-emergency", leads: `contact:${message.id}` }),
          })
        ).status,
      ).toBe(403);
    } finally {
      adminSocket.disconnect();
    }
  });

  it("tells admin sockets of new and changed bookings and raises emergencies; nobody else hears", async () => {
    const adminSocket = await connectAdminSocket(stack.url, admin.token);
    const customerSocket = await connectSocket(stack.url, { token: customer.token });
    const anonymous = await connectSocket(stack.url);
    type BookingEvent = { booking: { id: number; status: string } };
    const heard: Record<string, BookingEvent[]> = { created: [], updated: [], emergency: [] };
    adminSocket.on("booking:created", (p) => heard.created!.push(p));
    adminSocket.on("booking:updated", (p) => heard.updated!.push(p));
    adminSocket.on("booking:emergency", (p) => heard.emergency!.push(p));
    const leaked: unknown[] = [];
    for (const s of [customerSocket, anonymous])
      for (const e of ["booking:created", "booking:updated", "booking:emergency"]) s.on(e, (p) => leaked.push(p));
    try {
      const c = await api(stack.url, "POST", "/api/customers", admin.token, {
        name: "Live Customer",
        email: "live@example.com",
        phone: "225-555-0199",
      });
      const emergency = await api(stack.url, "POST", "/api/bookings", admin.token, {
        customerId: c.json.customer.id,
        summary: "Sparks from the main panel",
        priority: "emergency",
        scheduledDate: new Date().toISOString(),
      });
      await expect.poll(() => heard.emergency!.length).toBe(1);
      expect(heard.emergency![0]?.booking).toMatchObject({
        id: emergency.json.booking.id,
        priority: "emergency",
        customer: { phone: "225-555-0199" },
      });
      expect(heard.created!.map((p) => p.booking.id)).toContain(emergency.json.booking.id);

      await api(stack.url, "PATCH", `/api/bookings/${emergency.json.booking.id}`, admin.token, {
        status: "in_progress",
      });
      await expect.poll(() => heard.updated!.some((p) => p.booking.status === "in_progress")).toBe(true);

      // An emergency that arrives through the chat reaches staff the same way.
      const sessionId = `chat_${Date.now().toString(36)}live`;
      await postJson(`${stack.url}/api/chat/session`, { sessionId, status: "active" });
      const chat = await postJson(`${stack.url}/api/chat/${sessionId}/book-appointment`, {
        customerName: "Night Caller",
        customerPhone: "(225) 555-0111",
        customerEmail: "night@example.com",
        serviceType: "Emergency Electrical Service",
        priority: "emergency",
        description: "Smoke from the breaker box",
      });
      expect(chat.status).toBe(201);
      await expect.poll(() => heard.emergency!.some((p) => p.booking.id === chat.json.bookingId)).toBe(true);
      await new Promise((r) => setTimeout(r, 300));
      expect(leaked).toEqual([]);
    } finally {
      for (const s of [adminSocket, customerSocket, anonymous]) s.disconnect();
    }
  });
  it("stops telling a socket once its admin is demoted or signs out", async () => {
    const demoted = await signedInUser(stack.url, stack.db, "admin");
    const leaving = await signedInUser(stack.url, stack.db, "admin");
    const sockets = await Promise.all([admin, demoted, leaving].map((who) => connectAdminSocket(stack.url, who.token)));
    const [watcher, demotedSocket, leavingSocket] = sockets;
    const heard = new Map<Socket, number[]>(sockets.map((s) => [s, []]));
    for (const s of sockets) s.on("booking:created", (p) => heard.get(s)!.push(p.booking.id));
    const book = async (summary: string) => {
      const c = await api(stack.url, "POST", "/api/customers", admin.token, {
        name: summary,
        email: `${summary.replace(/\W/g, "").toLowerCase()}@example.com`,
        phone: "225-555-0142",
      });
      const b = await api(stack.url, "POST", "/api/bookings", admin.token, {
        customerId: c.json.customer.id,
        summary,
        priority: "low",
        scheduledDate: new Date().toISOString(),
      });
      return b.json.booking.id as number;
    };
    try {
      const first = await book("Before anything");
      await expect.poll(() => sockets.every((s) => heard.get(s)!.includes(first))).toBe(true);

      expect(
        (await api(stack.url, "PATCH", `/api/admin/users/${demoted.user.id}/role`, admin.token, { role: "technician" }))
          .status,
      ).toBe(200);
      expect((await api(stack.url, "POST", "/api/auth/logout", leaving.token)).status).toBe(200);
      // The revocation travels through Redis like any event; give it the same time.
      await new Promise((r) => setTimeout(r, 200));

      const second = await book("After the changes");
      await expect.poll(() => heard.get(watcher!)!.includes(second)).toBe(true);
      await new Promise((r) => setTimeout(r, 300));
      expect(heard.get(demotedSocket!)).not.toContain(second);
      expect(heard.get(leavingSocket!)).not.toContain(second);
    } finally {
      for (const s of sockets) s.disconnect();
    }
  });
});
