/**
 * Where the tests find PostgreSQL and Redis: DATABASE_URL and REDIS_URL when
 * set (how CI runs); else the local servers `npm run dev` uses by default, when
 * they answer; else containers started with Testcontainers when Docker is
 * available; with none of these, the run stops with a clear message.
 */
import { execFileSync } from "node:child_process";
import { Redis } from "ioredis";
import postgres from "postgres";

/** The servers `npm run dev` uses when nothing is set (packages/shared/src/env.server.ts); tests only create and drop their own databases there. */
const LOCAL_PG = "postgresql://postgres@127.0.0.1:5432/postgres";
const LOCAL_REDIS = "redis://127.0.0.1:6379";

async function localServicesAnswer(): Promise<boolean> {
  const sql = postgres(LOCAL_PG, { max: 1, connect_timeout: 2, onnotice: () => {} });
  const redis = new Redis(LOCAL_REDIS, {
    lazyConnect: true,
    connectTimeout: 2_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on("error", () => {});
  try {
    await Promise.all([sql`select 1`, redis.connect().then(() => redis.ping())]);
    return true;
  } catch {
    return false;
  } finally {
    redis.disconnect();
    await sql.end({ timeout: 1 });
  }
}

export interface TestServices {
  /** A server URL whose path is ignored: tests create their own databases. */
  databaseUrl: string;
  redisUrl: string;
  stop(): Promise<void>;
}

function dockerAvailable(): boolean {
  try {
    execFileSync("docker", ["info"], { stdio: "ignore", timeout: 5_000 });
    return true;
  } catch {
    return false;
  }
}

export async function resolveTestServices(): Promise<TestServices> {
  const { DATABASE_URL, REDIS_URL } = process.env;
  if (DATABASE_URL && REDIS_URL) return { databaseUrl: DATABASE_URL, redisUrl: REDIS_URL, stop: async () => {} };
  if (!DATABASE_URL && !REDIS_URL && (await localServicesAnswer()))
    return { databaseUrl: LOCAL_PG, redisUrl: LOCAL_REDIS, stop: async () => {} };
  if (!dockerAvailable()) {
    throw new Error(
      [
        `The tests need PostgreSQL and Redis, and found neither answering at ${LOCAL_PG} and ${LOCAL_REDIS}.`,
        "Either set DATABASE_URL and REDIS_URL (for example postgresql://postgres@127.0.0.1:5432/postgres and redis://127.0.0.1:6379),",
        "or make Docker available so Testcontainers can start both.",
      ].join("\n"),
    );
  }
  const { PostgreSqlContainer } = await import("@testcontainers/postgresql");
  const { RedisContainer } = await import("@testcontainers/redis");
  const [pg, redis] = await Promise.all([
    DATABASE_URL ? null : new PostgreSqlContainer("postgres:16-alpine").start(),
    REDIS_URL ? null : new RedisContainer("redis:7-alpine").start(),
  ]);
  return {
    databaseUrl: DATABASE_URL ?? pg!.getConnectionUri(),
    redisUrl: REDIS_URL ?? redis!.getConnectionUrl(),
    async stop() {
      await Promise.all([pg?.stop(), redis?.stop()]);
    },
  };
}
