import { afterAll, beforeAll, expect, it } from "vitest";
import { signedInUser } from "../support/accounts";
import { connectAdminSocket, connectSocket, joinChat } from "../support/chat";
import { postJson, randomIp, startStack, type Stack } from "../support/stack";

/** Two web processes and two workers on one PostgreSQL and Redis behave as one system. */
let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ name: "multi", webs: 2, workers: 2 });
});
afterAll(async () => {
  await stack?.stop();
});

it("a visitor on web A gets every reply, whichever worker produced it", async () => {
  const [webA, webB] = stack.urls as [string, string];
  const sessionId = `chat_multi${Date.now().toString(36)}`;
  await postJson(`${webB}/api/chat/session`, { sessionId, status: "active" });
  const socket = await connectSocket(webA);
  try {
    expect(await joinChat(socket, sessionId)).toEqual({ ok: true });
    const finals: string[] = [];
    socket.on("chat:message", (p: { message: { id: string } }) => finals.push(p.message.id));
    const replies: string[] = [];
    // Messages go in through both web processes; the two workers share the jobs.
    for (let i = 0; i < 8; i++) {
      // Halfway, one worker goes away: the other carries on and the visitor notices nothing.
      if (i === 4) await stack.workers[0]!.kill("SIGTERM");
      const res = await postJson(`${i % 2 ? webB : webA}/api/chat/${sessionId}/message`, {
        message: i % 2 ? "what are your hours" : "do you serve Walker?",
      });
      expect(res.status).toBe(200);
      replies.push(res.json.assistantMessage.id);
    }
    await expect.poll(() => finals.length).toBe(8);
    expect(finals).toEqual(replies);
  } finally {
    socket.disconnect();
  }
});

it("an admin on web B gets the emergency alert for a booking made through web A", async () => {
  const [webA, webB] = stack.urls as [string, string];
  const admin = await signedInUser(webB, stack.db, "admin");
  const socket = await connectAdminSocket(webB, admin.token);
  try {
    const alerts: Array<{ booking: { id: number } }> = [];
    socket.on("booking:emergency", (p) => alerts.push(p));
    const sessionId = `chat_multi${Date.now().toString(36)}e`;
    await postJson(`${webA}/api/chat/session`, { sessionId, status: "active" });
    const res = await postJson(`${webA}/api/chat/${sessionId}/book-appointment`, {
      customerName: "Two Sites",
      customerPhone: "(225) 555-0123",
      customerEmail: "two@example.com",
      serviceType: "Emergency Electrical Service",
      priority: "emergency",
    });
    expect(res.status).toBe(201);
    await expect.poll(() => alerts.map((a) => a.booking.id)).toEqual([res.json.bookingId]);
  } finally {
    socket.disconnect();
  }
});

it("rate limits hold across both web processes", async () => {
  const [webA, webB] = stack.urls as [string, string];
  const ip = randomIp();
  const statuses: number[] = [];
  for (let i = 0; i < 7; i++) {
    const res = await postJson(
      `${i % 2 ? webB : webA}/api/contact`,
      { firstName: "R", lastName: "L", email: "rl@example.com", message: `limit ${i}` },
      { ip },
    );
    statuses.push(res.status);
  }
  expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429]);
});
