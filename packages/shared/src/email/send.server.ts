import { Resend } from "resend";
import type { Db } from "../db.server";
import type { Logger } from "../logger.server";
import type { RenderedEmail } from "./templates";

export interface Mailer {
  send(input: OutgoingEmail): Promise<{ status: "sent" | "logged"; providerId?: string }>;
}

export interface OutgoingEmail extends RenderedEmail {
  to: string;
  kind: string;
  /** What the email is about (`contact:12`). Also the provider's idempotency key,
   *  so a retry after a crash never delivers the same email twice. */
  relatedKey: string;
  replyTo?: string;
  /** Extra headers, e.g. List-Unsubscribe (RFC 8058) on reminders and review requests. */
  headers?: Record<string, string>;
  attachments?: Array<{ filename: string; content: string | Buffer; contentType?: string }>;
}

export class EmailSendError extends Error {
  constructor(
    message: string,
    public readonly retryable: boolean,
    /** The provider's rate limit was reached (429): how long until it takes sends again (ms). */
    public readonly rateLimitedForMs: number | null = null,
  ) {
    super(message);
    this.name = "EmailSendError";
  }
}

/** How long a 429 asks us to wait: `retry-after` (seconds), else `ratelimit-reset` (seconds), else one second. */
function rateLimitWait(headers: Record<string, string> | null | undefined): number {
  for (const name of ["retry-after", "ratelimit-reset"]) {
    const seconds = Number(headers?.[name]);
    if (Number.isFinite(seconds) && seconds > 0) return Math.min(seconds, 600) * 1000;
  }
  return 1000;
}

/**
 * Sends through the Resend SDK (honouring RESEND_BASE_URL) and records every
 * attempt in the email log. With the `log` transport (EMAIL_TRANSPORT=log, or no
 * API key outside production) no provider client exists: the email is recorded
 * as `logged`, never sent. Its body (which may hold a reset link) reaches the
 * process log only when `logBodies` is set, in development.
 */
export function createMailer(options: {
  db: Db;
  logger: Logger;
  transport: "resend" | "log";
  apiKey?: string;
  baseUrl?: string;
  from: string;
  logBodies?: boolean;
}): Mailer {
  const { db, logger, transport, apiKey, baseUrl, from, logBodies = false } = options;
  const resend = transport === "resend" && apiKey ? new Resend(apiKey, baseUrl ? { baseUrl } : undefined) : null;

  return {
    async send(email) {
      const record = (status: "sent" | "failed" | "logged", providerId?: string, error?: string) =>
        db.emailLog.create({
          data: {
            to: email.to,
            subject: email.subject,
            kind: email.kind,
            status,
            providerId,
            error,
            relatedKey: email.relatedKey,
          },
        });

      if (!resend) {
        const what = { to: email.to, kind: email.kind, subject: email.subject, relatedKey: email.relatedKey };
        logger.info(logBodies ? { ...what, text: email.text } : what, "email logged, not sent");
        await record("logged");
        return { status: "logged" };
      }

      const { data, error, headers } = await resend.emails.send(
        {
          from,
          to: [email.to],
          subject: email.subject,
          text: email.text,
          html: email.html,
          replyTo: email.replyTo,
          headers: email.headers,
          attachments: email.attachments?.map((a) => ({
            filename: a.filename,
            content: Buffer.from(a.content).toString("base64"),
            contentType: a.contentType,
          })),
          tags: [{ name: "kind", value: email.kind.replace(/[^\w-]/g, "_") }],
        },
        { idempotencyKey: `${email.kind}/${email.relatedKey}` },
      );
      if (error || !data) {
        const message = error?.message ?? "no response from the email provider";
        const status = (error as { statusCode?: number | null } | null)?.statusCode ?? null;
        await record("failed", undefined, message);
        // 4xx other than 409/429 means the request itself is wrong: retrying will not help.
        const retryable = status === null || status >= 500 || status === 429 || status === 409;
        throw new EmailSendError(
          `Email "${email.subject}" to ${email.to} failed: ${message}`,
          retryable,
          status === 429 ? rateLimitWait(headers) : null,
        );
      }
      await record("sent", data.id);
      logger.info({ to: email.to, kind: email.kind, providerId: data.id, relatedKey: email.relatedKey }, "email sent");
      return { status: "sent", providerId: data.id };
    },
  };
}
