import { afterAll, beforeAll, expect, it } from "vitest";
import { business } from "@app/shared/business";
import { connectSocket, joinChat, openChatSession } from "../support/chat";
import { startLlmStandin } from "../support/llm-standin";
import { postJson, startStack, type Stack } from "../support/stack";

/** The optional model wording (LLM_*), against a local OpenAI-compatible stand-in. */
let stack: Stack;
let llm: Awaited<ReturnType<typeof startLlmStandin>>;
beforeAll(async () => {
  llm = await startLlmStandin();
  stack = await startStack({
    name: "chat-llm",
    env: { LLM_BASE_URL: llm.url, LLM_API_KEY: "sk-test", LLM_MODEL: "test-model" },
  });
});
afterAll(async () => {
  await stack?.stop();
  await llm?.close();
});

async function conversation() {
  const sessionId = await openChatSession(stack.url);
  const socket = await connectSocket(stack.url);
  await joinChat(socket, sessionId);
  const deltas: Array<{ delta: string; reset?: boolean }> = [];
  socket.on("chat:delta", (d) => deltas.push(d));
  // The HTTP answer can come before the socket's last frames: the stored message closes the stream.
  const streamed = new Promise<void>((resolve) => socket.once("chat:message", () => resolve()));
  return { sessionId, socket, deltas, streamed };
}

it("streams the model's wording, while the engine keeps the intent and the facts", async () => {
  llm.state.mode = { kind: "reword", prefix: "Happy to help! " };
  const { sessionId, socket, deltas, streamed } = await conversation();
  try {
    const res = await postJson(`${stack.url}/api/chat/${sessionId}/message`, { message: "what are your hours" });
    await streamed;
    expect(res.status).toBe(200);
    expect(res.json.intent).toBe("hours");
    expect(res.json.message.startsWith("Happy to help! ")).toBe(true);
    for (const h of business.hours) expect(res.json.message).toContain(h.hours);
    expect(deltas.map((d) => d.delta).join("")).toBe(res.json.message);
    const request = llm.state.requests.at(-1)!;
    expect(request.model).toBe("test-model");
    expect(request.messages.some((m) => m.content.includes("what are your hours"))).toBe(true);
  } finally {
    socket.disconnect();
  }
});

it.each([
  ["the model answers an error", { kind: "error", status: 500 } as const],
  ["the stream breaks half-way", { kind: "break-mid-stream" } as const],
  ["the model drops the phone number", { kind: "drop-phone" } as const],
])("falls back to the engine's own text when %s", async (_label, mode) => {
  llm.state.mode = mode;
  const { sessionId, socket, deltas, streamed } = await conversation();
  try {
    const res = await postJson(`${stack.url}/api/chat/${sessionId}/message`, {
      message: "my breaker box is smoking, help",
    });
    await streamed;
    expect(res.status).toBe(200);
    expect(res.json.intent).toBe("emergency");
    expect(res.json.message.split(/(?<=[.!?])\s/)[0]).toContain(business.phone);
    expect(res.json.message.startsWith("Happy to help")).toBe(false);
    // Whatever was streamed before the failure is discarded (reset), then the engine's text streams.
    const lastReset = deltas.map((d) => !!d.reset).lastIndexOf(true);
    expect(
      deltas
        .slice(lastReset + 1)
        .map((d) => d.delta)
        .join(""),
    ).toBe(res.json.message);
  } finally {
    socket.disconnect();
  }
});
