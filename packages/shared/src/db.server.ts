import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient, type Prisma } from "./.server/prisma/client";

export * from "./.server/prisma/client";

/** How long a query (or a transaction) may wait for a free connection of the pool. */
export const POOL_WAIT_MS = 5_000;

/** One Prisma client on a pg pool. The pool reconnects by itself after a database restart. */
export function createDb(databaseUrl: string, options: { max?: number } = {}) {
  const adapter = new PrismaPg({
    connectionString: databaseUrl,
    max: options.max ?? 10,
    connectionTimeoutMillis: POOL_WAIT_MS,
    idleTimeoutMillis: 30_000,
  });
  return new PrismaClient({ adapter });
}

export type Db = ReturnType<typeof createDb>;

/** The client or a transaction's: what a read (or a write inside the caller's transaction) runs on. */
export type Reader = Db | Prisma.TransactionClient;
