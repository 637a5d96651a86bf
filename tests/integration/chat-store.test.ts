import { describe, expect, it } from "vitest";
import { loadConversation, storeAssistantReply, storeVisitorMessage } from "@app/shared/chat/store.server";
import { useClonedDatabase } from "../support/test-database";

/**
 * The chat's single-statement SQL (packages/shared/src/chat/store.server.ts) writes
 * and reads rows exactly as the Prisma client does, and keeps its promises:
 * unknown conversations store nothing, a reply is linked or not stored at all.
 */
const db = useClonedDatabase("chatstore");

describe("chat store", () => {
  it("stores a visitor's message, marks the conversation active, and reads back through Prisma", async () => {
    const before = new Date(Date.now() - 60_000);
    await db().chatSession.create({ data: { id: "chat_store1", updatedAt: before } });
    const stored = await storeVisitorMessage(db(), "chat_store1", "Do you serve Walker? 🙂 <b>hi</b>");
    expect(stored?.handledById).toBeNull();
    const viaPrisma = await db().chatMessage.findUniqueOrThrow({ where: { id: stored!.message.id } });
    expect(stored!.message).toEqual(viaPrisma);
    expect(viaPrisma).toMatchObject({
      sender: "user",
      message: "Do you serve Walker? 🙂 <b>hi</b>",
      intent: null,
      suggestedActions: [],
      replyToId: null,
    });
    const session = await db().chatSession.findUniqueOrThrow({ where: { id: "chat_store1" } });
    expect(session.updatedAt.getTime()).toBeGreaterThan(before.getTime());
    expect(session.updatedAt.getTime()).toBe(viaPrisma.createdAt.getTime());
  });

  it("stores nothing for a conversation that does not exist", async () => {
    const count = await db().chatMessage.count();
    expect(await storeVisitorMessage(db(), "chat_missing", "hello")).toBeNull();
    expect(await loadConversation(db(), "chat_missing", 5)).toBeNull();
    expect(await db().chatMessage.count()).toBe(count);
  });

  it("says when staff have taken the conversation over", async () => {
    const admin = await db().user.create({
      data: { firstName: "A", lastName: "B", email: "staff-store@example.com", passwordHash: "h", role: "admin" },
    });
    await db().chatSession.create({ data: { id: "chat_store2", handledById: admin.id } });
    expect((await storeVisitorMessage(db(), "chat_store2", "anyone there?"))?.handledById).toBe(admin.id);
    expect((await loadConversation(db(), "chat_store2", 5))?.handledById).toBe(admin.id);
  });

  it("stores a reply linked to the visitor's message, and loads the latest messages newest first", async () => {
    await db().chatSession.create({ data: { id: "chat_store3" } });
    const first = await storeVisitorMessage(db(), "chat_store3", "hours?");
    const reply = await storeAssistantReply(db(), {
      id: crypto.randomUUID(),
      sessionId: "chat_store3",
      replyTo: first!.message.id,
      message: "We're open 7 to 6.",
      intent: "hours",
      suggestedActions: ["Book an appointment", "Call us"],
    });
    expect(reply).toEqual(await db().chatMessage.findUniqueOrThrow({ where: { id: reply.id } }));
    expect(reply).toMatchObject({
      sender: "assistant",
      intent: "hours",
      suggestedActions: ["Book an appointment", "Call us"],
    });
    expect((await db().chatMessage.findUniqueOrThrow({ where: { id: first!.message.id } })).replyToId).toBe(reply.id);

    const second = await storeVisitorMessage(db(), "chat_store3", "thanks");
    const all = await db().chatMessage.findMany({
      where: { sessionId: "chat_store3" },
      orderBy: { createdAt: "desc" },
    });
    const loaded = await loadConversation(db(), "chat_store3", 2);
    expect(loaded?.latest).toEqual(all.slice(0, 2));
    expect(loaded?.latest[0]?.id).toBe(second!.message.id);
  });

  it("refuses a second reply to the same message and stores nothing for an unknown one", async () => {
    await db().chatSession.create({ data: { id: "chat_store4" } });
    const visitor = await storeVisitorMessage(db(), "chat_store4", "hi");
    const reply = {
      sessionId: "chat_store4",
      replyTo: visitor!.message.id,
      message: "Hello!",
      intent: "greeting",
      suggestedActions: [],
    };
    await storeAssistantReply(db(), { ...reply, id: crypto.randomUUID() });
    await expect(storeAssistantReply(db(), { ...reply, id: crypto.randomUUID() })).rejects.toThrow(/answered already/);
    await expect(
      storeAssistantReply(db(), { ...reply, id: crypto.randomUUID(), replyTo: crypto.randomUUID() }),
    ).rejects.toThrow(/not found/);
    // Another conversation's message cannot be answered from this one.
    await db().chatSession.create({ data: { id: "chat_store5" } });
    const elsewhere = await storeVisitorMessage(db(), "chat_store5", "hi");
    await expect(
      storeAssistantReply(db(), { ...reply, id: crypto.randomUUID(), replyTo: elsewhere!.message.id }),
    ).rejects.toThrow(/not found/);
    expect(await db().chatMessage.count({ where: { sessionId: "chat_store4" } })).toBe(2);
    expect(await db().chatMessage.count({ where: { sessionId: "chat_store5" } })).toBe(1);
  });
});
