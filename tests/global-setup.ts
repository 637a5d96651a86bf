/**
 * Prepares PostgreSQL and Redis for a test run (vitest and playwright): finds
 * the services, migrates one template database, and removes it afterwards,
 * with the shared stacks the run started (tests/support/shared-stack.ts).
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createTemplate, dropDatabase, dropStaleTestDatabases, runId } from "./support/database";
import { resolveTestServices } from "./support/services";
import { stopSharedStacks } from "./support/shared-stack";

const PREPARED = Symbol.for("bce.test.globalSetup");

export default async function globalSetup() {
  // Vitest runs the global setup once for each project of tests/vitest.config.ts, all in one process:
  // the first call prepares the run and the others find it prepared.
  const run = globalThis as { [PREPARED]?: boolean };
  if (run[PREPARED]) return async () => {};
  run[PREPARED] = true;
  const services = await resolveTestServices();
  const template = `bce_test_${runId()}_template`;
  await dropStaleTestDatabases(services.databaseUrl);
  await createTemplate(services.databaseUrl, template);
  const sharedStacks = mkdtempSync(path.join(tmpdir(), "bce-shared-stacks-"));
  process.env.TEST_PG_URL = services.databaseUrl;
  process.env.TEST_REDIS_URL = services.redisUrl;
  process.env.TEST_TEMPLATE_DB = template;
  process.env.TEST_SHARED_STACKS = sharedStacks;
  return async () => {
    await stopSharedStacks(sharedStacks);
    await dropDatabase(services.databaseUrl, template);
    await services.stop();
  };
}
