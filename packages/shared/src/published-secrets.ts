/**
 * Secret values anyone who reads this repository knows. Production refuses
 * every one of them (see `parseEnv` in env.server.ts); env.server.test.ts reads .env.example,
 * docker-compose.yml, infra/k8s/secret.example.yaml and the README and fails
 * when a secret they show is missing here, so this list cannot drift from them.
 */

/** The variables that hold secrets: each is checked against the values below in production. */
export const SECRET_VARIABLES = [
  "SESSION_SECRET",
  "ADMIN_PASSWORD",
  "RESEND_API_KEY",
  "LLM_API_KEY",
  "S3_SECRET_ACCESS_KEY",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "TWILIO_AUTH_TOKEN",
] as const;
export type SecretVariable = (typeof SECRET_VARIABLES)[number];

/** What env.server.ts fills in outside production (the admin password is also the README's sign-in). */
export const DEVELOPMENT_DEFAULTS = {
  SESSION_SECRET: "dev-only-session-secret-change-me",
  ADMIN_PASSWORD: "change-me-admin-password",
  /** The key `npm run dev` hands its local mailbox (DEV_MAILBOX_URL). */
  RESEND_API_KEY: "re_dev_mailbox",
  /** The keys `npm run dev` shares with its local Stripe stand-in (DEV_STRIPE_URL). */
  STRIPE_SECRET_KEY: "sk_test_dev_standin",
  STRIPE_WEBHOOK_SECRET: "whsec_dev_standin",
  /**
   * The account `npm run dev` shares with its local Twilio stand-in (DEV_TWILIO_URL): an account SID's shape
   * (AC and 32 hexadecimal digits), no real account. Only the token is a secret (SECRET_VARIABLES).
   */
  TWILIO_ACCOUNT_SID: "AC0000000000000000000000000000de00",
  TWILIO_AUTH_TOKEN: "twilio_dev_standin_auth_token",
} as const;

const PUBLISHED = [
  ...Object.values(DEVELOPMENT_DEFAULTS),
  // .env.example
  "replace-with-a-long-random-string",
  "change-me-please",
  // docker-compose.yml (its defaults until the secrets became required)
  "compose-only-secret-change-me-0123456789abcdef",
  // infra/k8s/secret.example.yaml
  "CHANGE_ME_at_least_32_random_characters",
  "re_CHANGE_ME",
  "CHANGE_ME",
];

const normalize = (value: string) => value.trim().toLowerCase();
const published = new Set(PUBLISHED.map(normalize));

/**
 * True for a value published in the repository, and for anything that still
 * reads as a placeholder ("change-me…", "CHANGE_ME_…", "replace-with…"), such as
 * an example edited by one character.
 */
export function isPublishedSecret(value: string): boolean {
  const v = normalize(value);
  return published.has(v) || /change[-_ ]?me|replace[-_ ]with/.test(v);
}
