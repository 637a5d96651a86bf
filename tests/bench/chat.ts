import { performance } from "node:perf_hooks";
import { connectSocket, joinChat } from "../support/chat";
import { randomIp, type Stack } from "../support/stack";
import { SCALE_BOOKINGS, seedScale } from "./admin";
import { postJson } from "./http";
import { summarize, type BenchRow } from "./stats";

const questions = [
  "what are your hours?",
  "do you serve Denham Springs?",
  "how much does a panel upgrade cost?",
  "can I schedule an appointment for next week",
  "my breaker keeps tripping in the kitchen",
  "do yall install generators in Gonzales",
  // Naming a day: the reply offers that day's open arrival windows (or the next open ones), read from the schedule.
  "can someone come tomorrow?",
  "is anyone free Friday?",
];

const REPLY_TIMEOUT_MS = 15_000;

interface Load {
  conversations: number;
  messagesEach: number;
  /** The visitor's pause between a reply and their next message, in ms ([min, max], uniform); none when absent. */
  thinkMs?: [number, number];
}

const pause = (range?: [number, number]) =>
  range ? new Promise((r) => setTimeout(r, range[0] + Math.random() * (range[1] - range[0]))) : Promise.resolve();

/**
 * Visitors chatting at once over socket.io, as the widget does: each opens a
 * conversation, joins its room, sends a message, and waits for the reply
 * before the next. Times from sending to the first streamed text
 * (`chat:delta`) and to the complete reply (`chat:message`).
 */
async function converse(stack: Stack, load: Load) {
  const firstText: number[] = [];
  const fullReply: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: load.conversations }, async (_, c) => {
      const ip = randomIp();
      const sessionId = `chat_bench${c}x${Math.random().toString(36).slice(2, 10)}`;
      const created = await postJson(`${stack.url}/api/chat/session`, { sessionId, status: "active" }, ip);
      if (created.status >= 300) throw new Error(`chat session: HTTP ${created.status}`);
      const socket = await connectSocket(stack.url);
      try {
        await joinChat(socket, sessionId);
        // Visitors do not all arrive in the same millisecond.
        await pause(load.thinkMs ? [0, load.thinkMs[1]] : undefined);
        for (let m = 0; m < load.messagesEach; m++) {
          if (m > 0) await pause(load.thinkMs);
          const sent = performance.now();
          let first: number | undefined;
          const onDelta = () => {
            first ??= performance.now() - sent;
          };
          socket.on("chat:delta", onDelta);
          const reply = new Promise<void>((resolve, reject) => {
            const timer = setTimeout(
              () => reject(new Error(`no reply within ${REPLY_TIMEOUT_MS} ms`)),
              REPLY_TIMEOUT_MS,
            );
            socket.once("chat:message", () => {
              clearTimeout(timer);
              fullReply.push(performance.now() - sent);
              firstText.push(first ?? performance.now() - sent);
              resolve();
            });
          });
          const answer = await postJson(
            `${stack.url}/api/chat/${sessionId}/message`,
            { message: questions[(c + m) % questions.length] },
            ip,
          );
          if (answer.status !== 200)
            throw new Error(`chat message: HTTP ${answer.status} ${JSON.stringify(answer.json)}`);
          await reply;
          socket.off("chat:delta", onDelta);
        }
      } finally {
        socket.disconnect();
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { first: summarize(firstText), full: summarize(fullReply), perSecond: firstText.length / seconds };
}

/**
 * Chat with 50 conversations at once, two ways:
 * - as conversations: each visitor pauses 0.5–1.5 s between a reply and their
 *   next message (people take ten seconds or more to read and type, so this is
 *   a far heavier load than 50 real visitors); the first-text goal applies here;
 * - without pauses: every visitor sends again the moment a reply is complete,
 *   which measures how many messages a second the system can answer (the
 *   latency there is queueing: 50 in flight ÷ that rate).
 */
export async function benchChat(stack: Stack, conversations = 50, scale = ""): Promise<BenchRow[]> {
  // Warm-up: code paths compiled, connection pools filled.
  await converse(stack, { conversations: 10, messagesEach: 3 });
  const paced = await converse(stack, { conversations, messagesEach: 10, thinkMs: [500, 1_500] });
  const flat = await converse(stack, { conversations, messagesEach: 10 });
  return [
    {
      benchmark: `chat, ${conversations} conversations${scale} (a message every 0.5–1.5 s each, ${paced.perSecond.toFixed(0)} messages/s)`,
      metric: "first streamed text p50 / p95 (ms)",
      value: `${paced.first.p50.toFixed(1)} / ${paced.first.p95.toFixed(1)}`,
      goal: "p95 ≤ 50",
    },
    {
      benchmark: "",
      metric: "full reply p50 / p95 (ms)",
      value: `${paced.full.p50.toFixed(1)} / ${paced.full.p95.toFixed(1)}`,
    },
    {
      benchmark: `chat, ${conversations} conversations${scale} without pauses (capacity)`,
      metric: "messages answered/s",
      value: flat.perSecond.toFixed(0),
    },
    {
      benchmark: "",
      metric: "first streamed text p50 / p95 (ms)",
      value: `${flat.first.p50.toFixed(1)} / ${flat.first.p95.toFixed(1)}`,
    },
  ];
}

/**
 * The same conversations on a database holding 100,000 bookings (the staff benchmarks' history, seeded here
 * when no earlier benchmark did): nothing a reply reads may grow with the bookings (docs/product.md#performance-budgets).
 */
export async function benchChatAtScale(stack: Stack): Promise<BenchRow[]> {
  await seedScale(stack);
  return benchChat(stack, 50, `, ${SCALE_BOOKINGS.toLocaleString("en-US")} bookings`);
}
