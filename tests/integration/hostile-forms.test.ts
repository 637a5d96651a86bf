/**
 * Form posts of a shape no form of the site has, and uploads from someone not allowed to upload
 * (docs/security.md#forms-of-a-bounded-shape, #uploads-for-staff-only), against the production
 * build. An index of a million in a field's name (`zz[1000000]`) made the pages' form parser build a
 * million-slot list and echo it back (3 MB, seconds of the whole process); the 60 MB upload limit
 * of /jobs was anyone's, read into memory before the session was checked.
 */
import net from "node:net";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { signedInUser } from "../support/accounts";
import { randomIp, type Stack } from "../support/stack";
import { sharedStack } from "../support/shared-stack";

let stack: Stack;
beforeAll(async () => {
  stack = await sharedStack();
});

const FORM = "application/x-www-form-urlencoded";
const contact = "firstName=Jo&lastName=Do&email=bad&message=hi";

async function post(path: string, body: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${stack.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": FORM, "X-Forwarded-For": randomIp(), ...headers },
    body,
  });
  return { status: res.status, type: res.headers.get("content-type") ?? "", text: await res.text() };
}

describe("a form post whose names no form has", () => {
  it.each([
    ["/contact", `${contact}&zz%5B1000000%5D=1`],
    ["/contact", `${contact}&zz%5B10000000%5D=1&yy%5B10000000%5D=1&xx%5B10000000%5D=1`],
    ["/login", "intent=login&email=a%40b.co&password=x&zz%5B1000000%5D=1"],
    ["/book", "service=panel-upgrades&zz%5B1000000%5D=1"],
    ["/unsubscribe/not-a-real-token", "intent=resubscribe&zz%5B1000000%5D=1"],
    ["/appointments/not-a-real-token", "intent=cancel&zz%5B1000000%5D=1"],
    ["/estimates/not-a-real-token", "intent=approve&zz%5B1000000%5D=1"],
    ["/admin/bookings", "intent=update-status&options%5B0%5D.lines%5B5000%5D.item=1"],
    ["/contact", `${contact}&${"a.".repeat(8)}b=1`],
    ["/contact", `${contact}&${"n".repeat(150)}=1`],
    ["/contact", `${contact}&${Array.from({ length: 1_001 }, (_, i) => `f${i}=`).join("&")}`],
  ])("%s answers a small 400 with the error shape, before any page reads it", async (path, body) => {
    const contactsBefore = await stack.db.contactMessage.count();
    const res = await post(path, body);
    expect(res.status).toBe(400);
    expect(res.type).toContain("application/json");
    expect(res.text.length).toBeLessThan(10_000);
    expect(JSON.parse(res.text)).toMatchObject({
      success: false,
      message: expect.stringMatching(/^This form could not be read: .+ Nothing was saved\.$/),
      errors: { _: expect.any(String) },
    });
    expect(await stack.db.contactMessage.count()).toBe(contactsBefore);
  });

  it("the same index in a multipart form is refused the same way", async () => {
    const form = new FormData();
    for (const [name, value] of new URLSearchParams(contact)) form.append(name, value);
    form.append("zz[1000000]", "1");
    const res = await fetch(`${stack.url}/contact`, {
      method: "POST",
      headers: { "X-Forwarded-For": randomIp() },
      body: form,
    });
    expect(res.status).toBe(400);
    expect((await res.text()).length).toBeLessThan(10_000);
  });

  it("the process keeps answering others while three such posts come in", async () => {
    const hostile = Array.from({ length: 3 }, () =>
      post("/contact", `${contact}&zz%5B10000000%5D=1&yy%5B10000000%5D=1&xx%5B10000000%5D=1`),
    );
    const health = await fetch(`${stack.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    for (const res of await Promise.all(hostile)) expect(res.status).toBe(400);
  });

  it("a path under a name the form lacks is refused, and never echoed", async () => {
    const nested = await post("/contact", `${contact}&yy.a=echoed-back&zz%5B3%5D=echoed-back`);
    expect(nested.status).toBe(400);
    expect(nested.text).toContain("it holds a field no form of this page has");
    expect(nested.text).not.toContain("echoed-back");
  });

  it("a form within the bounds is read as before", async () => {
    const message = `Bounded forms ${Date.now()}: the porch light flickers.`;
    const res = await post(
      "/contact",
      new URLSearchParams({ firstName: "Jo", lastName: "Do", email: "jo.do@example.com", message }).toString(),
    );
    expect(res.status).toBe(302);
    expect(await stack.db.contactMessage.count({ where: { message } })).toBe(1);
  });
});

/**
 * Sends a request's head declaring `declared` bytes of body, then only `sent` of them, and resolves
 * with the status the server answers while the rest is still owed (a server that waits for the
 * whole body never answers, and the test times out).
 */
function answerBeforeBody(path: string, headers: Record<string, string>, declared: number, sent: number) {
  const { hostname, port } = new URL(stack.url);
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => {
      const head = [
        `POST ${path} HTTP/1.1`,
        `Host: ${hostname}:${port}`,
        `Content-Length: ${declared}`,
        `X-Forwarded-For: ${randomIp()}`,
        ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      ].join("\r\n");
      socket.write(`${head}\r\n\r\n`);
      socket.write(Buffer.alloc(sent, 0x61));
    });
    let raw = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => {
      raw += chunk;
      const end = raw.indexOf("\r\n\r\n");
      const length = /content-length:\s*(\d+)/i.exec(raw)?.[1];
      if (end >= 0 && length !== undefined && raw.length >= end + 4 + Number(length)) {
        socket.destroy();
        resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1]), text: raw.slice(end + 4) });
      }
    });
    socket.on("error", reject);
  });
}

describe("an upload from someone not allowed to upload", () => {
  const multipart = { "Content-Type": "multipart/form-data; boundary=x" };
  const SIXTY_MB = 59 * 1024 * 1024;

  it.each([
    ["/jobs", {}],
    ["/api/jobs/1/photos", {}],
    ["/jobs", { Cookie: "bce_session=forged.value" }],
    ["/api/jobs/1/photos", { Authorization: "Bearer not-a-session-token-at-all" }],
  ])("%s of 59 MB is refused (413) before its body is read", async (path, auth) => {
    const res = await answerBeforeBody(path, { ...multipart, ...auth }, SIXTY_MB, 64 * 1024);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.text)).toMatchObject({
      success: false,
      message: "Request body is larger than 1 MB: only signed-in staff upload photos",
    });
  });

  it("a customer's session is no technician's: refused the same way", async () => {
    const customer = await signedInUser(stack.url, stack.db, "customer");
    const res = await answerBeforeBody(
      "/api/jobs/1/photos",
      { ...multipart, Authorization: `Bearer ${customer.token}` },
      SIXTY_MB,
      64 * 1024,
    );
    expect(res.status).toBe(413);
  });

  it("a technician's upload refused before its body is read leaves the connection serving the next request", async () => {
    // A client keeps its connection for the next request (fetch does); an answer sent before the body was
    // read (here a 415: JSON is no photo) must not leave the rest of the body to stall that connection.
    const tech = await signedInUser(stack.url, stack.db, "technician");
    const { hostname, port } = new URL(stack.url);
    const socket = net.connect(Number(port), hostname).on("error", () => {});
    const answers: string[] = [];
    let pending = "";
    const answered = () =>
      new Promise<string>((resolve, reject) => {
        const check = () => {
          const end = pending.indexOf("\r\n\r\n");
          const length = Number(/content-length: *(\d+)/i.exec(pending.slice(0, end))?.[1] ?? NaN);
          if (end < 0 || pending.length < end + 4 + length) return;
          const answer = pending.slice(0, end + 4 + length);
          pending = pending.slice(answer.length);
          socket.off("data", onData).off("close", onClose);
          resolve(answer);
        };
        const onData = (chunk: Buffer) => {
          pending += chunk.toString("latin1");
          check();
        };
        const onClose = () => reject(new Error(`the connection closed; answers so far: ${answers.length}`));
        socket.on("data", onData).on("close", onClose);
      });
    try {
      const body = JSON.stringify({ note: "x".repeat(200_000) });
      socket.write(
        `POST /api/jobs/1/photos HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${tech.token}\r\n` +
          `X-Forwarded-For: ${randomIp()}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
      );
      answers.push(await answered());
      expect(answers[0]).toMatch(/^HTTP\/1\.1 415 /);
      socket.write(`GET /healthz HTTP/1.1\r\nHost: ${hostname}\r\n\r\n`);
      answers.push(await answered());
      expect(answers[1]).toMatch(/^HTTP\/1\.1 200 /);
    } finally {
      socket.destroy();
    }
  });

  it("a technician's photos still upload, streamed to disk, from /jobs without JavaScript", async () => {
    const tech = await signedInUser(stack.url, stack.db, "technician");
    const customer = await stack.db.customer.create({
      data: { name: "Upload Customer", email: `upload.${Date.now()}@customer.example.com`, phone: "(225) 555-0142" },
    });
    const start = new Date(Date.now() + 2 * 86_400_000);
    start.setUTCHours(15, 0, 0, 0);
    const booking = await stack.db.booking.create({
      data: { customerId: customer.id, summary: "Panel inspection", scheduledDate: start, technicianId: tech.user.id },
    });
    const photo = (color: number) =>
      sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: color, g: 90, b: 40 } } })
        .jpeg()
        .toBuffer();
    const form = new FormData();
    form.append("intent", "job-photos");
    form.append("bookingId", String(booking.id));
    for (const bytes of [await photo(10), await photo(200)])
      form.append("file", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), "panel.jpg");
    const res = await fetch(`${stack.url}/jobs`, {
      method: "POST",
      headers: { Authorization: `Bearer ${tech.token}`, "X-Forwarded-For": randomIp() },
      body: form,
    });
    expect(res.status, await res.text()).toBe(200);
    expect(await stack.db.jobPhoto.count({ where: { bookingId: booking.id } })).toBe(2);
  });
});
