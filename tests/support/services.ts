/**
 * Where the tests find PostgreSQL and Redis: DATABASE_URL and REDIS_URL when
 * set (how CI runs), otherwise containers started with Testcontainers when
 * Docker is available; with neither, the run stops with a clear message.
 */
import { execFileSync } from "node:child_process";

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
  if (!dockerAvailable()) {
    throw new Error(
      [
        "The tests need PostgreSQL and Redis.",
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
