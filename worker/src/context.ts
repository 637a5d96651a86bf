import type { Emitter } from "@socket.io/redis-emitter";
import type { Db } from "@app/shared/db";
import type { Mailer } from "@app/shared/email/send";
import type { Env } from "@app/shared/env";
import type { Logger } from "@app/shared/logger";
import type { Queues } from "@app/shared/queues";

/** What every job processor may use. */
export interface WorkerContext {
  env: Env;
  logger: Logger;
  db: Db;
  mailer: Mailer;
  emitter: Emitter;
  queues: Queues;
}
