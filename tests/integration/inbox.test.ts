import type { Socket } from "socket.io-client";
import { connectAdminSocket, connectSocket, joinChat, openChatSession } from "../support/chat";
import { beforeAll, describe, expect, it } from "vitest";
import { signedInUser } from "../support/accounts";
import { postJson, randomIp, type Stack } from "../support/stack";
import { sharedStack } from "../support/shared-stack";

let stack: Stack;
let adminAuth: Record<string, string>;
let adminId: number;
beforeAll(async () => {
  stack = await sharedStack();
  const admin = await signedInUser(stack.url, stack.db, "admin");
  adminAuth = admin.auth;
  adminId = admin.user.id;
});

const openSession = (ip?: string) => openChatSession(stack.url, ip);
const connect = () => connectSocket(stack.url);
const join = joinChat;

/** Posts the inbox page's form as a browser without JavaScript would. */
async function inboxPost(fields: Record<string, string>, auth = adminAuth) {
  const res = await fetch(`${stack.url}/admin/inbox?item=${encodeURIComponent(fields.item ?? "")}`, {
    method: "POST",
    headers: { ...auth, "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": randomIp() },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
  return { status: res.status, text: await res.text() };
}

const say = (sessionId: string, message: string) =>
  postJson(`${stack.url}/api/chat/${sessionId}/message`, { message }, { ip: randomIp() });

function nextEvent<T>(
  socket: Socket,
  event: string,
  predicate: (payload: T) => boolean = () => true,
  timeoutMs = 10_000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    const listener = (payload: T) => {
      if (!predicate(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });
}

describe("/admin/inbox", () => {
  it("is for admins only", async () => {
    const customer = await signedInUser(stack.url, stack.db, "customer");
    const page = await fetch(`${stack.url}/admin/inbox`, { headers: customer.auth });
    expect(page.status).toBe(403);
    const sessionId = await openSession();
    const post = await inboxPost({ intent: "reply", item: `chat:${sessionId}`, message: "hi" }, customer.auth);
    expect(post.status).toBe(403);
    expect(await stack.db.chatMessage.count({ where: { sessionId } })).toBe(0);
  });

  it("lists contact messages and chats, searches them, and marks an opened item read", async () => {
    const contact = await stack.db.contactMessage.create({
      data: {
        firstName: "Marguerite",
        lastName: "Thibodeaux",
        email: "marguerite@example.com",
        message: "Breaker keeps TRIPPING in the kitchen",
      },
    });
    const sessionId = await openSession();
    expect((await say(sessionId, "Do you install whole-house generators?")).status).toBe(200);

    const all = await fetch(`${stack.url}/admin/inbox`, { headers: adminAuth });
    expect(all.status).toBe(200);
    const html = await all.text();
    expect(html).toContain("Marguerite Thibodeaux");
    expect(html).toContain(`data-inbox-item="chat:${sessionId}"`);

    // Case-insensitive, over names, emails and every message of a chat.
    const found = await (await fetch(`${stack.url}/admin/inbox?q=tripping`, { headers: adminAuth })).text();
    expect(found).toContain("Marguerite Thibodeaux");
    expect(found).not.toContain(`data-inbox-item="chat:${sessionId}"`);
    const chats = await (await fetch(`${stack.url}/admin/inbox?q=WHOLE-HOUSE`, { headers: adminAuth })).text();
    expect(chats).toContain(`data-inbox-item="chat:${sessionId}"`);
    expect(chats).not.toContain("Marguerite Thibodeaux");
    const transcript = await (
      await fetch(`${stack.url}/admin/inbox?item=chat:${sessionId}`, { headers: adminAuth })
    ).text();
    expect(transcript).toContain("Do you install whole-house generators?");
    expect((await stack.db.chatSession.findUniqueOrThrow({ where: { id: sessionId } })).readAt).not.toBeNull();

    await fetch(`${stack.url}/admin/inbox?item=contact:${contact.id}`, { headers: adminAuth });
    expect((await stack.db.contactMessage.findUniqueOrThrow({ where: { id: contact.id } })).readAt).not.toBeNull();
    const handled = await inboxPost({ intent: "handled", item: `contact:${contact.id}`, handled: "1" });
    expect(handled.status).toBe(200);
    expect((await stack.db.contactMessage.findUniqueOrThrow({ where: { id: contact.id } })).handledAt).not.toBeNull();
  });

  it("delivers a staff reply to the visitor's socket as from staff", async () => {
    const sessionId = await openSession();
    expect((await say(sessionId, "Is anyone there?")).status).toBe(200);
    const visitor = await connect();
    try {
      expect(await join(visitor, sessionId)).toEqual({ ok: true });
      const arrived = nextEvent<{ sessionId: string; message: { sender: string; message: string } }>(
        visitor,
        "chat:message",
        (p) => p.message.sender === "staff",
      );
      const res = await inboxPost({
        intent: "reply",
        item: `chat:${sessionId}`,
        message: "Hi, this is Odile from the office.",
      });
      expect(res.status).toBe(200);
      expect(res.text).toContain("Reply sent.");
      const event = await arrived;
      expect(event).toMatchObject({
        sessionId,
        message: { sender: "staff", message: "Hi, this is Odile from the office." },
      });
      const stored = await stack.db.chatMessage.findMany({ where: { sessionId, sender: "staff" } });
      expect(stored).toHaveLength(1);
      // Replying took the conversation over.
      expect((await stack.db.chatSession.findUniqueOrThrow({ where: { id: sessionId } })).handledById).toBe(adminId);
    } finally {
      visitor.disconnect();
    }
  });

  it("after a take-over, delivers the visitor's messages to staff at once with no assistant reply, typing or pending answer, until hand-back", async () => {
    const sessionId = await openSession();
    const first = await say(sessionId, "Do you install whole-house generators?");
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ assistantMessage: { sender: "assistant" }, pending: false, mode: "assistant" });

    const visitor = await connect();
    const admin = await connectAdminSocket(stack.url, adminAuth.Authorization!.slice("Bearer ".length));
    try {
      expect(await join(visitor, sessionId)).toEqual({ ok: true });
      // Everything the assistant would send the widget while staff hold the conversation.
      const assistantEvents: Array<[string, unknown]> = [];
      visitor.on("chat:typing", (p: unknown) => assistantEvents.push(["chat:typing", p]));
      visitor.on("chat:delta", (p: unknown) => assistantEvents.push(["chat:delta", p]));
      visitor.on("chat:message", (p: { message: { sender: string } }) => {
        if (p.message.sender === "assistant") assistantEvents.push(["chat:message", p]);
      });

      // Taking over tells the visitor's widget who answers now, live and on a reload.
      const takenOver = nextEvent(visitor, "chat:mode");
      expect((await inboxPost({ intent: "take-over", item: `chat:${sessionId}` })).status).toBe(200);
      expect(await takenOver).toEqual({ sessionId, mode: "staff" });
      const reloaded = await fetch(`${stack.url}/api/chat/${sessionId}/messages`).then((r) => r.json());
      expect(reloaded).toMatchObject({ success: true, mode: "staff" });

      // The visitor writes: staff hear of it at once, and the answer says nothing is coming from the assistant.
      const activity = nextEvent<{ sessionId: string }>(admin, "chat:activity", (p) => p.sessionId === sessionId);
      const started = Date.now();
      const hello = await say(sessionId, "Hello? anyone?");
      expect(Date.now() - started).toBeLessThan(2000);
      expect(hello.status).toBe(200);
      expect(hello.json).toMatchObject({
        success: true,
        userMessage: { sender: "user", message: "Hello? anyone?" },
        assistantMessage: null,
        pending: false,
        mode: "staff",
      });
      expect(await activity).toEqual({ sessionId });
      const page = await fetch(`${stack.url}/admin/inbox?item=chat:${sessionId}`, { headers: adminAuth });
      expect(await page.text()).toContain("Hello? anyone?");

      // Staff answer, the visitor writes again: still only people talking.
      const staffReply = nextEvent<{ message: { sender: string; message: string } }>(
        visitor,
        "chat:message",
        (p) => p.message.sender === "staff",
      );
      const replied = await inboxPost({ intent: "reply", item: `chat:${sessionId}`, message: "Odile here, go ahead." });
      expect(replied.text).toContain("Reply sent.");
      expect((await staffReply).message.message).toBe("Odile here, go ahead.");
      const again = await say(sessionId, "My breaker keeps tripping, what are your hours?");
      expect(again.json).toMatchObject({ assistantMessage: null, pending: false, mode: "staff" });
      // A reply would have started at once (the assistant answered the first message within the request).
      await new Promise((r) => setTimeout(r, 1000));
      expect(assistantEvents).toEqual([]);
      const senders = (
        await stack.db.chatMessage.findMany({ where: { sessionId }, orderBy: { createdAt: "asc" } })
      ).map((m) => m.sender);
      expect(senders).toEqual(["user", "assistant", "user", "staff", "user"]);

      // Handed back: the widget is told, and the assistant answers again.
      const handedBack = nextEvent(visitor, "chat:mode");
      expect((await inboxPost({ intent: "hand-back", item: `chat:${sessionId}` })).status).toBe(200);
      expect(await handedBack).toEqual({ sessionId, mode: "assistant" });
      expect((await stack.db.chatSession.findUniqueOrThrow({ where: { id: sessionId } })).handledById).toBeNull();
      const typing = nextEvent(visitor, "chat:typing");
      const answered = await say(sessionId, "what are your hours on saturday?");
      expect(answered.status).toBe(200);
      expect(answered.json).toMatchObject({
        assistantMessage: { sender: "assistant" },
        pending: false,
        mode: "assistant",
      });
      await typing;
      expect((await fetch(`${stack.url}/api/chat/${sessionId}/messages`).then((r) => r.json())).mode).toBe("assistant");
    } finally {
      visitor.disconnect();
      admin.disconnect();
    }
  });

  it("tells the visitor's widget that staff took over when a reply takes the conversation over", async () => {
    const sessionId = await openSession();
    const visitor = await connect();
    try {
      expect(await join(visitor, sessionId)).toEqual({ ok: true });
      const events: string[] = [];
      visitor.on("chat:mode", (p: { mode: string }) => events.push(`mode:${p.mode}`));
      const staffMessage = nextEvent<{ message: { sender: string } }>(visitor, "chat:message", (p) => {
        events.push(`message:${p.message.sender}`);
        return p.message.sender === "staff";
      });
      await inboxPost({ intent: "reply", item: `chat:${sessionId}`, message: "Hi, can we help?" });
      await staffMessage;
      // The mode first, so the widget shows "You're now chatting with our office." before the message.
      expect(events).toEqual(["mode:staff", "message:staff"]);
    } finally {
      visitor.disconnect();
    }
  });

  it("tells open admin sockets about visitor activity", async () => {
    const sessionId = await openSession();
    const admin = await connectAdminSocket(stack.url, adminAuth.Authorization!.slice("Bearer ".length));
    try {
      const activity = nextEvent<{ sessionId: string }>(admin, "chat:activity", (p) => p.sessionId === sessionId);
      await say(sessionId, "hello");
      expect(await activity).toEqual({ sessionId });
    } finally {
      admin.disconnect();
    }
  });
});
