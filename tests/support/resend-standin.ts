/**
 * A local stand-in for the email provider's HTTP API (the part the Resend SDK
 * calls: POST /emails), so the real SDK code path runs in tests and in
 * development. It honours Idempotency-Key as the provider does: a repeated key
 * returns the first answer and delivers nothing new.
 *
 * Test hooks: GET /__emails (?to=), DELETE /__emails, POST /__faults
 * { failNext?: number, status?: number, delayMs?: number, match?: string, retryAfter?: number }
 * (with `match`, only sends whose subject or text contains it count; `retryAfter`, seconds, is
 * the Retry-After header of the failures, as the provider's 429 carries it).
 * Run directly (`tsx tests/support/resend-standin.ts`) it is the development
 * mailbox: open http://localhost:3025 to read what the app sent.
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface CapturedEmail {
  id: string;
  from: string;
  to: string[];
  subject: string;
  text?: string;
  html?: string;
  reply_to?: string[] | string;
  headers?: Record<string, string>;
  attachments?: Array<{ filename: string; content: string; content_type?: string }>;
  idempotencyKey?: string;
  createdAt: string;
}

export interface ResendStandin {
  url: string;
  port: number;
  emails: CapturedEmail[];
  /** Emails addressed to `to` (all when omitted). */
  list(to?: string): CapturedEmail[];
  /** Waits until `predicate` holds for the captured emails (default 10 s). */
  waitFor(predicate: (emails: CapturedEmail[]) => boolean, timeoutMs?: number): Promise<CapturedEmail[]>;
  clear(): void;
  faults: { failNext: number; status: number; delayMs: number; match: string; retryAfter: number };
  /** Send requests that have arrived so far, whether or not they have been answered yet. */
  received(): number;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startResendStandin(options: { port?: number; host?: string } = {}): Promise<ResendStandin> {
  const emails: CapturedEmail[] = [];
  const idempotent = new Map<string, { id: string }>();
  const faults = { failNext: 0, status: 500, delayMs: 0, match: "", retryAfter: 0 };
  let received = 0;

  const server: Server = createServer(async (req, res) => {
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "Content-Type": "application/json", ...headers });
      res.end(JSON.stringify(body));
    };
    const url = new URL(req.url ?? "/", "http://localhost");
    try {
      if (req.method === "POST" && url.pathname === "/emails") {
        if (!/^Bearer \S+/.test(req.headers.authorization ?? "")) {
          return send(401, {
            statusCode: 401,
            name: "missing_api_key",
            message: "Missing API key in the authorization header",
          });
        }
        const body = JSON.parse(await readBody(req)) as Partial<CapturedEmail> & { to?: string | string[] };
        received++;
        if (faults.delayMs) await new Promise((r) => setTimeout(r, faults.delayMs));
        const matches = !faults.match || `${body.subject ?? ""}\n${body.text ?? ""}`.includes(faults.match);
        if (faults.failNext > 0 && matches) {
          faults.failNext--;
          return send(
            faults.status,
            { statusCode: faults.status, name: "application_error", message: "Injected failure" },
            faults.retryAfter ? { "Retry-After": String(faults.retryAfter) } : {},
          );
        }
        const to = Array.isArray(body.to) ? body.to : body.to ? [body.to] : [];
        if (!body.from || !to.length || !body.subject) {
          return send(422, { statusCode: 422, name: "validation_error", message: "from, to and subject are required" });
        }
        const key = req.headers["idempotency-key"];
        const idempotencyKey = typeof key === "string" ? key : undefined;
        if (idempotencyKey && idempotent.has(idempotencyKey)) return send(200, idempotent.get(idempotencyKey));
        const email: CapturedEmail = {
          id: randomUUID(),
          from: body.from,
          to,
          subject: body.subject,
          text: body.text,
          html: body.html,
          reply_to: body.reply_to,
          headers: body.headers,
          attachments: body.attachments,
          idempotencyKey,
          createdAt: new Date().toISOString(),
        };
        emails.push(email);
        if (idempotencyKey) idempotent.set(idempotencyKey, { id: email.id });
        return send(200, { id: email.id });
      }
      if (req.method === "GET" && url.pathname.startsWith("/emails/")) {
        const email = emails.find((e) => e.id === url.pathname.slice("/emails/".length));
        return email
          ? send(200, { object: "email", ...email })
          : send(404, { statusCode: 404, name: "not_found", message: "Email not found" });
      }
      if (url.pathname === "/__emails") {
        if (req.method === "DELETE") {
          emails.length = 0;
          idempotent.clear();
          return send(200, { ok: true });
        }
        const to = url.searchParams.get("to");
        return send(200, to ? emails.filter((e) => e.to.includes(to)) : emails);
      }
      if (req.method === "POST" && url.pathname === "/__faults") {
        Object.assign(faults, JSON.parse((await readBody(req)) || "{}"));
        return send(200, faults);
      }
      if (req.method === "GET" && url.pathname === "/") {
        res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
        res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Development mailbox</title></head><body style="font-family:system-ui;margin:2rem">
<h1>Development mailbox</h1><p>${emails.length} email(s) captured. Newest first.</p>
${[...emails]
  .reverse()
  .map(
    (e) =>
      `<details style="border:1px solid #ccc;border-radius:6px;padding:.5rem 1rem;margin:.5rem 0"><summary><b>${escape(e.subject)}</b> → ${escape(e.to.join(", "))} <small>${e.createdAt}</small></summary><pre style="white-space:pre-wrap">${escape(e.text ?? "")}</pre></details>`,
  )
  .join("")}</body></html>`);
        return;
      }
      send(404, { statusCode: 404, name: "not_found", message: "Unknown path" });
    } catch (error) {
      send(400, { statusCode: 400, name: "invalid_request", message: (error as Error).message });
    }
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const list = (to?: string) => (to ? emails.filter((e) => e.to.includes(to)) : [...emails]);
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    emails,
    list,
    faults,
    received: () => received,
    clear() {
      emails.length = 0;
      idempotent.clear();
    },
    async waitFor(predicate, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (predicate(emails)) return [...emails];
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(
        `Timed out waiting for emails; captured: ${emails.map((e) => `${e.subject} → ${e.to.join(",")}`).join("; ") || "none"}`,
      );
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.env.DEV_MAILBOX_PORT ?? 3025);
  const standin = await startResendStandin({ port });
  console.log(
    `development mailbox on http://localhost:${standin.port} (emails the app sends in development land here)`,
  );
}
