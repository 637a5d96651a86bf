import type { Db } from "@app/shared/db.server";
import { hashPassword } from "@app/shared/password.server";
import { postJson, randomIp } from "./stack";

const TEST_PASSWORD = "correct-horse-battery";

let counter = 0;
/** Every user made here shares one password: argon2 hashes it once per test process, not once per user. */
let hashed: Promise<string> | undefined;
const passwordHash = () => (hashed ??= hashPassword(TEST_PASSWORD));

/**
 * Text with its digits written as letters (0 → "a", "x27" → "xch"), for a unique person's name in a test:
 * names hold no digits (personName, packages/shared/src/api/fields.ts).
 */
export const inLetters = (text: string | number) => String(text).replace(/\d/g, (d) => "abcdefghij"[Number(d)]!);

/**
 * Creates a user directly in the database and signs in through the API;
 * returns its bearer token. The email counts as verified unless `verified: false`.
 */
export async function signedInUser(
  baseUrl: string,
  db: Db,
  role: "customer" | "technician" | "admin",
  overrides: { email?: string; verified?: boolean } = {},
) {
  const email = overrides.email ?? `${role}${++counter}.${Date.now()}@test.example.com`;
  const user = await db.user.create({
    data: {
      firstName: role[0]!.toUpperCase() + role.slice(1),
      // A person's name holds no digits (personName, packages/shared/src/api/fields.ts): the counter in letters.
      lastName: `Tester-${inLetters(counter)}`,
      email,
      passwordHash: await passwordHash(),
      role,
      emailVerifiedAt: overrides.verified === false ? null : new Date(),
    },
  });
  const res = await postJson(`${baseUrl}/api/auth/login`, { email, password: TEST_PASSWORD }, { ip: randomIp() });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.text}`);
  return { user, token: res.json.token as string, auth: { Authorization: `Bearer ${res.json.token}` } };
}

/**
 * Signs in through the /login page's form, as a browser without JavaScript does, and returns
 * the session cookie it sets (`name=value`, for a `Cookie` header).
 */
export async function pageSessionCookie(baseUrl: string, email: string, password = TEST_PASSWORD) {
  const res = await fetch(`${baseUrl}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": randomIp() },
    body: new URLSearchParams({ intent: "login", email, password }),
  });
  const cookie = res.headers.get("set-cookie")?.split(";")[0];
  if (res.status !== 302 || !cookie) throw new Error(`page login failed: ${res.status}`);
  return cookie;
}

/** Authenticated JSON request helper. */
export async function api(baseUrl: string, method: string, path: string, token?: string, body?: unknown) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      "Content-Type": "application/json",
      "X-Forwarded-For": randomIp(),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  // Untyped on purpose, as postJson's (support/stack.ts): the tests' assertions check the shape.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the body of any endpoint, read by the assertions
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, json, headers: response.headers, text };
}

/** A page's form posted as a browser without JavaScript posts it, signed in with a bearer token. */
export function formPost(baseUrl: string, path: string, token: string, fields: Record<string, string>) {
  return fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${token}`,
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Forwarded-For": randomIp(),
    },
    body: new URLSearchParams(fields),
  });
}
