/**
 * A local stand-in for an OpenAI-compatible chat completions API (streamed,
 * server-sent events), so the model path of the chat assistant runs for real
 * in tests. `mode` picks what it does next: reword, fail, or break mid-stream.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

type LlmMode =
  | { kind: "reword"; prefix: string }
  | { kind: "error"; status: number }
  | { kind: "break-mid-stream" }
  | { kind: "drop-phone" };

export async function startLlmStandin() {
  const state: {
    mode: LlmMode;
    requests: Array<{ model: string; messages: Array<{ role: string; content: string }> }>;
  } = {
    mode: { kind: "reword", prefix: "Happy to help! " },
    requests: [],
  };
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (req.method !== "POST" || req.url !== "/chat/completions") {
      res.writeHead(404).end();
      return;
    }
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    state.requests.push(body);
    const draft = String(body.messages.at(-1)?.content ?? "").replace(/^DRAFT: /, "");
    const mode = state.mode;
    if (mode.kind === "error") {
      res
        .writeHead(mode.status, { "Content-Type": "application/json" })
        .end(JSON.stringify({ error: { message: "injected" } }));
      return;
    }
    res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache" });
    const text =
      mode.kind === "drop-phone"
        ? "Please give us a ring any time."
        : `${mode.kind === "reword" ? mode.prefix : ""}${draft}`;
    const pieces = text.match(/\S+\s*/g) ?? [text];
    for (const [i, piece] of pieces.entries()) {
      if (mode.kind === "break-mid-stream" && i === 3) {
        res.destroy();
        return;
      }
      res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: piece } }] })}\n\n`);
    }
    res.write("data: [DONE]\n\n");
    res.end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    state,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
