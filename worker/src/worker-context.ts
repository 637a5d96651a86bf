import type { Emitter } from "@socket.io/redis-emitter";
import type { Db } from "@app/shared/db.server";
import type { Mailer } from "@app/shared/email/send.server";
import type { Env } from "@app/shared/env.server";
import type { Logger } from "@app/shared/logger.server";
import type { Queues } from "@app/shared/queues.server";
import type { TextSender } from "@app/shared/texts/text-sender.server";
import { HeldByCap, type VisitorEmailCap } from "@app/shared/visitor-email-cap.server";

/** What every job processor may use. */
export interface WorkerContext {
  env: Env;
  logger: Logger;
  db: Db;
  mailer: Mailer;
  /** Text messages (docs/product.md#texts): answers "texts off" when TWILIO_* are unset. */
  texts: TextSender;
  emitter: Emitter;
  queues: Queues;
  /** The hourly cap on email to addresses visitors typed (ANON_REQUESTS_PER_HOUR). */
  visitorEmails: VisitorEmailCap;
}

/**
 * Just before an email to an address a visitor typed (`visitorCap` in its payload) is sent: takes
 * its place in the hour's cap, or throws HeldByCap, and the worker puts the row back until then.
 */
export async function takeVisitorEmailPlace(ctx: WorkerContext, data: { visitorCap?: boolean }): Promise<void> {
  if (!data.visitorCap) return;
  const until = await ctx.visitorEmails.take();
  if (until) throw new HeldByCap(until);
}
