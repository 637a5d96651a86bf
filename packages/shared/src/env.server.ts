import { z } from "./zod";
import { PHONE_NUMBER_PATTERN, type BusinessOverrides } from "./business";
import { isIP } from "node:net";
import { isLocalName, isLoopbackAddress, parsePushServiceHost, type PushServiceHost } from "./api/push-services.server";
import { DEVELOPMENT_DATABASE_URL, DEVELOPMENT_REDIS_URL } from "./development-urls";
import { developmentVapidKeys } from "./keys.server";
import { DEVELOPMENT_DEFAULTS, isPublishedSecret, SECRET_VARIABLES } from "./published-secrets";

/**
 * Environment, parsed once at start. A missing or malformed variable stops the
 * process with a message naming it (see `loadEnv`). Defaults apply outside
 * production only; in production the secrets must be given.
 */

const emptyToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());

const base = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  APP_URL: optionalUrl,
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgresql:// URL")
      .optional(),
  ),
  REDIS_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^rediss?:\/\//, "must be a redis:// URL")
      .optional(),
  ),
  /** Prefix for every Redis key this deployment writes (queues, rate limits, socket.io). */
  REDIS_PREFIX: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[\w.-]+$/, "letters, digits, _ . - only")
      .default("bce"),
  ),
  SESSION_SECRET: optionalString,
  RESEND_API_KEY: optionalString,
  RESEND_BASE_URL: optionalUrl,
  /** `resend` sends through the provider; `log` never sends, only records each email (to, kind, subject) in the email log. */
  EMAIL_TRANSPORT: z.preprocess(emptyToUndefined, z.enum(["resend", "log"]).optional()),
  /** Development only: `npm run dev` points email at its local mailbox when no real key is set. */
  DEV_MAILBOX_URL: optionalUrl,
  EMAIL_FROM: optionalString,
  STAFF_EMAIL: z.preprocess(emptyToUndefined, z.email().optional()),
  ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email().optional()),
  ADMIN_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(8, "must be at least 8 characters").optional()),
  TRUST_PROXY: z.preprocess(emptyToUndefined, z.enum(["0", "1"]).optional()),
  LLM_BASE_URL: optionalUrl,
  LLM_API_KEY: optionalString,
  LLM_MODEL: optionalString,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
  /** How often the worker looks for leads whose notification was never sent (ms). */
  SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).default(30_000),
  /** How long a stored lead may wait for its notification before the sweeper re-queues it (ms). */
  SWEEP_GRACE_MS: z.coerce.number().int().min(0).default(60_000),
  /** How long a worker holds a job before another may take it over after a crash (ms). */
  JOB_LOCK_MS: z.coerce.number().int().min(1_000).default(30_000),
  /** How many emails one worker process sends at once (each mostly waits on the provider's answer). */
  EMAIL_CONCURRENCY: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(200).default(48)),
  /**
   * The email provider's rate limit for this account, sends per second across every worker (0: none).
   * Unset: Resend's default, 2, when sending to Resend's own API; none for RESEND_BASE_URL (a stand-in).
   */
  EMAIL_SENDS_PER_SECOND: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(10_000).optional()),
  /** After SIGTERM, how long web keeps serving (failing readiness) before it stops accepting connections (ms). */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  /** Whether the marketing pages are rendered once and kept (1, the default) or rendered for every request (0). */
  PAGE_CACHE: z.preprocess(emptyToUndefined, z.enum(["0", "1"]).default("1")),
  /**
   * How many appointment requests from visitors per hour may email the address the visitor typed;
   * past it requests are still stored but only staff are emailed.
   */
  ANON_REQUESTS_PER_HOUR: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).default(60)),
  /** Pace of the built-in engine's streamed reply: one piece of a few words every this many ms (0: all at once). */
  CHAT_STREAM_DELAY_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(1_000).default(30)),
  /** The hour (0-23, Baton Rouge time) of the day before a visit when its reminder goes out. */
  REMINDER_HOUR: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(23).default(9)),
  /** How long after a visit is completed the customer is asked for a review (minutes). */
  REVIEW_DELAY_MINUTES: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(10_080).default(120)),
  /** How many days before a plan visit is due the worker places it in an open arrival window (docs/product.md#plans). */
  PLAN_VISIT_LEAD_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(90).default(30)),
  /** Web Push (VAPID) key pair, base64url as `npx web-push generate-vapid-keys` prints it, and the contact the push services see. */
  VAPID_PUBLIC_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, "must be a P-256 public key in base64url (npx web-push generate-vapid-keys)")
      .optional(),
  ),
  VAPID_PRIVATE_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, "must be a P-256 private key in base64url (npx web-push generate-vapid-keys)")
      .optional(),
  ),
  VAPID_SUBJECT: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(mailto:|https:\/\/)\S+$/, "must be a mailto: address or an https:// URL")
      .optional(),
  ),
  /**
   * Push service hosts beyond the public ones (packages/shared/src/api/push-services.server.ts), comma-separated,
   * each `host` or `host:port`. Outside production an entry may be a loopback address (the tests' stand-in).
   */
  PUSH_SERVICE_HOSTS: optionalString,
  /** Run-time overrides of the business facts (packages/shared/src/business.ts). */
  BUSINESS_NAME: z.preprocess(emptyToUndefined, z.string().trim().max(100).optional()),
  BUSINESS_PHONE: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .regex(new RegExp(`^${PHONE_NUMBER_PATTERN.source}$`), "must be written like (225) 555-0142")
      .optional(),
  ),
  BUSINESS_EMAIL: z.preprocess(emptyToUndefined, z.email().optional()),
  BUSINESS_REVIEWS_URL: optionalUrl,
  /** Where job photos are kept on disk when no S3 bucket is set (docs/deploying.md#job-photos). */
  UPLOADS_DIR: z.preprocess(emptyToUndefined, z.string().default("./.uploads")),
  /** An S3-compatible bucket for job photos instead of the disk; S3_ENDPOINT for a provider other than AWS. */
  S3_BUCKET: optionalString,
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.preprocess(emptyToUndefined, z.string().default("us-east-1")),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** Stripe Checkout (docs/decisions/020-money-and-payments.md): unset, no "Pay online" button; staff payments work either way. */
  STRIPE_SECRET_KEY: optionalString,
  /** The signing secret of the webhook endpoint (whsec_…), which verifies `Stripe-Signature`. */
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Tests only: the origin of a local stand-in of Stripe's API (tests/support/stripe-standin.ts). */
  STRIPE_API_URL: optionalUrl,
  /** Development only: `npm run dev` points Stripe at its local stand-in when no real key is set. */
  DEV_STRIPE_URL: optionalUrl,
  /**
   * Text messages through Twilio (docs/product.md#texts, docs/decisions/026-text-messages.md): unset, the
   * product emails only and offers no consent box. The account's SID and auth token (which also verifies
   * `X-Twilio-Signature`), and what sends: a Messaging Service (MG…) or the business's number (E.164).
   */
  TWILIO_ACCOUNT_SID: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^AC[0-9a-fA-F]{32}$/, "must be an account SID, AC followed by 32 hexadecimal digits")
      .optional(),
  ),
  TWILIO_AUTH_TOKEN: optionalString,
  TWILIO_MESSAGING_SERVICE_SID: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^MG[0-9a-fA-F]{32}$/, "must be a Messaging Service SID, MG followed by 32 hexadecimal digits")
      .optional(),
  ),
  TWILIO_FROM: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\+1[2-9]\d{2}[2-9]\d{6}$/, "must be a US number in E.164, like +12255550142")
      .optional(),
  ),
  /**
   * Calls to the business's number (docs/product.md#calls): the office's own phone, E.164, rung first in office
   * hours (with the staff who take calls). Unset, only those staff are rung; with nobody to ring, the greeting
   * answers at once.
   */
  OFFICE_PHONE: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\+1[2-9]\d{2}[2-9]\d{6}$/, "must be a US number in E.164, like +12255550100")
      .optional(),
  ),
  /** Tests only: the origin of a local stand-in of Twilio's API (tests/support/twilio-standin.ts). */
  TWILIO_API_URL: optionalUrl,
  /** Development only: `npm run dev` points Twilio at its local stand-in when no real account is set. */
  DEV_TWILIO_URL: optionalUrl,
});

type RawEnv = z.output<typeof base>;

export class EnvError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "EnvError";
  }
}

/** `log`: emails are recorded, never sent (and no provider client exists). */
function emailSettings(
  raw: RawEnv,
  isProduction: boolean,
): { EMAIL_TRANSPORT: "resend" | "log"; RESEND_API_KEY?: string; RESEND_BASE_URL?: string } {
  if (raw.EMAIL_TRANSPORT === "log")
    return { EMAIL_TRANSPORT: "log", RESEND_API_KEY: undefined, RESEND_BASE_URL: undefined };
  if (!isProduction && !raw.RESEND_API_KEY && raw.DEV_MAILBOX_URL) {
    return {
      EMAIL_TRANSPORT: "resend",
      RESEND_API_KEY: DEVELOPMENT_DEFAULTS.RESEND_API_KEY,
      RESEND_BASE_URL: raw.DEV_MAILBOX_URL.replace(/\/$/, ""),
    };
  }
  return {
    // Outside production a missing key means "write emails to the log"; production asks for one (see unsafeInProduction).
    EMAIL_TRANSPORT: raw.RESEND_API_KEY ? "resend" : "log",
    RESEND_API_KEY: raw.RESEND_API_KEY,
    RESEND_BASE_URL: raw.RESEND_BASE_URL?.replace(/\/$/, ""),
  };
}

/**
 * What production refuses beyond missing values: secrets anyone can read in
 * this repository (published-secrets.ts), a short admin password, no public
 * origin, and email that would silently go nowhere. Each problem names its variable.
 */
function unsafeInProduction(raw: RawEnv): string[] {
  const problems: string[] = [];
  for (const key of SECRET_VARIABLES) {
    const value = raw[key];
    if (!value) continue;
    const values = key === "SESSION_SECRET" ? value.split(",") : [value];
    if (values.some(isPublishedSecret)) {
      problems.push(
        `${key}: is a value published in this repository (an example or a development default); set a secret of your own`,
      );
    }
  }
  for (const key of ["DATABASE_URL", "REDIS_URL"] as const) {
    const password = raw[key] ? passwordOf(raw[key]) : "";
    if (password && isPublishedSecret(password))
      problems.push(`${key}: its password is a placeholder published in this repository`);
  }
  if (raw.ADMIN_PASSWORD && raw.ADMIN_PASSWORD.length < 12)
    problems.push("ADMIN_PASSWORD: must be at least 12 characters in production");
  if (!raw.APP_URL) problems.push("APP_URL: required in production (the public origin used in email links)");
  if (!raw.RESEND_API_KEY && raw.EMAIL_TRANSPORT !== "log") {
    problems.push(
      "RESEND_API_KEY: required in production (or set EMAIL_TRANSPORT=log to record emails without sending them)",
    );
  }
  return problems;
}

/**
 * The VAPID pair: both keys from the environment (`source: "environment"`), or
 * (outside production) a pair derived from SESSION_SECRET (`source: "development"`),
 * so web and worker agree without setup.
 */
function pushKeys(raw: RawEnv, isProduction: boolean, secrets: string[], staffEmail: string, problems: string[]) {
  const subject = raw.VAPID_SUBJECT ?? `mailto:${staffEmail}`;
  if (raw.VAPID_PUBLIC_KEY && raw.VAPID_PRIVATE_KEY)
    return {
      publicKey: raw.VAPID_PUBLIC_KEY,
      privateKey: raw.VAPID_PRIVATE_KEY,
      subject,
      source: "environment" as const,
    };
  if (raw.VAPID_PUBLIC_KEY || raw.VAPID_PRIVATE_KEY) {
    problems.push("VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither");
    return undefined;
  }
  return isProduction ? undefined : { ...developmentVapidKeys(secrets[0]!), subject, source: "development" as const };
}

/**
 * PUSH_SERVICE_HOSTS: each entry a host name, or `host:port`. In production a
 * name of this machine or network and an IP address are refused (the worker
 * would refuse to connect to one anyway); outside production an IP address
 * must be a loopback one (a local stand-in), never another machine's.
 */
function pushServiceHosts(value: string | undefined, isProduction: boolean, problems: string[]): PushServiceHost[] {
  const hosts: PushServiceHost[] = [];
  for (const entry of (value ?? "")
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean)) {
    const parsed = parsePushServiceHost(entry);
    if (!parsed) problems.push(`PUSH_SERVICE_HOSTS: "${entry}" is not a host or host:port`);
    else if (isProduction && isLocalName(parsed.host))
      problems.push(`PUSH_SERVICE_HOSTS: "${entry}" is a local name or an IP address, refused in production`);
    else if (isIP(parsed.host) && !isLoopbackAddress(parsed.host))
      problems.push(`PUSH_SERVICE_HOSTS: "${entry}" is an IP address that is not a loopback one`);
    else hosts.push(parsed);
  }
  return hosts;
}

/** How the Stripe SDK is pointed at a stand-in (STRIPE_API_URL): its host, port and protocol. */
export interface StripeApiHost {
  host: string;
  port: number;
  protocol: "http" | "https";
}

/** Stripe's settings when STRIPE_SECRET_KEY is set (with its webhook secret); undefined otherwise. */
function stripeSettings(raw: RawEnv, isProduction: boolean, problems: string[]) {
  if (raw.STRIPE_API_URL && isProduction) problems.push("STRIPE_API_URL: only for tests, refused in production");
  if (!isProduction && !raw.STRIPE_SECRET_KEY && !raw.STRIPE_WEBHOOK_SECRET && raw.DEV_STRIPE_URL)
    return {
      secretKey: DEVELOPMENT_DEFAULTS.STRIPE_SECRET_KEY,
      webhookSecret: DEVELOPMENT_DEFAULTS.STRIPE_WEBHOOK_SECRET,
      api: apiHost(raw.DEV_STRIPE_URL),
    };
  if (!raw.STRIPE_SECRET_KEY) {
    if (raw.STRIPE_WEBHOOK_SECRET) problems.push("STRIPE_SECRET_KEY: required when STRIPE_WEBHOOK_SECRET is set");
    return undefined;
  }
  if (!raw.STRIPE_WEBHOOK_SECRET) {
    problems.push(
      "STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set (payments are confirmed by the webhook)",
    );
    return undefined;
  }
  return {
    secretKey: raw.STRIPE_SECRET_KEY,
    webhookSecret: raw.STRIPE_WEBHOOK_SECRET,
    api: raw.STRIPE_API_URL ? apiHost(raw.STRIPE_API_URL) : undefined,
  };
}

/**
 * Twilio's settings when an account is set (its SID and token, and a sender); undefined otherwise, and
 * texts are off. `api`: the stand-in's origin (tests, and `npm run dev` without an account).
 */
function twilioSettings(raw: RawEnv, isProduction: boolean, problems: string[]) {
  if (raw.TWILIO_API_URL && isProduction) problems.push("TWILIO_API_URL: only for tests, refused in production");
  const own = raw.TWILIO_ACCOUNT_SID || raw.TWILIO_AUTH_TOKEN || raw.TWILIO_MESSAGING_SERVICE_SID || raw.TWILIO_FROM;
  if (!isProduction && !own && raw.DEV_TWILIO_URL)
    return {
      accountSid: DEVELOPMENT_DEFAULTS.TWILIO_ACCOUNT_SID,
      authToken: DEVELOPMENT_DEFAULTS.TWILIO_AUTH_TOKEN,
      from: DEVELOPMENT_TEXTS_FROM,
      messagingServiceSid: undefined,
      officePhone: raw.OFFICE_PHONE,
      api: raw.DEV_TWILIO_URL.replace(/\/$/, ""),
    };
  if (!own) return undefined;
  const missing = [
    ...(raw.TWILIO_ACCOUNT_SID ? [] : ["TWILIO_ACCOUNT_SID"]),
    ...(raw.TWILIO_AUTH_TOKEN ? [] : ["TWILIO_AUTH_TOKEN"]),
  ];
  for (const key of missing) problems.push(`${key}: required when any TWILIO_* variable is set`);
  if (!raw.TWILIO_MESSAGING_SERVICE_SID && !raw.TWILIO_FROM)
    problems.push("TWILIO_FROM: set it (the business's number) or TWILIO_MESSAGING_SERVICE_SID to send texts");
  if (missing.length || (!raw.TWILIO_MESSAGING_SERVICE_SID && !raw.TWILIO_FROM)) return undefined;
  return {
    accountSid: raw.TWILIO_ACCOUNT_SID!,
    authToken: raw.TWILIO_AUTH_TOKEN!,
    from: raw.TWILIO_FROM,
    messagingServiceSid: raw.TWILIO_MESSAGING_SERVICE_SID,
    officePhone: raw.OFFICE_PHONE,
    api: raw.TWILIO_API_URL?.replace(/\/$/, ""),
  };
}

/** The number `npm run dev`'s texts come from (the stand-in's; the business's fictional number). */
const DEVELOPMENT_TEXTS_FROM = "+12255550142";

function apiHost(address: string): StripeApiHost {
  const url = new URL(address);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: Number(url.port || (protocol === "http" ? 80 : 443)), protocol };
}

function businessOverrides(raw: RawEnv): BusinessOverrides {
  const set: BusinessOverrides = {};
  if (raw.BUSINESS_NAME) set.name = raw.BUSINESS_NAME;
  if (raw.BUSINESS_PHONE) set.phone = raw.BUSINESS_PHONE;
  if (raw.BUSINESS_EMAIL) set.email = raw.BUSINESS_EMAIL;
  if (raw.BUSINESS_REVIEWS_URL) set.reviewsUrl = raw.BUSINESS_REVIEWS_URL;
  return set;
}

function passwordOf(url: string): string {
  try {
    return decodeURIComponent(new URL(url).password);
  } catch {
    return "";
  }
}

/**
 * The environment as the processes use it: the variables as given (`base`),
 * then what is derived from them (development defaults, the secrets list, email,
 * push and business settings). `Env` is this schema's output. A problem found
 * while deriving (a value production refuses, say) fails the parse like a
 * malformed variable does, each problem naming its variable.
 */
const envSchema = base.transform((raw, ctx) => {
  const isProduction = raw.NODE_ENV === "production";
  const problems: string[] = [];
  const required = <K extends keyof RawEnv>(key: K, devDefault: NonNullable<RawEnv[K]>): NonNullable<RawEnv[K]> => {
    const value = raw[key];
    if (value !== undefined && value !== null) return value;
    if (isProduction) problems.push(`${key}: required in production`);
    return devDefault;
  };

  const env = {
    NODE_ENV: raw.NODE_ENV,
    isProduction,
    PORT: raw.PORT,
    APP_URL: (raw.APP_URL ?? `http://localhost:${raw.PORT}`).replace(/\/$/, ""),
    DATABASE_URL: required("DATABASE_URL", DEVELOPMENT_DATABASE_URL),
    REDIS_URL: required("REDIS_URL", DEVELOPMENT_REDIS_URL),
    REDIS_PREFIX: raw.REDIS_PREFIX,
    SESSION_SECRETS: required("SESSION_SECRET", DEVELOPMENT_DEFAULTS.SESSION_SECRET)
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    ...emailSettings(raw, isProduction),
    EMAIL_FROM: raw.EMAIL_FROM ?? "Bayou Current Electric <no-reply@bayoucurrentelectric.com>",
    STAFF_EMAIL: raw.STAFF_EMAIL ?? "office@bayoucurrentelectric.com",
    ADMIN_EMAIL: required("ADMIN_EMAIL", "admin@bayoucurrentelectric.com"),
    ADMIN_PASSWORD: required("ADMIN_PASSWORD", DEVELOPMENT_DEFAULTS.ADMIN_PASSWORD),
    TRUST_PROXY: raw.TRUST_PROXY === "1",
    LLM: raw.LLM_BASE_URL
      ? { baseUrl: raw.LLM_BASE_URL.replace(/\/$/, ""), apiKey: raw.LLM_API_KEY, model: raw.LLM_MODEL ?? "gpt-4o-mini" }
      : undefined,
    LOG_LEVEL: raw.LOG_LEVEL ?? (raw.NODE_ENV === "test" ? "warn" : "info"),
    SWEEP_INTERVAL_MS: raw.SWEEP_INTERVAL_MS,
    SWEEP_GRACE_MS: raw.SWEEP_GRACE_MS,
    JOB_LOCK_MS: raw.JOB_LOCK_MS,
    EMAIL_CONCURRENCY: raw.EMAIL_CONCURRENCY,
    EMAIL_SENDS_PER_SECOND: raw.EMAIL_SENDS_PER_SECOND ?? (raw.RESEND_BASE_URL || raw.DEV_MAILBOX_URL ? 0 : 2),
    SHUTDOWN_DELAY_MS: raw.SHUTDOWN_DELAY_MS ?? (isProduction ? 5_000 : 0),
    PAGE_CACHE: raw.PAGE_CACHE === "1",
    ANON_REQUESTS_PER_HOUR: raw.ANON_REQUESTS_PER_HOUR,
    CHAT_STREAM_DELAY_MS: raw.CHAT_STREAM_DELAY_MS,
    REMINDER_HOUR: raw.REMINDER_HOUR,
    REVIEW_DELAY_MINUTES: raw.REVIEW_DELAY_MINUTES,
    PLAN_VISIT_LEAD_DAYS: raw.PLAN_VISIT_LEAD_DAYS,
    /** Push service hosts PUSH_SERVICE_HOSTS adds to the public ones (none by default). */
    PUSH_SERVICE_HOSTS: pushServiceHosts(raw.PUSH_SERVICE_HOSTS, isProduction, problems),
    /** The BUSINESS_* values that are set (and only those). */
    BUSINESS: businessOverrides(raw),
    UPLOADS_DIR: raw.UPLOADS_DIR,
    /** The photo bucket when S3_BUCKET is set; the photos are on disk under UPLOADS_DIR otherwise. */
    S3: raw.S3_BUCKET
      ? {
          bucket: raw.S3_BUCKET,
          endpoint: raw.S3_ENDPOINT,
          region: raw.S3_REGION,
          credentials:
            raw.S3_ACCESS_KEY_ID && raw.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: raw.S3_ACCESS_KEY_ID, secretAccessKey: raw.S3_SECRET_ACCESS_KEY }
              : undefined,
        }
      : undefined,
    /** Stripe Checkout when STRIPE_SECRET_KEY is set; undefined: no online payment. */
    STRIPE: stripeSettings(raw, isProduction, problems),
    /** Text messages through Twilio when an account is set; undefined: email only, no consent box. */
    TWILIO: twilioSettings(raw, isProduction, problems),
  };
  if (raw.S3_ACCESS_KEY_ID && !raw.S3_SECRET_ACCESS_KEY)
    problems.push("S3_SECRET_ACCESS_KEY: required when S3_ACCESS_KEY_ID is set");
  const push = pushKeys(raw, isProduction, env.SESSION_SECRETS, env.STAFF_EMAIL, problems);
  if (isProduction && env.SESSION_SECRETS.some((s) => s.length < 32)) {
    problems.push("SESSION_SECRET: each secret must be at least 32 characters in production");
  }
  if (isProduction) problems.push(...unsafeInProduction(raw));
  else if (raw.EMAIL_TRANSPORT === "resend" && !env.RESEND_API_KEY)
    problems.push("RESEND_API_KEY: required when EMAIL_TRANSPORT=resend");
  if (problems.length) {
    if (isProduction) problems.push("(set them in the environment or in .env; see .env.example)");
    for (const message of problems) ctx.addIssue({ code: "custom", message });
    return z.NEVER;
  }
  return {
    ...env,
    /** Web Push keys; absent in production when VAPID_* are not set (staff push alerts are then off). */
    PUSH: push,
  };
});

export type Env = z.output<typeof envSchema>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    // Issues of the variables name their path; those found while deriving name the variable in the message.
    throw new EnvError(
      result.error.issues.map((i) => (i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message)),
    );
  }
  return result.data;
}

/**
 * Reads `.env` (when present) and the process environment once. On a bad
 * value it prints which variable is wrong and exits, so a misconfigured
 * process never starts half-working.
 */
export async function loadEnv(): Promise<Env> {
  // A `.env` file fills in what the real environment leaves unset (never overrides it).
  if (process.env.NODE_ENV !== "test") {
    const { config } = await import("dotenv");
    config({ quiet: true });
  }
  try {
    return parseEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
