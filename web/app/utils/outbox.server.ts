import type { AppLoadContext } from "@remix-run/node";
import type { Prisma } from "@app/shared/db.server";
import { withOutbox, type Outbox } from "@app/shared/outbox.server";

/**
 * A business change and the notifications it owes, in one transaction; the
 * notifications are relayed after the commit (packages/shared/src/outbox.server.ts,
 * docs/decisions/008-notification-outbox.md).
 */
export function inTransaction<T>(
  context: AppLoadContext,
  work: (tx: Prisma.TransactionClient, outbox: Outbox) => Promise<T>,
): Promise<T> {
  const { db, queues } = context.services;
  return withOutbox({ db, queues, logger: context.logger }, work);
}
