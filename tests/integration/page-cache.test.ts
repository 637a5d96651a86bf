import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageSessionCookie, signedInUser } from "../support/accounts";
import { startStack, type Stack } from "../support/stack";

/**
 * The marketing pages are served like static files (web/server/page-cache.ts): rendered once
 * per kind of viewer, compressed once, answered from memory with a hashed CSP and a strong
 * ETag. What a visitor must never notice: somebody else's header (a signed-in page served to a
 * visitor, or one role's page to another), a script the CSP refuses, or a page that should be
 * live (the contact page's office hours, a 404) served from memory.
 */
let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ name: "pagecache" });
});
afterAll(async () => {
  await stack?.stop();
});

async function page(path: string, headers: Record<string, string> = {}, method = "GET") {
  const res = await fetch(`${stack.url}${path}`, {
    method,
    headers: { "Accept-Encoding": "br, gzip", ...headers },
    redirect: "manual",
  });
  const html = await res.text();
  return {
    status: res.status,
    html,
    csp: res.headers.get("content-security-policy") ?? "",
    etag: res.headers.get("etag"),
    vary: res.headers.get("vary") ?? "",
    cacheControl: res.headers.get("cache-control"),
    length: res.headers.get("content-length"),
    cache: res.headers.get("x-page-cache"),
    encoding: res.headers.get("content-encoding"),
  };
}

/** The CSP sources a page's inline scripts need: the SHA-256 of each script that runs (JSON-LD does not). */
function inlineScriptHashes(html: string) {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/type="application\/ld\+json"/.test(attributes!))
    .map(([, , body]) => `'sha256-${createHash("sha256").update(body!).digest("base64")}'`);
}

/** The account links of the site header: what tells the kinds of viewer apart. */
function headerLinks(html: string) {
  const header = /<header[\s\S]*?<\/header>/.exec(html)?.[0] ?? "";
  return {
    login: header.includes(">Login<"),
    logout: header.includes("Logout"),
    admin: header.includes('href="/dashboard"'),
    account: header.includes('href="/account"'),
    jobs: header.includes('href="/jobs"'),
  };
}

async function signedInCookie(role: "customer" | "technician" | "admin") {
  const { user } = await signedInUser(stack.url, stack.db, role);
  return { user, cookie: `theme=dark; ${await pageSessionCookie(stack.url, user.email)}` };
}

describe("marketing pages served as static files", () => {
  it("are rendered once, then answered from memory in every encoding with the same document", async () => {
    const first = await page("/services/generator");
    const br = await page("/services/generator");
    const gzip = await page("/services/generator", { "Accept-Encoding": "gzip;q=1, br;q=0" });
    const identity = await page("/services/generator", { "Accept-Encoding": "identity" });
    expect([first.cache, br.cache, gzip.cache, identity.cache]).toEqual(["miss", "hit", "hit", "hit"]);
    expect([br.encoding, gzip.encoding, identity.encoding]).toEqual(["br", "gzip", null]);
    for (const res of [first, br, gzip, identity]) {
      expect(res.status).toBe(200);
      expect(res.html).toBe(first.html);
      expect(res.html).toContain("Generator Installation");
      expect(res.vary).toMatch(/Accept-Encoding/);
    }
    expect(identity.length).toBe(String(Buffer.byteLength(first.html)));
    // One strong validator per encoding.
    expect(new Set([br.etag, gzip.etag, identity.etag]).size).toBe(3);
    for (const etag of [br.etag, gzip.etag, identity.etag]) expect(etag).toMatch(/^"[\w-]+"$/);
    expect(br.cacheControl).toBe("no-cache");

    const head = await page("/services/generator", {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.html).toBe("");
    expect(head.etag).toBe(br.etag);
  });

  it("allow exactly their own inline scripts by hash, and carry no nonce", async () => {
    await page("/about");
    const kept = await page("/about");
    expect(kept.cache).toBe("hit");
    expect(kept.csp).not.toContain("'nonce-");
    expect(kept.html).not.toMatch(/\snonce=/);
    const scriptSrc = /script-src ([^;]+)/.exec(kept.csp)![1]!.split(" ");
    const hashes = inlineScriptHashes(kept.html);
    // The site's script and its Speculation Rules (docs/decisions/025-public-pages-without-app-scripts.md).
    expect(hashes.length).toBeGreaterThanOrEqual(2);
    expect(scriptSrc.filter((s) => s.startsWith("'sha256-")).sort()).toEqual([...new Set(hashes)].sort());
    expect(scriptSrc).toContain("'strict-dynamic'");
    // The rest of the policy is every page's.
    const live = await page("/contact");
    expect(kept.csp.replace(/script-src [^;]+/, "")).toBe(live.csp.replace(/script-src [^;]+/, ""));
    for (const header of ["x-frame-options", "x-content-type-options", "referrer-policy", "permissions-policy"]) {
      const [a, b] = await Promise.all([
        fetch(`${stack.url}/about`).then((r) => r.headers.get(header)),
        fetch(`${stack.url}/contact`).then((r) => r.headers.get(header)),
      ]);
      expect(a, header).toBe(b);
      expect(a, header).toBeTruthy();
    }
  });

  it("answer 304 to a matching If-None-Match and the page to any other", async () => {
    await page("/services/lighting");
    const kept = await page("/services/lighting");
    const again = await page("/services/lighting", { "If-None-Match": kept.etag! });
    expect(again.status).toBe(304);
    expect(again.html).toBe("");
    expect(again.etag).toBe(kept.etag);
    const list = await page("/services/lighting", { "If-None-Match": `"old", W/${kept.etag!}` });
    expect(list.status).toBe(304);
    // Another encoding's validator, or a stale one, gets the page.
    const gzipEtag = (await page("/services/lighting", { "Accept-Encoding": "gzip" })).etag!;
    const other = await page("/services/lighting", { "If-None-Match": gzipEtag });
    expect(other.status).toBe(200);
    expect(other.html).toContain("Lighting");
    expect((await page("/services/lighting", { "If-None-Match": '"stale"' })).status).toBe(200);
  });

  it("choose the encoding by the client's weights, then brotli, and answer any validator the page has", async () => {
    await page("/services/residential");
    const encodings = {
      // What Chromium sends: brotli is preferred, whatever the order.
      "gzip, deflate, br, zstd": "br",
      "br;q=0.5, gzip": "gzip",
      "gzip;q=0, br;q=0": null,
      "*": "br",
      "deflate, identity": null,
    };
    for (const [header, encoding] of Object.entries(encodings)) {
      const res = await page("/services/residential", { "Accept-Encoding": header });
      expect(res.encoding, header).toBe(encoding);
      expect(res.html, header).toContain("Residential");
    }
    const kept = await page("/services/residential");
    // A validator from the page's request is answered even with `Cache-Control: no-cache` (fetch() adds it anyway).
    for (const [name, value] of [
      ["If-None-Match", `W/${kept.etag!}`],
      ["If-None-Match", "*"],
    ] as const) {
      const res = await page("/services/residential", { [name]: value, "Cache-Control": "no-cache" });
      expect(res.status, value).toBe(304);
      expect(res.etag, value).toBe(kept.etag);
    }
    // No Last-Modified: a date alone is no validator of this page.
    expect((await page("/services/residential", { "If-Modified-Since": new Date().toUTCString() })).status).toBe(200);
  });

  it("take what to keep and who it is for from the routes' own headers, which never leave the server", async () => {
    const customer = await signedInCookie("customer");
    const internal = (res: Response) =>
      [...res.headers.keys()].filter((name) => name === "x-rendered-for" || name === "x-page-cache-keep");
    for (const [path, cookie] of [
      ["/services/commercial", undefined],
      ["/services/commercial", undefined],
      ["/services/commercial", customer.cookie],
      ["/contact", undefined],
      ["/contact", customer.cookie],
      ["/login", undefined],
      ["/no-such-page", undefined],
      // The data of a client-side navigation carries the same route headers.
      ["/services/commercial.data", undefined],
      ["/contact.data", customer.cookie],
    ] as const) {
      const res = await fetch(`${stack.url}${path}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
      expect(internal(res), path).toEqual([]);
      await res.arrayBuffer();
    }
    // A page rendered per request: a visitor's may be stored, a signed-in user's never.
    expect((await page("/contact")).cacheControl).not.toBe("private, no-store");
    expect((await page("/contact", { Cookie: customer.cookie })).cacheControl).toBe("private, no-store");
  });

  it("keep one page per role and never serve a signed-in page to a visitor or to another role", async () => {
    const visitor = await page("/services");
    const customerA = await signedInCookie("customer");
    const customerB = await signedInCookie("customer");
    const technician = await signedInCookie("technician");
    const admin = await signedInCookie("admin");

    const seen = {
      customerA: [
        await page("/services", { Cookie: customerA.cookie }),
        await page("/services", { Cookie: customerA.cookie }),
      ],
      customerB: await page("/services", { Cookie: customerB.cookie }),
      technician: [
        await page("/services", { Cookie: technician.cookie }),
        await page("/services", { Cookie: technician.cookie }),
      ],
      admin: [await page("/services", { Cookie: admin.cookie }), await page("/services", { Cookie: admin.cookie })],
      visitor: await page("/services"),
    };
    expect(seen.customerA.map((r) => r.cache)).toEqual(["miss", "hit"]);
    expect(seen.technician.map((r) => r.cache)).toEqual(["miss", "hit"]);
    expect(seen.admin.map((r) => r.cache)).toEqual(["miss", "hit"]);
    expect(seen.visitor.cache).toBe("hit");

    // Two customers get the same document, which names neither of them.
    expect(seen.customerB.cache).toBe("hit");
    expect(seen.customerB.html).toBe(seen.customerA[1]!.html);
    for (const who of [customerA, customerB, technician, admin]) {
      expect(seen.customerA[1]!.html).not.toContain(who.user.email);
      expect(seen.admin[1]!.html).not.toContain(who.user.lastName);
    }
    for (const res of [...seen.customerA, ...seen.technician, ...seen.admin])
      expect(res.cacheControl).toBe("private, no-store");

    expect(headerLinks(visitor.html)).toEqual({
      login: true,
      logout: false,
      admin: false,
      account: false,
      jobs: false,
    });
    expect(headerLinks(seen.visitor.html)).toEqual(headerLinks(visitor.html));
    expect(headerLinks(seen.customerA[1]!.html)).toEqual({
      login: false,
      logout: true,
      admin: false,
      account: true,
      jobs: false,
    });
    expect(headerLinks(seen.technician[1]!.html)).toEqual({
      login: false,
      logout: true,
      admin: false,
      account: false,
      jobs: true,
    });
    expect(headerLinks(seen.admin[1]!.html)).toEqual({
      login: false,
      logout: true,
      admin: true,
      account: false,
      jobs: false,
    });
    expect(new Set([visitor.etag, seen.customerA[1]!.etag, seen.technician[1]!.etag, seen.admin[1]!.etag]).size).toBe(
      4,
    );

    // A visitor's validator never brings back a signed-in page, nor the other way round.
    expect((await page("/services", { "If-None-Match": seen.admin[1]!.etag! })).status).toBe(200);
    expect((await page("/services", { Cookie: customerA.cookie, "If-None-Match": visitor.etag! })).status).toBe(200);

    // The role is the session's now: a customer made admin gets the admin's page at once.
    await stack.db.user.update({ where: { id: customerB.user.id }, data: { role: "admin" } });
    expect(headerLinks((await page("/services", { Cookie: customerB.cookie })).html).admin).toBe(true);

    // A session that has ended is a visitor's, whether signed out or its account deactivated.
    const out = await fetch(`${stack.url}/logout`, {
      method: "POST",
      headers: { Cookie: technician.cookie },
      redirect: "manual",
    });
    expect(out.status).toBe(302);
    const afterLogout = await page("/services", { Cookie: technician.cookie });
    expect(afterLogout.cache).toBe("hit");
    expect(afterLogout.html).toBe(visitor.html);
    await stack.db.user.update({ where: { id: customerA.user.id }, data: { isActive: false } });
    expect((await page("/services", { Cookie: customerA.cookie })).html).toBe(visitor.html);
    // A forged cookie is no session either.
    expect((await page("/services", { Cookie: "bce_session=forged.value" })).html).toBe(visitor.html);
  });

  it("leave the API's bearer clients, live pages and addresses with a query string to the app", async () => {
    await page("/about");
    const { token } = await signedInUser(stack.url, stack.db, "admin");
    const bearer = await page("/about", { Authorization: `Bearer ${token}` });
    expect(bearer.cache).toBeNull();
    expect(headerLinks(bearer.html).admin).toBe(true);

    for (const path of ["/contact", "/login", "/no-such-page", "/services?utm_source=flyer"]) {
      await page(path);
      const again = await page(path);
      expect(again.cache, path).toBeNull();
      expect(again.etag, path).toBeNull();
    }
    // Pages rendered per request keep a fresh nonce per response.
    const [one, two] = [await page("/contact"), await page("/contact")];
    const nonceOf = (csp: string) => /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonceOf(one.csp)).toBeTruthy();
    expect(nonceOf(one.csp)).not.toBe(nonceOf(two.csp));
    expect(one.html).toContain(`nonce="${nonceOf(one.csp)}"`);
    expect((await page("/no-such-page")).status).toBe(404);
  });
});

describe("the build's assets", () => {
  it("are sent compressed ahead of time in the form the browser accepts, cached for a year", async () => {
    const html = (await page("/")).html;
    const stylesheet = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    const script = /<link rel="modulepreload" href="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    for (const asset of [stylesheet!, script!]) {
      const get = (encoding: string, headers: Record<string, string> = {}) =>
        fetch(`${stack.url}${asset}`, { headers: { "Accept-Encoding": encoding, ...headers } });
      const [br, gzip, plain] = await Promise.all([get("br, gzip"), get("gzip"), get("identity")]);
      const bodies = await Promise.all([br, gzip, plain].map((r) => r.text()));
      expect([br.headers.get("content-encoding"), gzip.headers.get("content-encoding")]).toEqual(["br", "gzip"]);
      expect(plain.headers.get("content-encoding")).toBeNull();
      expect(bodies[0]).toBe(bodies[2]);
      expect(bodies[1]).toBe(bodies[2]);
      expect(bodies[2]!.length).toBeGreaterThan(100);
      expect(br.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(br.headers.get("content-type")).toMatch(asset.endsWith(".css") ? /^text\/css/ : /^text\/javascript/);
      expect(br.headers.get("x-content-type-options")).toBe("nosniff");
      expect(Number(br.headers.get("content-length"))).toBeLessThan(Number(plain.headers.get("content-length")));
      const again = await get("br, gzip", { "If-None-Match": br.headers.get("etag")! });
      expect(again.status).toBe(304);
    }
    expect((await fetch(`${stack.url}/assets/no-such-file.js`)).status).toBe(404);
  });
});

/** The class names of a page's HTML, each once. */
function classNames(html: string) {
  const names = [...html.matchAll(/\sclass="([^"]*)"/g)].flatMap(([, list]) => list!.split(/\s+/));
  return [...new Set(names.filter(Boolean).map((name) => name.replaceAll("&amp;", "&").replaceAll("&quot;", '"')))];
}

/** Whether a stylesheet has a rule for `.name` (its selector escapes what is not a letter, digit, `-` or `_`). */
function styles(css: string, name: string) {
  const selector = `.${name.replace(/[^A-Za-z0-9_-]/g, (c) => `\\${c}`)}`;
  return new RegExp(`${selector.replace(/[\\^$.*+?()[\]{}|]/g, "\\$&")}(?![A-Za-z0-9_-]|\\\\)`).test(css);
}

describe("the public pages' stylesheet (web/app/site.css)", () => {
  it("is theirs alone, smaller than the app's, and styles every class they render", async () => {
    const stylesheetOf = (html: string) => /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    const appSheet = stylesheetOf((await page("/book")).html)!;
    const appCss = await (await fetch(`${stack.url}${appSheet}`)).text();
    const services = ["commercial", "emergency", "generator", "lighting", "panel-upgrades", "residential"];
    const paths = [
      "/",
      "/about",
      "/services",
      ...services.map((s) => `/services/${s}`),
      "/contact",
      "/login",
      "/login?view=register",
      "/login?view=reset&step=token",
      "/no-such-page",
    ];
    let siteCss = "";
    for (const path of paths) {
      const { html } = await page(path);
      const sheet = stylesheetOf(html);
      expect(sheet, path).toMatch(/^\/assets\/site-[^/]+\.css$/);
      siteCss ||= await (await fetch(`${stack.url}${sheet}`)).text();
      const styled = classNames(html).filter((name) => styles(appCss, name));
      expect(styled.length, `${path}: classes found in the app's stylesheet`).toBeGreaterThan(50);
      expect(styled, "a variant's class, escaped as Tailwind writes it").toEqual(
        expect.arrayContaining(["focus:not-sr-only"]),
      );
      const missing = styled.filter((name) => !styles(siteCss, name));
      expect(missing, `${path}: classes the app's stylesheet has and the site's lacks`).toEqual([]);
    }
    expect(siteCss.length).toBeLessThan(appCss.length);
    // The staff side's own rules stay in the app's.
    expect(styles(appCss, "bookings-table")).toBe(true);
    expect(styles(siteCss, "bookings-table")).toBe(false);
  });
});
