import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import postgres from "postgres";

/**
 * Applies prisma/migrations the way `prisma migrate deploy` does, with no
 * native schema engine: same advisory lock, same `_prisma_migrations` rows and
 * checksums, so `prisma migrate deploy` elsewhere recognises the history.
 * See docs/decisions/002-migrations-without-the-schema-engine.md.
 */

const PRISMA_ADVISORY_LOCK = 72707369;

export interface MigrationResult {
  applied: string[];
  alreadyApplied: string[];
}

export async function createDatabaseIfMissing(databaseUrl: string): Promise<boolean> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!name) throw new Error("DATABASE_URL names no database");
  url.pathname = "/postgres";
  const sql = postgres(url.toString(), { max: 1, onnotice: () => {} });
  try {
    const rows = await sql`select 1 from pg_database where datname = ${name}`;
    if (rows.length) return false;
    await sql.unsafe(`create database "${name.replace(/"/g, '""')}"`);
    return true;
  } catch (error) {
    // Another process created it in the meantime.
    if ((error as { code?: string }).code === "42P04") return false;
    throw error;
  } finally {
    await sql.end();
  }
}

export async function applyMigrations(databaseUrl: string, migrationsDir: string): Promise<MigrationResult> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const result: MigrationResult = { applied: [], alreadyApplied: [] };
  try {
    await sql`select pg_advisory_lock(${PRISMA_ADVISORY_LOCK})`;
    try {
      await sql`
        create table if not exists "_prisma_migrations" (
          "id" varchar(36) primary key not null,
          "checksum" varchar(64) not null,
          "finished_at" timestamptz,
          "migration_name" varchar(255) not null,
          "logs" text,
          "rolled_back_at" timestamptz,
          "started_at" timestamptz not null default now(),
          "applied_steps_count" integer not null default 0
        )`;
      const failed = await sql`
        select migration_name from "_prisma_migrations"
        where finished_at is null and rolled_back_at is null`;
      if (failed.length) {
        throw new Error(
          `Migration ${failed[0]!.migration_name} failed earlier and was not resolved; fix the database, then mark it rolled back.`,
        );
      }
      const done = new Set(
        (
          await sql`select migration_name from "_prisma_migrations" where rolled_back_at is null and finished_at is not null`
        ).map((r) => r.migration_name as string),
      );
      const folders = (await readdir(migrationsDir, { withFileTypes: true }))
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
        .sort();
      for (const name of folders) {
        if (done.has(name)) {
          result.alreadyApplied.push(name);
          continue;
        }
        const script = await readFile(path.join(migrationsDir, name, "migration.sql"), "utf8");
        const checksum = createHash("sha256").update(script).digest("hex");
        const id = randomUUID();
        await sql`
          insert into "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count)
          values (${id}, ${checksum}, ${name}, now(), 0)`;
        try {
          await sql.begin(async (tx) => {
            await tx.unsafe(script).simple();
          });
        } catch (error) {
          await sql`update "_prisma_migrations" set logs = ${String((error as Error).stack ?? error)} where id = ${id}`;
          throw new Error(`Migration ${name} failed: ${(error as Error).message}`, { cause: error });
        }
        await sql`update "_prisma_migrations" set applied_steps_count = 1, finished_at = now() where id = ${id}`;
        result.applied.push(name);
      }
    } finally {
      await sql`select pg_advisory_unlock(${PRISMA_ADVISORY_LOCK})`;
    }
  } finally {
    await sql.end();
  }
  return result;
}
