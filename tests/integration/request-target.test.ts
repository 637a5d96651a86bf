import { beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "../support/raw-http";
import { randomIp, type Stack } from "../support/stack";
import { sharedStack } from "../support/shared-stack";

/**
 * Request lines as a client may write them (RFC 9112 §3.2): besides the path browsers send, the
 * absolute form a client sends to a proxy (`GET http://host/path HTTP/1.1`), which a server must
 * accept too, and `*` (`OPTIONS * HTTP/1.1`). Every layer of the server (the kept assets and pages,
 * Express, Remix) answers the absolute form as the path it names, with our own host as the
 * request's origin (web/server/request-target.ts). Sent over a raw socket: fetch writes paths only.
 */

let stack: Stack;
let host: string;
beforeAll(async () => {
  stack = await sharedStack();
  host = new URL(stack.url).host;
});

const get = (target: string, headers: string[] = []) =>
  rawRequest(stack.url, [`GET ${target} HTTP/1.1`, `Host: ${host}`, ...headers].join("\r\n"));

describe("an absolute-form request target", () => {
  it("is answered as its path by the page cache: a kept page is a hit, the other host appears nowhere", async () => {
    // Keep /about first (rendered once, then answered from memory).
    for (let i = 0; i < 20; i++) {
      const res = await fetch(`${stack.url}/about`);
      await res.arrayBuffer();
      if (res.headers.get("x-page-cache") === "hit") break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const res = await get("http://other.example/about");
    expect(res.status).toBe(200);
    expect(res.headers["x-page-cache"]).toBe("hit");
    expect(res.body).toContain("About Us");
    expect(res.body).not.toContain("other.example");
  });

  it("is answered as its path and query by the app (a page rendered for the request)", async () => {
    const res = await get("http://other.example/contact?from=proxy");
    expect(res.status).toBe(200);
    expect(res.body).toContain("Contact Us");
    expect(res.body).not.toContain("other.example");
    // No path at all is the home page; a query alone too.
    for (const target of ["http://other.example", "HTTP://OTHER.EXAMPLE?utm_source=x"]) {
      const home = await get(target);
      expect(home.status, target).toBe(200);
      expect(home.body, target).not.toContain("other.example");
    }
  });

  it("is answered as its path by the built assets", async () => {
    const page = await fetch(`${stack.url}/contact`).then((r) => r.text());
    const asset = /\/assets\/[\w.-]+\.(?:css|js)/.exec(page)?.[0];
    expect(asset).toBeDefined();
    const res = await get(`http://other.example${asset}`);
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toContain("immutable");
  });

  it("keeps our host as the request's origin: a redirect stays here, and the named host is no origin for writes", async () => {
    const logout = await get("http://other.example/logout");
    expect(logout.status).toBe(302);
    expect(logout.headers.location).not.toContain("other.example");

    const contact = JSON.stringify({ firstName: "Ann", lastName: "Lee", email: "ann@example.com", message: "Hi" });
    const post = (origin?: string) =>
      rawRequest(
        stack.url,
        [
          "POST http://other.example/api/contact HTTP/1.1",
          `Host: ${host}`,
          "Content-Type: application/json",
          `Content-Length: ${Buffer.byteLength(contact)}`,
          `X-Forwarded-For: ${randomIp()}`,
          ...(origin ? [`Origin: ${origin}`] : []),
        ].join("\r\n"),
        contact,
      );
    const crossSite = await post("http://other.example");
    expect(crossSite.status).toBe(403);
    expect(JSON.parse(crossSite.body)).toMatchObject({ success: false });
    const created = await post();
    expect(created.status).toBe(201);
    expect(JSON.parse(created.body)).toMatchObject({ success: true });
  });

  it("of another scheme than http or https is a 400 with the error shape", async () => {
    const res = await get("ftp://other.example/about");
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ success: false, message: expect.any(String) });
  });
});

describe("the asterisk request target", () => {
  it("OPTIONS * answers 204 with the methods the server takes", async () => {
    const res = await rawRequest(stack.url, `OPTIONS * HTTP/1.1\r\nHost: ${host}`);
    expect(res.status).toBe(204);
    expect(res.headers.allow).toMatch(/GET.*POST/);
    expect(res.body).toBe("");
  });

  it("any other method with * is a 400 with the error shape", async () => {
    for (const method of ["GET", "POST", "HEAD"]) {
      const res = await rawRequest(stack.url, `${method} * HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 0`);
      expect(res.status, method).toBe(400);
      if (method !== "HEAD")
        expect(JSON.parse(res.body), method).toMatchObject({ success: false, message: expect.any(String) });
    }
  });
});
