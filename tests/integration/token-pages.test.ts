import { beforeAll, expect, it } from "vitest";
import { randomIp, type Stack } from "../support/stack";
import { sharedStack } from "../support/shared-stack";

/**
 * Pages whose address carries a secret token are never kept by a browser or a proxy
 * (`Cache-Control: no-store`) and never send their address on to another site as a Referer.
 * The customer's manage links (/appointments/<token>, /unsubscribe/<token>) send no Referer at
 * all (manage-visit.test.ts); the reset and verification links, whose forms post to /login and
 * /verify-email, send it only to this site (web/app/features/appointments/private-link.ts).
 */

let stack: Stack;
beforeAll(async () => {
  stack = await sharedStack();
});

it.each(["/verify-email?token=abc123secret", "/login?token=abc123secret"])(
  "%s is never stored and sends no Referer to other sites",
  async (path) => {
    const res = await fetch(`${stack.url}${path}`, { headers: { "X-Forwarded-For": randomIp() } });
    await res.arrayBuffer();
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    expect(["no-referrer", "same-origin"]).toContain(res.headers.get("referrer-policy"));
    expect(res.headers.get("x-robots-tag")).toBe("noindex");
  },
);

it("the sign-in page without a token may be indexed, and is still never stored", async () => {
  const res = await fetch(`${stack.url}/login`, { headers: { "X-Forwarded-For": randomIp() } });
  const html = await res.text();
  expect(res.status).toBe(200);
  expect(res.headers.get("x-robots-tag")).toBeNull();
  expect(html).not.toContain('name="robots"');
  expect(res.headers.get("cache-control")).toContain("no-store");
  const robots = await (await fetch(`${stack.url}/robots.txt`)).text();
  expect(robots).not.toContain("Disallow: /login");
  const withToken = await (
    await fetch(`${stack.url}/login?token=abc123secret`, { headers: { "X-Forwarded-For": randomIp() } })
  ).text();
  expect(withToken).toContain('<meta name="robots" content="noindex"/>');
});

it("a refused reset, which shows the token again, is never stored either", async () => {
  const res = await fetch(`${stack.url}/login?token=abc123secret`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": randomIp() },
    body: new URLSearchParams({
      intent: "reset",
      token: "abc123secret",
      password: "long-enough-password",
      confirmPassword: "long-enough-password",
    }),
  });
  const html = await res.text();
  expect(res.status).toBe(400);
  expect(html).toContain("abc123secret");
  expect(res.headers.get("cache-control")).toContain("no-store");
  expect(["no-referrer", "same-origin"]).toContain(res.headers.get("referrer-policy"));
});
