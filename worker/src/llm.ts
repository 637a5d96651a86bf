import { PHONE_NUMBER_PATTERN } from "@app/shared/business";
import type { ChatTurn, EngineReply } from "@app/shared/chat/engine";
import type { WorkerContext } from "./worker-context";

/** Words per paced piece (about 130 words a second at the default pace). */
const WORDS_PER_PIECE = 4;
/**
 * A model's tokens arriving within one frame go out as one delta: every delta
 * is a Redis publish and a WebSocket frame to the visitor, and a token each is
 * many times the work for no visible difference.
 */
const MODEL_FRAME_MS = 25;
const LLM_TIMEOUT_MS = 8_000;

const PHONE = new RegExp(PHONE_NUMBER_PATTERN.source, "g");

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Streams the engine's own text: the first few words at once (the visitor sees
 * text as soon as the reply exists), then a few words every `pieceDelayMs`
 * (CHAT_STREAM_DELAY_MS), so the reply types itself out in the widget; 0 sends
 * the rest of the text at once.
 */
async function streamEngineText(text: string, pieceDelayMs: number, onDelta: (delta: string) => void) {
  const words = text.match(/\S+\s*|\s+/g) ?? [text];
  if (pieceDelayMs <= 0) {
    const first = words.slice(0, WORDS_PER_PIECE).join("");
    onDelta(first);
    if (first.length < text.length) onDelta(text.slice(first.length));
    return text;
  }
  for (let i = 0; i < words.length; i += WORDS_PER_PIECE) {
    if (i > 0) await sleep(pieceDelayMs);
    onDelta(words.slice(i, i + WORDS_PER_PIECE).join(""));
  }
  return text;
}

/**
 * Collects deltas and sends them at most once per `frameMs`: the first one at
 * once, later ones gathered until the frame ends. `flush()` sends what is left.
 */
export function frameDeltas(onDelta: (delta: string) => void, frameMs: number) {
  let pending = "";
  let timer: NodeJS.Timeout | undefined;
  let lastSent = -Infinity;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (!pending) return;
    const delta = pending;
    pending = "";
    lastSent = performance.now();
    onDelta(delta);
  };
  return {
    push(delta: string) {
      pending += delta;
      const wait = lastSent + frameMs - performance.now();
      if (wait <= 0) flush();
      else timer ??= setTimeout(flush, wait);
    },
    flush,
    /** Drops what has not been sent yet. */
    discard() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      pending = "";
    },
  };
}

/**
 * The reply's final wording. With LLM_* configured a model (OpenAI-compatible,
 * streamed) may word it from the engine's answer; the engine still decides
 * intent and actions, and its own text is used on any model error or timeout.
 */
export async function wordReply(
  ctx: WorkerContext,
  input: { reply: EngineReply; visitorMessage: string; history: ChatTurn[] },
  onDelta: (delta: string, reset?: boolean) => void,
): Promise<string> {
  const llm = ctx.env.LLM;
  if (!llm) return streamEngineText(input.reply.message, ctx.env.CHAT_STREAM_DELAY_MS, onDelta);

  let streamed = "";
  const frames = frameDeltas((delta) => onDelta(delta), MODEL_FRAME_MS);
  try {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), LLM_TIMEOUT_MS);
    try {
      const response = await fetch(`${llm.baseUrl}/chat/completions`, {
        method: "POST",
        signal: controller.signal,
        headers: {
          "Content-Type": "application/json",
          ...(llm.apiKey ? { Authorization: `Bearer ${llm.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: llm.model,
          stream: true,
          temperature: 0.3,
          max_tokens: 350,
          messages: [
            {
              role: "system",
              content:
                "You are the website assistant of a licensed electrical contractor. Rewrite the DRAFT answer in a warm, concise way for the visitor. Keep every fact, phone number, time and place exactly as in the draft; add no new facts, prices or promises. Plain text, no markdown.",
            },
            ...input.history
              .slice(-6)
              .map((t) => ({ role: t.sender === "user" ? "user" : "assistant", content: t.message })),
            { role: "user", content: input.visitorMessage },
            { role: "system", content: `DRAFT: ${input.reply.message}` },
          ],
        }),
      });
      if (!response.ok || !response.body) throw new Error(`model answered ${response.status}`);
      const decoder = new TextDecoder();
      let buffer = "";
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let newline: number;
        while ((newline = buffer.indexOf("\n")) >= 0) {
          const line = buffer.slice(0, newline).trim();
          buffer = buffer.slice(newline + 1);
          if (!line.startsWith("data:")) continue;
          const payload = line.slice(5).trim();
          if (payload === "[DONE]") continue;
          const delta = (JSON.parse(payload) as { choices?: Array<{ delta?: { content?: string } }> }).choices?.[0]
            ?.delta?.content;
          if (delta) {
            streamed += delta;
            frames.push(delta);
          }
        }
      }
    } finally {
      clearTimeout(timer);
    }
    if (!streamed.trim()) throw new Error("model returned no text");
    // The model must keep every phone number of the engine's answer.
    const phones = input.reply.message.match(PHONE) ?? [];
    if (phones.some((phone) => !streamed.includes(phone))) throw new Error("model dropped a phone number");
    frames.flush();
    return streamed;
  } catch (error) {
    ctx.logger.warn({ err: (error as Error).message }, "model wording failed; using the engine's text");
    // Tell the client to discard what it has shown so far, then stream the engine's text.
    frames.discard();
    if (streamed) onDelta("", true);
    return streamEngineText(input.reply.message, ctx.env.CHAT_STREAM_DELAY_MS, onDelta);
  }
}
