/**
 * A whole running system for a test: its own database (copied from the
 * migrated template), its own Redis key prefix, the email stand-in, and the
 * production builds of web and worker as real processes.
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import { Redis } from "ioredis";
import { SMS_WEBHOOK_PATH } from "@app/shared/api/texts";
import { createDb, type Db } from "@app/shared/db.server";
import { cloneDatabase, createTemplate, dropDatabase, runId, withDatabase } from "./database";
import { freePort, ROOT, startProcess, type ManagedProcess } from "./processes";
import { startResendStandin, type ResendStandin } from "./resend-standin";
import { startStripeStandin, type StripeStandin } from "./stripe-standin";
import { VOICE_STATUS_PATH, VOICE_WEBHOOK_PATH } from "@app/shared/api/calls";
import { startTwilioStandin, type TwilioStandin } from "./twilio-standin";

export const STAFF_EMAIL = "staff@test.example.com";
export const ADMIN_EMAIL = "admin@test.example.com";
export const ADMIN_PASSWORD = "correct-horse-battery";
/** The test stack's SESSION_SECRET: tests sign what the app signs (a confirmation page's key) with it. */
export const TEST_SESSION_SECRET = "test-session-secret-that-is-long-enough-1234";

export interface Stack {
  url: string;
  /** The URL of web process i (0 is `url`). */
  urls: string[];
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  db: Db;
  mail: ResendStandin;
  /** The Stripe stand-in, when the stack was started with `stripe: true` (its webhook URL set to the first web's). */
  stripe?: StripeStandin;
  /** The Twilio stand-in, when the stack was started with `twilio: true` (its inbound texts go to the first web). */
  twilio?: TwilioStandin;
  webs: ManagedProcess[];
  workers: ManagedProcess[];
  startWorker(extraEnv?: Record<string, string>): Promise<ManagedProcess>;
  startWeb(extraEnv?: Record<string, string>): Promise<ManagedProcess>;
  env: Record<string, string>;
  stop(): Promise<void>;
}

export interface StackOptions {
  workers?: number;
  webs?: number;
  env?: Record<string, string>;
  redisUrl?: string;
  name?: string;
  /** Extra environment for web processes only. */
  webEnv?: Record<string, string>;
  /** A PostgreSQL server of the test's own (its database is migrated there from scratch). */
  pgServerUrl?: string;
  /** Online payments against the Stripe stand-in (tests/support/stripe-standin.ts): STRIPE_* set for every process. */
  stripe?: boolean;
  /** Text messages against the Twilio stand-in (tests/support/twilio-standin.ts): TWILIO_* set for every process. */
  twilio?: boolean;
}

/**
 * The environment of a stack run in production mode (benchmarks, Lighthouse):
 * production refuses the secrets published in the repository, these included,
 * so each run gets secrets of its own. APP_URL is set per process by the stack,
 * and RESEND_API_KEY points at the stand-in (RESEND_BASE_URL).
 */
export function productionEnv(): Record<string, string> {
  return {
    NODE_ENV: "production",
    SESSION_SECRET: randomBytes(48).toString("base64url"),
    ADMIN_PASSWORD: randomBytes(18).toString("base64url"),
    RESEND_API_KEY: `re_${randomBytes(16).toString("hex")}`,
  };
}

function testEnvironment() {
  const serverUrl = process.env.TEST_PG_URL;
  const template = process.env.TEST_TEMPLATE_DB;
  const redisUrl = process.env.TEST_REDIS_URL;
  if (!serverUrl || !template || !redisUrl)
    throw new Error("Test services not prepared: run through the vitest or playwright config (tests/global-setup.ts).");
  return { serverUrl, template, redisUrl };
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const shared = testEnvironment();
  const serverUrl = options.pgServerUrl ?? shared.serverUrl;
  const sharedRedis = shared.redisUrl;
  const id = runId();
  const name = options.name ?? "stack";
  const dbName = `bce_test_${id}`;
  let databaseUrl: string;
  if (options.pgServerUrl) {
    await createTemplate(serverUrl, dbName);
    databaseUrl = withDatabase(serverUrl, dbName);
  } else {
    databaseUrl = await cloneDatabase(serverUrl, shared.template, dbName);
  }
  const redisUrl = options.redisUrl ?? sharedRedis;
  const redisPrefix = `bcetest-${id}`;
  const mail = await startResendStandin();
  const stripe = options.stripe ? await startStripeStandin() : undefined;
  const twilio = options.twilio ? await startTwilioStandin() : undefined;

  const webPorts: number[] = [];
  const env: Record<string, string> = {
    NODE_ENV: "test",
    LOG_LEVEL: "info",
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    SESSION_SECRET: TEST_SESSION_SECRET,
    RESEND_API_KEY: "re_test_key",
    RESEND_BASE_URL: mail.url,
    STAFF_EMAIL,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    EMAIL_FROM: "Bayou Current Electric <no-reply@test.example.com>",
    TRUST_PROXY: "1",
    SWEEP_INTERVAL_MS: "500",
    SWEEP_GRACE_MS: "1000",
    JOB_LOCK_MS: "3000",
    CHAT_STREAM_DELAY_MS: "2",
    ...stripe?.env,
    ...twilio?.env,
    ...options.env,
  };

  const webs: ManagedProcess[] = [];
  const workers: ManagedProcess[] = [];
  const urls: string[] = [];

  const startWeb = async (extraEnv: Record<string, string> = {}) => {
    const port = await freePort();
    webPorts.push(port);
    const url = `http://127.0.0.1:${port}`;
    const web = startProcess(
      `${name}-${id}-web${webs.length}`,
      path.join(ROOT, "web", process.env.WEB_BUILD_DIR ?? "build", "server.js"),
      {
        ...env,
        PORT: String(port),
        APP_URL: env.APP_URL ?? url,
        ...options.webEnv,
        ...extraEnv,
      },
    );
    await waitForHealthy(url, web);
    webs.push(web);
    urls.push(url);
    return web;
  };
  const startWorker = async (extraEnv: Record<string, string> = {}) => {
    const worker = startProcess(
      `${name}-${id}-worker${workers.length}`,
      path.join(ROOT, "worker", process.env.WORKER_DIST_DIR ?? "dist", "index.js"),
      {
        ...env,
        APP_URL: env.APP_URL ?? urls[0] ?? "http://127.0.0.1",
        ...extraEnv,
      },
    );
    // As long as a web process may take to answer (waitForHealthy): on a loaded machine a start takes more than 30 s.
    await worker.waitForOutput(/worker started/, 120_000);
    workers.push(worker);
    return worker;
  };

  for (let i = 0; i < (options.webs ?? 1); i++) await startWeb();
  for (let i = 0; i < (options.workers ?? 1); i++) await startWorker();

  const db = createDb(databaseUrl, { max: 3 });
  if (stripe) stripe.webhookUrl = `${urls[0]}/api/webhooks/stripe`;
  if (twilio) {
    twilio.smsWebhookUrl = `${urls[0]}${SMS_WEBHOOK_PATH}`;
    twilio.voiceWebhookUrl = `${urls[0]}${VOICE_WEBHOOK_PATH}`;
    twilio.voiceStatusUrl = `${urls[0]}${VOICE_STATUS_PATH}`;
  }
  return {
    url: urls[0]!,
    urls,
    databaseUrl,
    redisUrl,
    redisPrefix,
    db,
    mail,
    stripe,
    twilio,
    webs,
    workers,
    startWorker,
    startWeb,
    env,
    async stop() {
      await Promise.allSettled([...webs, ...workers].map((p) => p.kill("SIGKILL")));
      await db.$disconnect();
      await mail.close();
      await stripe?.close();
      await twilio?.close();
      await deleteRedisPrefix(redisUrl, redisPrefix).catch(() => {});
      await dropDatabase(serverUrl, dbName);
    },
  };
}

/**
 * Waits for a web process to answer /healthz. One that exits fails at once; the deadline is only for
 * one that stays up and never answers, so it is far above a start on a loaded machine (more than 30 s
 * on two cores shared with other suites, README.md, "Test time"), which is no failure of the app.
 */
async function waitForHealthy(url: string, proc: ManagedProcess, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc.child.exitCode !== null)
      throw new Error(`${proc.name} exited (${proc.child.exitCode}):\n${proc.output().slice(-4000)}`);
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${proc.name} did not become healthy:\n${proc.output().slice(-4000)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Removes every key a test wrote under its prefix. */
export async function deleteRedisPrefix(redisUrl: string, prefix: string) {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
  await redis.connect();
  try {
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}:*`, "COUNT", 500);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== "0");
  } finally {
    redis.disconnect();
  }
}

/** JSON POST helper that gives each test its own client IP (TRUST_PROXY=1 in tests). */
export async function postJson(
  url: string,
  body: unknown,
  init: { ip?: string; headers?: Record<string, string>; raw?: string } = {},
) {
  const response = await fetch(url, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "X-Forwarded-For": init.ip ?? randomIp(),
      ...init.headers,
    },
    body: init.raw ?? JSON.stringify(body),
  });
  const text = await response.text();
  // Untyped on purpose: each test reads the fields it asserts, and its assertions check the shape.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the body of any endpoint, read by ~150 assertions
  let json: any = undefined;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: response.status, headers: response.headers, json, text };
}

export function randomIp() {
  const b = () => Math.floor(Math.random() * 250) + 1;
  return `10.${b()}.${b()}.${b()}`;
}
