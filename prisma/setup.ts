/**
 * `npm run setup`: creates the database if missing, applies prisma/migrations
 * (no download, no native engine) and runs the idempotent seed.
 */
import path from "node:path";
import { createDb } from "@app/shared/db.server";
import { loadEnv } from "@app/shared/env.server";
import { applyMigrations, createDatabaseIfMissing } from "@app/shared/migrate.server";
import { ensureHolidays } from "@app/shared/scheduling/closures.server";
import { seed } from "./seed";

const env = await loadEnv();
const migrationsDir = path.join(import.meta.dirname, "migrations");

const created = await createDatabaseIfMissing(env.DATABASE_URL);
if (created) console.log(`database created: ${new URL(env.DATABASE_URL).pathname.slice(1)}`);
const { applied, alreadyApplied } = await applyMigrations(env.DATABASE_URL, migrationsDir);
console.log(`migrations: ${applied.length} applied, ${alreadyApplied.length} already in place`);

const db = createDb(env.DATABASE_URL, { max: 2 });
try {
  await seed(db, env);
  // The business's holidays for this year and the booking horizon, in every environment (docs/product.md#closed-days).
  const holidays = await ensureHolidays(db);
  if (holidays) console.log(`closed days: ${holidays} holidays added`);
} finally {
  await db.$disconnect();
}

// Staff push alerts (docs/decisions/010-customer-loop.md): say how to turn them on where they are off.
if (!env.PUSH) {
  console.log(
    "web push: off (no VAPID keys). Make a pair with `npx web-push generate-vapid-keys` and set VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT (mailto: or https:).",
  );
} else if (env.PUSH.source === "development") {
  console.log(
    "web push: on, with a development key pair derived from SESSION_SECRET. For production make a pair with `npx web-push generate-vapid-keys` and set VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT.",
  );
}
