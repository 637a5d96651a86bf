import { createECDH, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.server";
import { SECRET_VARIABLES } from "./published-secrets";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

/** A production environment nobody has published: what a real deployment sets. */
function safeProduction(): Record<string, string> {
  return {
    NODE_ENV: "production",
    APP_URL: "https://www.example.com",
    DATABASE_URL: "postgresql://app@db.internal:5432/bayou_current",
    REDIS_URL: "redis://redis.internal:6379",
    SESSION_SECRET: randomBytes(48).toString("base64url"),
    ADMIN_EMAIL: "owner@example.com",
    ADMIN_PASSWORD: randomBytes(18).toString("base64url"),
    RESEND_API_KEY: `re_${randomBytes(16).toString("hex")}`,
  };
}

/** The problems production reports for this environment (none: it starts). */
function problems(source: Record<string, string | undefined>): string[] {
  try {
    parseEnv(source);
    return [];
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
}

interface Shown {
  file: string;
  key: string;
  value: string;
}

/** KEY=value lines of .env.example. */
function fromEnvExample(): Shown[] {
  return [...read(".env.example").matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)].map(([, key, value]) => ({
    file: ".env.example",
    key: key!,
    value: value!.trim().replace(/^"(.*)"$/, "$1"),
  }));
}

/** `KEY: value` entries of a YAML file; for Compose, `${KEY:-default}` shows its default and `${KEY:?…}` shows nothing. */
function fromYaml(file: string): Shown[] {
  return [...read(file).matchAll(/^\s+([A-Z][A-Z0-9_]*):\s*(.*)$/gm)].map(([, key, raw]) => {
    const interpolated = /^\$\{\w+(:?)([-?])(.*)\}$/.exec(raw!.trim());
    const value = interpolated ? (interpolated[2] === "-" ? interpolated[3]! : "") : raw!.trim();
    return { file, key: key!, value };
  });
}

/** The development admin password the README tells people to sign in with. */
function fromReadme(): Shown[] {
  const match = /^\|\s*password\s*\|\s*`([^`]+)`/m.exec(read("README.md"));
  return match ? [{ file: "README.md", key: "ADMIN_PASSWORD", value: match[1]! }] : [];
}

const appVariables = new Set(fromEnvExample().map((s) => s.key));
const shown = [
  ...fromEnvExample(),
  ...fromYaml("docker-compose.yml"),
  ...fromYaml("infra/k8s/secret.example.yaml"),
  ...fromReadme(),
].filter((s) => s.value !== "" && appVariables.has(s.key));
const secretsShown = shown.filter((s) => (SECRET_VARIABLES as readonly string[]).includes(s.key));

describe("production refuses the secrets published in this repository", () => {
  it("knows every secret variable the example files show", () => {
    const secretLooking = shown.filter((s) => /SECRET|PASSWORD|API_KEY|TOKEN/.test(s.key)).map((s) => s.key);
    expect(secretLooking.length).toBeGreaterThan(0);
    for (const key of secretLooking)
      expect(SECRET_VARIABLES, `${key} holds a secret: list it in published-secrets.ts`).toContain(key);
    // The files are read: each of them shows at least one secret (Compose shows none once it requires them).
    expect(new Set(secretsShown.map((s) => s.file))).toEqual(
      new Set([".env.example", "infra/k8s/secret.example.yaml", "README.md"]),
    );
  });

  it.each(secretsShown.map((s) => [s.key, s.file, s] as const))(
    "refuses %s as shown in %s",
    (key, _file, { value }) => {
      const own = safeProduction();
      expect(problems(own)).toEqual([]);
      const refusedFor = (env: Record<string, string>) =>
        problems(env).filter((p) => p.startsWith(`${key}:`) && p.includes("published"));
      expect(refusedFor({ ...own, [key]: value })).toHaveLength(1);
      // Refused however it is written down.
      expect(refusedFor({ ...own, [key]: ` ${value.toUpperCase()} ` })).toHaveLength(1);
      if (key === "SESSION_SECRET") {
        // Any entry of the rotation list.
        expect(refusedFor({ ...own, SESSION_SECRET: `${own.SESSION_SECRET},${value}` })).toHaveLength(1);
      }
    },
  );

  it("refuses every secret variable set to a published value, LLM_API_KEY included, and says which", () => {
    for (const key of SECRET_VARIABLES) {
      const found = problems({ ...safeProduction(), [key]: "CHANGE_ME_at_least_32_random_characters" });
      expect(found.some((p) => p.startsWith(`${key}:`) && p.includes("published"))).toBe(true);
      // The message never repeats the secret.
      expect(found.join("\n")).not.toContain("CHANGE_ME_at_least_32_random_characters");
    }
  });

  it("refuses the development defaults of env.server.ts", () => {
    const dev = parseEnv({ NODE_ENV: "development", DEV_MAILBOX_URL: "http://127.0.0.1:3025" });
    const defaults = {
      SESSION_SECRET: dev.SESSION_SECRETS[0]!,
      ADMIN_PASSWORD: dev.ADMIN_PASSWORD,
      RESEND_API_KEY: dev.RESEND_API_KEY!,
    };
    for (const [key, value] of Object.entries(defaults)) {
      expect(
        problems({ ...safeProduction(), [key]: value }).some((p) => p.startsWith(`${key}:`) && p.includes("published")),
        key,
      ).toBe(true);
    }
  });

  it("refuses a database address with the example's password", () => {
    const example = fromYaml("infra/k8s/secret.example.yaml").find((s) => s.key === "DATABASE_URL")!.value;
    expect(problems({ ...safeProduction(), DATABASE_URL: example }).some((p) => p.startsWith("DATABASE_URL:"))).toBe(
      true,
    );
  });

  it("Compose requires the secrets instead of defaulting them", () => {
    const compose = read("docker-compose.yml");
    for (const key of ["SESSION_SECRET", "ADMIN_EMAIL", "ADMIN_PASSWORD", "APP_URL"]) {
      expect(compose).toMatch(new RegExp(`^\\s+${key}: \\$\\{${key}:\\?[^}]+\\}$`, "m"));
    }
  });
});

describe("production refuses unsafe settings, naming the variable", () => {
  it("an ADMIN_PASSWORD shorter than 12 characters", () => {
    expect(problems({ ...safeProduction(), ADMIN_PASSWORD: "x7#kQ9!mZ2p" })).toContainEqual(
      expect.stringMatching(/^ADMIN_PASSWORD: .*12/),
    );
    expect(problems({ ...safeProduction(), ADMIN_PASSWORD: "x7#kQ9!mZ2pW" })).toEqual([]);
  });

  it("a missing APP_URL", () => {
    expect(problems({ ...safeProduction(), APP_URL: "" })).toContainEqual(expect.stringMatching(/^APP_URL: /));
  });

  it("a missing RESEND_API_KEY, unless EMAIL_TRANSPORT=log is set on purpose", () => {
    expect(problems({ ...safeProduction(), RESEND_API_KEY: "" })).toContainEqual(
      expect.stringMatching(/^RESEND_API_KEY: .*EMAIL_TRANSPORT=log/),
    );
    expect(problems({ ...safeProduction(), RESEND_API_KEY: "", EMAIL_TRANSPORT: "resend" })).toContainEqual(
      expect.stringMatching(/^RESEND_API_KEY: /),
    );
    const env = parseEnv({ ...safeProduction(), RESEND_API_KEY: "", EMAIL_TRANSPORT: "log" });
    expect(env.EMAIL_TRANSPORT).toBe("log");
  });
});

describe("EMAIL_TRANSPORT", () => {
  it("log never hands out a provider key, even with one set", () => {
    const env = parseEnv({ ...safeProduction(), EMAIL_TRANSPORT: "log" });
    expect(env).toMatchObject({ EMAIL_TRANSPORT: "log", RESEND_API_KEY: undefined });
  });

  it("outside production keeps today's behaviour: no key logs, npm run dev uses its mailbox", () => {
    expect(parseEnv({ NODE_ENV: "test" })).toMatchObject({ EMAIL_TRANSPORT: "log", RESEND_API_KEY: undefined });
    expect(parseEnv({ NODE_ENV: "development", DEV_MAILBOX_URL: "http://127.0.0.1:3025/" })).toMatchObject({
      EMAIL_TRANSPORT: "resend",
      RESEND_BASE_URL: "http://127.0.0.1:3025",
    });
    expect(
      parseEnv({ NODE_ENV: "development", DEV_MAILBOX_URL: "http://127.0.0.1:3025", EMAIL_TRANSPORT: "log" }),
    ).toMatchObject({ EMAIL_TRANSPORT: "log" });
    expect(parseEnv({ NODE_ENV: "test", RESEND_API_KEY: "re_x" })).toMatchObject({
      EMAIL_TRANSPORT: "resend",
      RESEND_API_KEY: "re_x",
    });
  });

  it("refuses anything but resend or log", () => {
    expect(problems({ NODE_ENV: "test", EMAIL_TRANSPORT: "smtp" })).toContainEqual(
      expect.stringMatching(/^EMAIL_TRANSPORT: /),
    );
  });
});

describe("ANON_REQUESTS_PER_HOUR", () => {
  it("defaults to 60 and takes any whole number from 0", () => {
    expect(parseEnv({ NODE_ENV: "test" }).ANON_REQUESTS_PER_HOUR).toBe(60);
    expect(parseEnv({ NODE_ENV: "test", ANON_REQUESTS_PER_HOUR: "" }).ANON_REQUESTS_PER_HOUR).toBe(60);
    expect(parseEnv({ NODE_ENV: "test", ANON_REQUESTS_PER_HOUR: "5" }).ANON_REQUESTS_PER_HOUR).toBe(5);
    expect(parseEnv({ NODE_ENV: "test", ANON_REQUESTS_PER_HOUR: "0" }).ANON_REQUESTS_PER_HOUR).toBe(0);
  });

  it.each(["-1", "1.5", "many"])("refuses %s, naming the variable", (value) => {
    expect(problems({ NODE_ENV: "test", ANON_REQUESTS_PER_HOUR: value })).toContainEqual(
      expect.stringMatching(/^ANON_REQUESTS_PER_HOUR: /),
    );
  });
});

describe("web push keys", () => {
  it("are off in production without VAPID keys, and taken from the environment when both are set", () => {
    expect(parseEnv(safeProduction()).PUSH).toBeUndefined();
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    const pair = {
      VAPID_PUBLIC_KEY: ecdh.getPublicKey("base64url"),
      VAPID_PRIVATE_KEY: ecdh.getPrivateKey("base64url"),
    };
    expect(parseEnv({ ...safeProduction(), ...pair, VAPID_SUBJECT: "mailto:office@example.com" }).PUSH).toEqual({
      publicKey: pair.VAPID_PUBLIC_KEY,
      privateKey: pair.VAPID_PRIVATE_KEY,
      subject: "mailto:office@example.com",
      source: "environment",
    });
  });

  it("refuse one key without the other, and keys that are not P-256 base64url", () => {
    expect(
      problems({ ...safeProduction(), VAPID_PUBLIC_KEY: createECDH("prime256v1").generateKeys("base64url") }),
    ).toContain("VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither");
    expect(problems({ ...safeProduction(), VAPID_PRIVATE_KEY: "not a key" })[0]).toMatch(/^VAPID_PRIVATE_KEY: must be/);
  });

  it("are derived from SESSION_SECRET outside production: the same pair for every process, a real P-256 pair", () => {
    const a = parseEnv({
      NODE_ENV: "development",
      SESSION_SECRET: "one secret that is long enough for this test",
    }).PUSH!;
    const b = parseEnv({
      NODE_ENV: "development",
      SESSION_SECRET: "one secret that is long enough for this test",
    }).PUSH!;
    const c = parseEnv({
      NODE_ENV: "development",
      SESSION_SECRET: "another secret, long enough for this test too",
    }).PUSH!;
    expect(a).toEqual(b);
    expect(a.publicKey).not.toBe(c.publicKey);
    expect(a.source).toBe("development");
    const ecdh = createECDH("prime256v1");
    ecdh.setPrivateKey(Buffer.from(a.privateKey, "base64url"));
    expect(ecdh.getPublicKey("base64url")).toBe(a.publicKey);
  });
});

describe("PUSH_SERVICE_HOSTS", () => {
  it("adds none by default; takes host and host:port entries, normalised", () => {
    expect(parseEnv({ NODE_ENV: "test" }).PUSH_SERVICE_HOSTS).toEqual([]);
    expect(
      parseEnv({ NODE_ENV: "test", PUSH_SERVICE_HOSTS: " Push.Example.NET. , 127.0.0.1:8443,[::1]:9 " })
        .PUSH_SERVICE_HOSTS,
    ).toEqual([
      { host: "push.example.net", port: 443 },
      { host: "127.0.0.1", port: 8443 },
      { host: "::1", port: 9 },
    ]);
    expect(parseEnv({ ...safeProduction(), PUSH_SERVICE_HOSTS: "push.example.net" }).PUSH_SERVICE_HOSTS).toEqual([
      { host: "push.example.net", port: 443 },
    ]);
  });

  it.each([
    "https://push.example.net",
    "push.example.net:0",
    "push.example.net:99999",
    "a b",
    "10.0.0.5",
    "169.254.169.254:80",
  ])("refuses %s, naming the variable", (value) => {
    expect(problems({ NODE_ENV: "test", PUSH_SERVICE_HOSTS: value })).toContainEqual(
      expect.stringMatching(/^PUSH_SERVICE_HOSTS: /),
    );
  });

  it.each(["127.0.0.1:8443", "[::1]:9", "localhost", "push.internal", "metadata"])(
    "refuses %s in production (a local name or an IP address)",
    (value) => {
      expect(problems({ ...safeProduction(), PUSH_SERVICE_HOSTS: value })).toContainEqual(
        expect.stringMatching(/^PUSH_SERVICE_HOSTS: .*refused in production/),
      );
    },
  );
});

describe("job photos' store", () => {
  it("keeps photos on disk under ./.uploads unless told otherwise", () => {
    const env = parseEnv({});
    expect(env.UPLOADS_DIR).toBe("./.uploads");
    expect(env.S3).toBeUndefined();
  });

  it("uses an S3-compatible bucket when S3_BUCKET is set, with its endpoint and credentials", () => {
    const env = parseEnv({
      S3_BUCKET: "job-photos",
      S3_ENDPOINT: "http://127.0.0.1:4569",
      S3_ACCESS_KEY_ID: "id",
      S3_SECRET_ACCESS_KEY: "secret",
    });
    expect(env.S3).toEqual({
      bucket: "job-photos",
      endpoint: "http://127.0.0.1:4569",
      region: "us-east-1",
      credentials: { accessKeyId: "id", secretAccessKey: "secret" },
    });
  });

  it("refuses an access key without its secret", () => {
    expect(() => parseEnv({ S3_BUCKET: "b", S3_ACCESS_KEY_ID: "id" })).toThrow(/S3_SECRET_ACCESS_KEY/);
  });
});

describe("Stripe", () => {
  it("is off without STRIPE_SECRET_KEY, and on with it and its webhook secret", () => {
    expect(parseEnv({}).STRIPE).toBeUndefined();
    expect(parseEnv({ STRIPE_SECRET_KEY: "sk_test_1", STRIPE_WEBHOOK_SECRET: "whsec_1" }).STRIPE).toEqual({
      secretKey: "sk_test_1",
      webhookSecret: "whsec_1",
      api: undefined,
    });
  });

  it("points the SDK at a stand-in with STRIPE_API_URL, outside production only", () => {
    const stripe = { STRIPE_SECRET_KEY: "sk_test_1", STRIPE_WEBHOOK_SECRET: "whsec_1" };
    expect(parseEnv({ ...stripe, STRIPE_API_URL: "http://127.0.0.1:4010" }).STRIPE?.api).toEqual({
      host: "127.0.0.1",
      port: 4010,
      protocol: "http",
    });
    const own = {
      STRIPE_SECRET_KEY: `sk_live_${randomBytes(12).toString("hex")}`,
      STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(12).toString("hex")}`,
    };
    expect(parseEnv({ ...safeProduction(), ...own }).STRIPE?.secretKey).toBe(own.STRIPE_SECRET_KEY);
    expect(problems({ ...safeProduction(), ...own, STRIPE_API_URL: "http://127.0.0.1:4010" })).toContain(
      "STRIPE_API_URL: only for tests, refused in production",
    );
  });

  it("refuses one secret without the other (a payment is only ever confirmed by the webhook)", () => {
    expect(() => parseEnv({ STRIPE_SECRET_KEY: "sk_test_1" })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => parseEnv({ STRIPE_WEBHOOK_SECRET: "whsec_1" })).toThrow(/STRIPE_SECRET_KEY/);
  });
});

describe("Stripe in development", () => {
  it("points at `npm run dev`'s stand-in with its published keys when no key is set, never in production", () => {
    expect(parseEnv({ NODE_ENV: "development", DEV_STRIPE_URL: "http://127.0.0.1:3026" }).STRIPE).toEqual({
      secretKey: "sk_test_dev_standin",
      webhookSecret: "whsec_dev_standin",
      api: { host: "127.0.0.1", port: 3026, protocol: "http" },
    });
    expect(parseEnv({ ...safeProduction(), DEV_STRIPE_URL: "http://127.0.0.1:3026" }).STRIPE).toBeUndefined();
    expect(
      problems({ ...safeProduction(), STRIPE_SECRET_KEY: "sk_test_dev_standin", STRIPE_WEBHOOK_SECRET: "whsec_x1" }),
    ).toContain(
      "STRIPE_SECRET_KEY: is a value published in this repository (an example or a development default); set a secret of your own",
    );
  });
});
