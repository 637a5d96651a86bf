import { performance } from "node:perf_hooks";
import { io, type Socket } from "socket.io-client";
import { postJson, randomIp, type Stack } from "../support/stack";
import { summarize, type BenchRow } from "./stats";

const questions = [
  "what are your hours?",
  "do you serve Denham Springs?",
  "how much does a panel upgrade cost?",
  "can I schedule an appointment for next week",
];

/**
 * 50 visitors chatting at once over socket.io: time from sending a message to
 * the first streamed text (`chat:delta`) and to the complete reply (`chat:message`).
 */
export async function benchChat(stack: Stack, conversations = 50, messagesEach = 4): Promise<BenchRow[]> {
  const firstText: number[] = [];
  const fullReply: number[] = [];
  await Promise.all(
    Array.from({ length: conversations }, async (_, c) => {
      const ip = randomIp();
      const sessionId = `chat_bench${c}x${Date.now().toString(36)}`;
      await postJson(`${stack.url}/api/chat/session`, { sessionId, status: "active" }, { ip });
      const socket: Socket = await new Promise((resolve, reject) => {
        const s = io(stack.url, { transports: ["websocket"], reconnection: false });
        s.on("connect", () => resolve(s));
        s.on("connect_error", reject);
      });
      await new Promise((resolve) => socket.emit("chat:join", { sessionId }, resolve));
      try {
        for (let m = 0; m < messagesEach; m++) {
          const sent = performance.now();
          let first: number | undefined;
          const done = new Promise<void>((resolve) => {
            const onDelta = () => {
              first ??= performance.now() - sent;
            };
            socket.on("chat:delta", onDelta);
            socket.once("chat:message", () => {
              socket.off("chat:delta", onDelta);
              fullReply.push(performance.now() - sent);
              firstText.push(first ?? performance.now() - sent);
              resolve();
            });
          });
          await Promise.all([postJson(`${stack.url}/api/chat/${sessionId}/message`, { message: questions[m % questions.length] }, { ip }), done]);
        }
      } finally {
        socket.disconnect();
      }
    }),
  );
  const f = summarize(firstText);
  const r = summarize(fullReply);
  return [
    { benchmark: `chat (${conversations} concurrent conversations)`, metric: "first streamed text p50 / p95 (ms)", value: `${f.p50.toFixed(1)} / ${f.p95.toFixed(1)}`, goal: "p95 ≤ 50" },
    { benchmark: "", metric: "full reply p50 / p95 (ms)", value: `${r.p50.toFixed(1)} / ${r.p95.toFixed(1)}` },
  ];
}
