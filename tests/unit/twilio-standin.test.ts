import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import twilio from "twilio";
import type RequestClient from "twilio/lib/base/RequestClient";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTwilioStandin, type TwilioStandin } from "../support/twilio-standin";

/**
 * The Twilio stand-in (tests/support/twilio-standin.ts) driven by the real `twilio` SDK, pointed at it the way
 * the app points it (packages/shared/src/texts/twilio.server.ts): a `RequestClient` that swaps Twilio's origin
 * for the stand-in's. Its delivery reports and inbound texts reach a local server here, which checks each
 * signature with the SDK's `validateRequest`.
 */
class StandinRequestClient extends twilio.RequestClient {
  constructor(private readonly origin: string) {
    super();
  }

  override request<TData>(opts: RequestClient.RequestOptions<TData>) {
    return super.request<TData>({ ...opts, uri: opts.uri.replace(/^https:\/\/api\.twilio\.com/, this.origin) });
  }
}

interface Received {
  path: string;
  params: Record<string, string>;
  signatureValid: boolean;
  headers: Record<string, string | string[] | undefined>;
}

/** The app's side: records each post, checks its signature; /sms answers TwiML, /fail a 500, a forgery 403. */
async function startReceiver(authToken: () => string) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const params = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
      const path = req.url ?? "/";
      const signature = req.headers["x-twilio-signature"];
      const signatureValid =
        typeof signature === "string" &&
        twilio.validateRequest(authToken(), signature, `${receiver.url}${path}`, params);
      received.push({ path, params, signatureValid, headers: req.headers });
      if (!signatureValid) {
        res.writeHead(403).end();
      } else if (path === "/fail") {
        res.writeHead(500).end();
      } else if (path === "/sms") {
        const reply = params.Body === "quiet" ? "" : `<Message>Got &quot;${params.Body}&quot; &amp; thanks</Message>`;
        res.writeHead(200, { "Content-Type": "text/xml" });
        res.end(`<?xml version="1.0" encoding="UTF-8"?><Response>${reply}</Response>`);
      } else {
        res.writeHead(204).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const receiver = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return receiver;
}

describe("the Twilio stand-in, through the real SDK", () => {
  let standin: TwilioStandin;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let client: twilio.Twilio;
  const sdkFor = (accountSid: string, authToken: string, options: { accountSid?: string } = {}) =>
    twilio(accountSid, authToken, { httpClient: new StandinRequestClient(standin.url), ...options });

  beforeAll(async () => {
    standin = await startTwilioStandin({ callbackDelayMs: 0 });
    receiver = await startReceiver(() => standin.authToken);
    standin.smsWebhookUrl = `${receiver.url}/sms`;
    client = sdkFor(standin.accountSid, standin.authToken);
  });

  afterAll(async () => {
    await standin?.close();
    await receiver?.close();
  });

  beforeEach(async () => {
    await standin.idle();
    standin.clear();
    receiver.received.length = 0;
  });

  it("gives the app the environment that points the SDK at it", () => {
    expect(standin.env).toEqual({
      TWILIO_ACCOUNT_SID: standin.accountSid,
      TWILIO_AUTH_TOKEN: standin.authToken,
      TWILIO_FROM: "+12255550142",
      TWILIO_API_URL: standin.url,
    });
    expect(standin.accountSid).toMatch(/^AC[0-9a-f]{32}$/);
    expect(standin.authToken).toMatch(/^[0-9a-f]{32}$/);
    expect(standin.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it("creates a message as Twilio does, and lists it at /__messages", async () => {
    const message = await client.messages.create({
      to: "+12255550187",
      from: standin.from,
      body: "Your visit is confirmed for Tuesday, 8–10 am.",
    });
    expect(message.sid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(message.status).toBe("queued");
    expect(message.to).toBe("+12255550187");
    expect(message.from).toBe(standin.from);
    expect(message.accountSid).toBe(standin.accountSid);
    expect(message.direction).toBe("outbound-api");
    expect(message.numSegments).toBe("1");
    expect(message.dateCreated).toBeInstanceOf(Date);
    expect(Number.isNaN(message.dateCreated.getTime())).toBe(false);
    expect(message.dateSent).toBeNull();
    expect(message.errorCode).toBeNull();
    expect(message.uri).toBe(`/2010-04-01/Accounts/${standin.accountSid}/Messages/${message.sid}.json`);

    const listed = (await (await fetch(`${standin.url}/__messages`)).json()) as Array<Record<string, unknown>>;
    expect(listed).toEqual([
      expect.objectContaining({
        sid: message.sid,
        to: "+12255550187",
        from: standin.from,
        messagingServiceSid: null,
        body: "Your visit is confirmed for Tuesday, 8–10 am.",
        statusCallback: null,
        errorCode: null,
      }),
    ]);
    expect(standin.messages[0]!.params).toMatchObject({ To: "+12255550187", From: standin.from });

    // It moves on by itself even without a StatusCallback, and the SDK reads its state back.
    await expect.poll(async () => (await client.messages(message.sid).fetch()).status).toBe("delivered");

    expect((await fetch(`${standin.url}/__messages`, { method: "DELETE" })).status).toBe(200);
    expect(await (await fetch(`${standin.url}/__messages`)).json()).toEqual([]);
  });

  it("sends through a Messaging Service: no From until it leaves, segments counted later", async () => {
    const service = `MG${"ab".repeat(16)}`;
    const message = await client.messages.create({ to: "+12255550187", messagingServiceSid: service, body: "Hi" });
    expect(message).toMatchObject({ from: null, messagingServiceSid: service, status: "accepted", numSegments: "0" });
  });

  it("refuses another account's credentials with Twilio's 20003", async () => {
    const wrong = sdkFor(standin.accountSid, "0".repeat(32));
    const error = await wrong.messages.create({ to: "+12255550187", from: standin.from, body: "x" }).catch((e) => e);
    expect(error).toBeInstanceOf(twilio.RestException);
    expect(error).toMatchObject({
      status: 401,
      code: 20003,
      message: "Authenticate",
      moreInfo: "https://www.twilio.com/docs/errors/20003",
    });
    // Right credentials, another account's path.
    const other = sdkFor(standin.accountSid, standin.authToken, { accountSid: `AC${"1".repeat(32)}` });
    await expect(other.messages.create({ to: "+12255550187", from: standin.from, body: "x" })).rejects.toMatchObject({
      status: 404,
      code: 20404,
    });
    expect(standin.messages).toEqual([]);
  });

  it("validates as Twilio does", async () => {
    const refusal = (params: { to: string; body?: string; from?: string }) =>
      client.messages.create(params).then(
        () => null,
        (error: { code: number; status: number; message: string }) => error,
      );
    expect(await refusal({ to: "225-555-0187", from: standin.from, body: "x" })).toMatchObject({
      status: 400,
      code: 21211,
      message: "The 'To' number 225-555-0187 is not a valid phone number.",
    });
    expect(await refusal({ to: "+12255550187", from: standin.from })).toMatchObject({ status: 400, code: 21602 });
    expect(await refusal({ to: "+12255550187", body: "x" })).toMatchObject({ status: 400, code: 21603 });
    expect(await refusal({ to: "+12255550187", from: "+12255559999", body: "x" })).toMatchObject({ code: 21606 });
    expect(await refusal({ to: "+12255550187", from: standin.from, body: "x".repeat(1601) })).toMatchObject({
      code: 21617,
    });

    standin.optedOut.add("+12255550111");
    expect(await refusal({ to: "+12255550111", from: standin.from, body: "x" })).toMatchObject({
      status: 400,
      code: 21610,
      message: "Attempt to send to unsubscribed recipient",
    });

    standin.failNext = 1;
    expect(await refusal({ to: "+12255550187", from: standin.from, body: "x" })).toMatchObject({
      status: 500,
      code: 20500,
    });
    expect(await refusal({ to: "+12255550187", from: standin.from, body: "x" })).toBeNull();
    expect(standin.messages.map((m) => m.to)).toEqual(["+12255550187"]);
    standin.optedOut.clear();
  });

  it("posts signed delivery reports to the StatusCallback, in order: sent, then delivered", async () => {
    const statusCallback = `${receiver.url}/status?booking=42`;
    const message = await client.messages.create({
      to: "+12255550187",
      from: standin.from,
      body: "On our way",
      statusCallback,
    });
    await standin.idle();
    const reports = receiver.received.filter((r) => r.path.startsWith("/status"));
    expect(reports.map((r) => r.params.MessageStatus)).toEqual(["sent", "delivered"]);
    for (const report of reports) {
      expect(report.signatureValid).toBe(true);
      expect(report.headers["content-type"]).toBe("application/x-www-form-urlencoded");
      expect(report.params).toEqual({
        MessageSid: message.sid,
        SmsSid: message.sid,
        MessageStatus: report.params.SmsStatus,
        SmsStatus: report.params.MessageStatus,
        AccountSid: standin.accountSid,
        From: standin.from,
        To: "+12255550187",
        ApiVersion: "2010-04-01",
      });
    }
    const recorded = await standin.waitForMessage((m) => m.sid === message.sid);
    expect(recorded).toMatchObject({ status: "delivered", errorCode: null, statusCallback });
    expect(recorded.sentAt).not.toBeNull();
    expect(standin.callbackFailures).toEqual([]);
  });

  it("reports a landline as undelivered (30006) and an unreachable number as failed (30003)", async () => {
    standin.landlines.add("+12255550100");
    standin.unreachable.add("+12255550101");
    const statusCallback = `${receiver.url}/status`;
    const landline = await client.messages.create({
      to: "+12255550100",
      from: standin.from,
      body: "a",
      statusCallback,
    });
    const away = await client.messages.create({ to: "+12255550101", from: standin.from, body: "b", statusCallback });
    await standin.idle();
    const reportsOf = (sid: string) =>
      receiver.received
        .filter((r) => r.params.MessageSid === sid)
        .map((r) => [r.params.MessageStatus, r.params.ErrorCode]);
    expect(reportsOf(landline.sid)).toEqual([
      ["sent", undefined],
      ["undelivered", "30006"],
    ]);
    expect(reportsOf(away.sid)).toEqual([["failed", "30003"]]);
    expect(receiver.received.every((r) => r.signatureValid)).toBe(true);
    expect(standin.messages.map((m) => [m.status, m.errorCode])).toEqual([
      ["undelivered", 30006],
      ["failed", 30003],
    ]);
    standin.landlines.clear();
    standin.unreachable.clear();
  });

  it("records a report the app refuses, without retrying it", async () => {
    const message = await client.messages.create({
      to: "+12255550187",
      from: standin.from,
      body: "x",
      statusCallback: `${receiver.url}/fail`,
    });
    await standin.idle();
    expect(receiver.received.map((r) => r.params.MessageStatus)).toEqual(["sent", "delivered"]);
    expect(standin.callbackFailures.map((f) => [f.sid, f.status, f.params.MessageStatus])).toEqual([
      [message.sid, 500, "sent"],
      [message.sid, 500, "delivered"],
    ]);
  });

  it("sends an inbound text signed as Twilio does, and returns the app's TwiML", async () => {
    const answer = await standin.sendInbound({ from: "+12255550187", body: "Can you come Friday?" });
    expect(answer.status).toBe(200);
    expect(answer.contentType).toBe("text/xml");
    expect(answer.text).toContain("<Message>");
    const [post] = receiver.received;
    expect(post!.signatureValid).toBe(true);
    expect(post!.params).toMatchObject({
      MessageSid: answer.sid,
      SmsSid: answer.sid,
      SmsMessageSid: answer.sid,
      AccountSid: standin.accountSid,
      From: "+12255550187",
      To: standin.from,
      Body: "Can you come Friday?",
      NumMedia: "0",
      NumSegments: "1",
      ApiVersion: "2010-04-01",
      FromState: "LA",
      FromCountry: "US",
    });
    expect(answer.sid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(post!.params.MessagingServiceSid).toBeUndefined();
    // Twilio sends the TwiML reply as a message of its own.
    const reply = await standin.waitForMessage((m) => m.direction === "outbound-reply");
    expect(reply).toMatchObject({
      to: "+12255550187",
      from: standin.from,
      body: 'Got "Can you come Friday?" & thanks',
    });

    // The same text again (a retry), and a forgery.
    const again = await standin.sendInbound({ from: "+12255550187", body: "quiet", sid: answer.sid });
    expect(again.sid).toBe(answer.sid);
    expect(receiver.received[1]!.params.MessageSid).toBe(answer.sid);
    const forged = await standin.post(
      standin.smsWebhookUrl,
      { ...post!.params, Body: "forged" },
      standin.sign(standin.smsWebhookUrl, post!.params),
    );
    expect(forged.status).toBe(403);
    expect((await standin.post(standin.smsWebhookUrl, post!.params, null)).status).toBe(403);
  });

  it("keeps Twilio's opt-out list: STOP refuses later texts with 21610, START allows them again", async () => {
    await standin.sendInbound({ from: "+12255550133", body: " stop " });
    expect(receiver.received.at(-1)!.params.Body).toBe(" stop ");
    await expect(client.messages.create({ to: "+12255550133", from: standin.from, body: "x" })).rejects.toMatchObject({
      code: 21610,
    });
    await standin.sendInbound({ from: "+12255550133", body: "START" });
    await expect(client.messages.create({ to: "+12255550133", from: standin.from, body: "x" })).resolves.toMatchObject({
      status: "queued",
    });
  });

  it("waits for a message, and says what it saw when none comes", async () => {
    const waiting = standin.waitForMessage((m) => m.body === "later");
    await client.messages.create({ to: "+12255550187", from: standin.from, body: "later" });
    await expect(waiting).resolves.toMatchObject({ body: "later" });
    await expect(standin.waitForMessage((m) => m.body === "never", 200)).rejects.toThrow(
      /no matching message in 200 ms; recorded: \+12255550187 "later"/,
    );
  });

  it("serves its development page, whose form texts the business", async () => {
    const form = new URLSearchParams({ From: "+1 (225) 555-0177", Body: "Is Monday open?" });
    const sent = await fetch(`${standin.url}/__inbound`, { method: "POST", body: form, redirect: "manual" });
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toBe("/");
    expect(receiver.received.at(-1)).toMatchObject({
      signatureValid: true,
      params: expect.objectContaining({ From: "+12255550177", Body: "Is Monday open?" }),
    });
    const html = await (await fetch(standin.url)).text();
    expect(html).toContain("<h1>Development texts</h1>");
    expect(html).toContain("Text the business as a customer");
    expect(html).toContain("Got &#34;Is Monday open?&#34; &#38; thanks");
    expect(html).not.toContain("<script");
  });
});
