/**
 * Prepares PostgreSQL and Redis for a test run (vitest and playwright): finds
 * the services, migrates one template database, and removes it afterwards.
 */
import { createTemplate, dropDatabase, dropStaleTestDatabases, runId } from "./support/database";
import { resolveTestServices } from "./support/services";

export default async function globalSetup() {
  const services = await resolveTestServices();
  const template = `bce_test_${runId()}_template`;
  await dropStaleTestDatabases(services.databaseUrl);
  await createTemplate(services.databaseUrl, template);
  process.env.TEST_PG_URL = services.databaseUrl;
  process.env.TEST_REDIS_URL = services.redisUrl;
  process.env.TEST_TEMPLATE_DB = template;
  return async () => {
    await dropDatabase(services.databaseUrl, template);
    await services.stop();
  };
}
