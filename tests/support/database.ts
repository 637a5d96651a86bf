/**
 * Per-test databases: one template is migrated once per run, and each test
 * file or worker gets its own copy (CREATE DATABASE … TEMPLATE), dropped at
 * the end. Nothing outside these databases is touched.
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import postgres from "postgres";
import { applyMigrations } from "@app/shared/migrate.server";

const MIGRATIONS = path.resolve(import.meta.dirname, "../../prisma/migrations");

export function withDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function admin(serverUrl: string) {
  return postgres(withDatabase(serverUrl, "postgres"), { max: 1, onnotice: () => {} });
}

export const runId = () => `${Date.now().toString(36)}${randomBytes(3).toString("hex")}`;

export async function createTemplate(serverUrl: string, name: string): Promise<void> {
  const sql = admin(serverUrl);
  try {
    await sql.unsafe(`drop database if exists "${name}" with (force)`);
    await sql.unsafe(`create database "${name}"`);
  } finally {
    await sql.end();
  }
  await applyMigrations(withDatabase(serverUrl, name), MIGRATIONS);
}

export async function cloneDatabase(serverUrl: string, template: string, name: string): Promise<string> {
  const sql = admin(serverUrl);
  try {
    // A template must have no other connections while it is copied; retry briefly if one lingers.
    for (let attempt = 0; ; attempt++) {
      try {
        await sql.unsafe(`create database "${name}" template "${template}"`);
        break;
      } catch (error) {
        if (attempt >= 20 || !/being accessed by other users/.test((error as Error).message)) throw error;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  } finally {
    await sql.end();
  }
  return withDatabase(serverUrl, name);
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  const sql = admin(serverUrl);
  try {
    await sql.unsafe(`drop database if exists "${name}" with (force)`);
  } finally {
    await sql.end();
  }
}

/** Drops databases left by earlier runs that were killed before cleaning up (older than a day). */
export async function dropStaleTestDatabases(serverUrl: string): Promise<void> {
  const sql = admin(serverUrl);
  try {
    const rows = await sql<{ datname: string }[]>`select datname from pg_database where datname like 'bce_test_%'`;
    const dayAgo = Date.now() - 24 * 3600 * 1000;
    for (const { datname } of rows) {
      const stamp = parseInt(datname.split("_")[2] ?? "", 36);
      if (Number.isFinite(stamp) && stamp < dayAgo)
        await sql.unsafe(`drop database if exists "${datname}" with (force)`);
    }
  } finally {
    await sql.end();
  }
}
