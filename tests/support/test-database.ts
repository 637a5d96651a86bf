import { afterAll, beforeAll } from "vitest";
import { createDb, type Db } from "@app/shared/db.server";
import { cloneDatabase, dropDatabase, runId } from "./database";

/**
 * A database of the test file's own, cloned from the migrated template before
 * its tests and dropped after them (for suites that need the schema but no
 * running web or worker). Call it at the top of the file; the getter gives the
 * Prisma client once the suite has started.
 */
export function useClonedDatabase(label: string): () => Db {
  const name = `bce_test_${runId()}_${label}`;
  let db: Db | undefined;
  beforeAll(async () => {
    db = createDb(await cloneDatabase(process.env.TEST_PG_URL!, process.env.TEST_TEMPLATE_DB!, name), { max: 2 });
  });
  afterAll(async () => {
    await db?.$disconnect();
    await dropDatabase(process.env.TEST_PG_URL!, name);
  });
  return () => {
    if (!db) throw new Error("the test database is not ready: use it inside a test");
    return db;
  };
}
