import type { ChatTurn, EngineReply } from "@app/shared/chat/engine";
import type { WorkerContext } from "./context";

const STREAM_PIECE_DELAY_MS = Number(process.env.CHAT_STREAM_DELAY_MS ?? 8);
const LLM_TIMEOUT_MS = 8_000;

const PHONE = /\(\d{3}\) \d{3}-\d{4}/g;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Streams the engine's own text in word-sized pieces. */
async function streamEngineText(text: string, onDelta: (delta: string) => void) {
  const pieces = text.match(/\S+\s*|\s+/g) ?? [text];
  for (const [i, piece] of pieces.entries()) {
    onDelta(piece);
    if (STREAM_PIECE_DELAY_MS > 0 && i < pieces.length - 1) await sleep(STREAM_PIECE_DELAY_MS);
  }
  return text;
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
  if (!llm) return streamEngineText(input.reply.message, onDelta);

  let streamed = "";
  try {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), LLM_TIMEOUT_MS);
    try {
      const response = await fetch(`${llm.baseUrl}/chat/completions`, {
        method: "POST",
        signal: controller.signal,
        headers: { "Content-Type": "application/json", ...(llm.apiKey ? { Authorization: `Bearer ${llm.apiKey}` } : {}) },
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
            ...input.history.slice(-6).map((t) => ({ role: t.sender === "user" ? "user" : "assistant", content: t.message })),
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
          const delta = (JSON.parse(payload) as { choices?: Array<{ delta?: { content?: string } }> }).choices?.[0]?.delta?.content;
          if (delta) {
            streamed += delta;
            onDelta(delta);
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
    return streamed;
  } catch (error) {
    ctx.logger.warn({ err: (error as Error).message }, "model wording failed; using the engine's text");
    // Tell the client to discard what it has shown so far, then stream the engine's text.
    if (streamed) onDelta("", true);
    return streamEngineText(input.reply.message, onDelta);
  }
}
