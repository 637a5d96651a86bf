import type { Socket } from "socket.io-client";
import { connectAdminSocket, connectSocket, joinChat, openChatSession } from "../support/chat";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInUser } from "../support/accounts";
import { postJson, randomIp, startStack, type Stack } from "../support/stack";

let stack: Stack;
let adminAuth: Record<string, string>;
let adminId: number;
beforeAll(async () => {
  stack = await startStack({ name: "inbox" });
  const admin = await signedInUser(stack.url, stack.db, "admin");
  adminAuth = admin.auth;
  adminId = admin.user.id;
});
afterAll(async () => {
  await stack?.stop();
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

  it("keeps the assistant quiet while staff handle the conversation, and lets it answer again after hand-back", async () => {
    const sessionId = await openSession();
    const taken = await inboxPost({ intent: "take-over", item: `chat:${sessionId}` });
    expect(taken.status).toBe(200);
    expect((await stack.db.chatSession.findUniqueOrThrow({ where: { id: sessionId } })).handledById).toBe(adminId);

    const visitor = await connect();
    try {
      expect(await join(visitor, sessionId)).toEqual({ ok: true });
      const assistantEvents: unknown[] = [];
      visitor.on("chat:message", (p: { message: { sender: string } }) => {
        if (p.message.sender === "assistant") assistantEvents.push(p);
      });
      const quiet = await say(sessionId, "what are your hours on saturday?");
      expect(quiet.status).toBe(202);
      expect(quiet.json).toMatchObject({ success: true, pending: true, assistantMessage: null });
      await new Promise((r) => setTimeout(r, 1000));
      expect(assistantEvents).toEqual([]);
      expect((await stack.db.chatMessage.findMany({ where: { sessionId } })).map((m) => m.sender)).toEqual(["user"]);

      const back = await inboxPost({ intent: "hand-back", item: `chat:${sessionId}` });
      expect(back.status).toBe(200);
      expect((await stack.db.chatSession.findUniqueOrThrow({ where: { id: sessionId } })).handledById).toBeNull();
      const answered = await say(sessionId, "what are your hours on saturday?");
      expect(answered.status).toBe(200);
      expect(answered.json).toMatchObject({ assistantMessage: { sender: "assistant" }, pending: false });
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
