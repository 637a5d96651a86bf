import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInUser, TEST_PASSWORD } from "../support/accounts";
import { randomIp, startStack, type Stack } from "../support/stack";

/**
 * Public pages are rendered once a minute for anonymous visitors and reused
 * (web/server/page-cache.ts). What a visitor must never notice: a stale or
 * shared nonce, somebody else's signed-in header, or a page that should be
 * live (the contact page's office hours, a 404) served from the cache.
 */
let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ name: "pagecache" });
});
afterAll(async () => {
  await stack?.stop();
});

async function page(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${stack.url}${path}`, {
    headers: { "Accept-Encoding": "br, gzip", ...headers },
    redirect: "manual",
  });
  const html = await res.text();
  const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
  return {
    status: res.status,
    html,
    nonce,
    cache: res.headers.get("x-page-cache"),
    encoding: res.headers.get("content-encoding"),
  };
}

const withoutNonces = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""');

describe("the public page cache", () => {
  it("reuses an anonymous page with each response's own nonce", async () => {
    const first = await page("/services/generator");
    const second = await page("/services/generator");
    const third = await page("/services/generator", { "Accept-Encoding": "gzip" });
    expect([first.cache, second.cache, third.cache]).toEqual(["miss", "hit", "hit"]);
    expect(second.encoding).toBe("br");
    expect(third.encoding).toBe("gzip");
    expect(withoutNonces(second.html)).toBe(withoutNonces(first.html));
    expect(withoutNonces(third.html)).toBe(withoutNonces(first.html));
    for (const res of [first, second, third]) {
      expect(res.status).toBe(200);
      expect(res.html).toContain("Generator");
      // Every script's nonce is the one its response's CSP allows, and no other.
      const nonces = new Set([...res.html.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]));
      expect(nonces).toEqual(new Set([res.nonce]));
    }
    expect(new Set([first.nonce, second.nonce, third.nonce]).size).toBe(3);
  });

  it("never serves or keeps a signed-in visitor's page", async () => {
    await page("/about");
    const { token } = await signedInUser(stack.url, stack.db, "admin");
    const signedIn = await page("/about", { Authorization: `Bearer ${token}` });
    expect(signedIn.cache).toBeNull();
    expect(signedIn.html).toContain("Logout");

    // The pages' own session cookie, as the login form sets it.
    const email = `cookie.${Date.now()}@test.example.com`;
    const register = await fetch(`${stack.url}/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": randomIp() },
      body: new URLSearchParams({
        intent: "register",
        firstName: "Cora",
        lastName: "Guidry",
        email,
        password: TEST_PASSWORD,
        confirmPassword: TEST_PASSWORD,
      }),
      redirect: "manual",
    });
    const cookie = register.headers.get("set-cookie")?.split(";")[0];
    expect(cookie).toMatch(/^bce_session=/);
    const withCookie = await page("/about", { Cookie: `theme=dark; ${cookie}` });
    expect(withCookie.cache).toBeNull();
    expect(withCookie.html).toContain("Logout");

    const anonymous = await page("/about");
    expect(anonymous.cache).toBe("hit");
    expect(anonymous.html).not.toContain("Logout");
    expect(anonymous.html).toContain("Login");
  });

  it("keeps only pages that opt in, and only plain addresses", async () => {
    for (const path of ["/contact", "/login", "/no-such-page", "/services?utm_source=flyer"]) {
      await page(path);
      const again = await page(path);
      expect(again.cache, path).toBeNull();
    }
    expect((await page("/no-such-page")).status).toBe(404);
  });
});
