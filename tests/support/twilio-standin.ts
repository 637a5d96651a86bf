/**
 * A local stand-in for the part of Twilio's Messaging REST API the app calls (packages/shared/src/texts/twilio.server.ts),
 * so the real `twilio` SDK runs in tests (TWILIO_API_URL points its `httpClient` here, the path kept):
 *
 * - POST /2010-04-01/Accounts/<AccountSid>/Messages.json (form-encoded, HTTP Basic `AccountSid:AuthToken`,
 *   as the SDK sends it) → 201 and the message resource, snake_case, as Twilio answers it. Refused as Twilio
 *   refuses: 401 code 20003 (other credentials), 404 code 20404 (another account's path), 400 with codes
 *   21604 (no To), 21602 (no Body), 21617 (Body over 1600 characters), 21211 (To not E.164), 21603 (neither
 *   From nor MessagingServiceSid), 21606 (a From that is not this account's number), 21701/21705 (a Messaging
 *   Service not this account's), 21610 (a To in `optedOut`); `failNext`: the next create answers a 500.
 * - GET /2010-04-01/Accounts/<AccountSid>/Messages/<Sid>.json: the message as it is now.
 * - Delivery reports: a message then goes `sent` → `delivered` (a To in `landlines`: `sent` → `undelivered`,
 *   ErrorCode 30006; in `unreachable`: `failed`, ErrorCode 30003), posting each status to its StatusCallback
 *   in order, form-encoded and signed in `X-Twilio-Signature` as Twilio signs (the SDK's
 *   `getExpectedTwilioSignature` with the auth token). A report answered other than 2xx is kept in
 *   `callbackFailures` and not retried. With `statusCallbacks: false` messages stay as created until
 *   `sendStatus` moves them.
 * - Inbound texts: `sendInbound` posts the app's SMS webhook (`smsWebhookUrl`) what Twilio posts for a text
 *   a customer sends, signed, and returns the app's answer; a `<Message>` of its TwiML answer is recorded as
 *   the reply Twilio would send. STOP (and the other opt-out words) puts the sender in `optedOut`, START takes
 *   them out again, as Twilio's default opt-out handling does.
 *
 * - Calls: `placeCall` is a customer calling the business's number, as Twilio Voice runs it: the number's voice
 *   webhook (`voiceWebhookUrl`) is posted the call, signed, and its TwiML answer is followed verb by verb (`<Say>`
 *   heard, `<Dial>`'s numbers rung, each with the outcome the test chose, its action posted with DialCallStatus;
 *   `<Gather>`'s action posted the key the test pressed, or none), then the call's end is posted to the number's
 *   status callback (`voiceStatusUrl`), each post signed as Twilio signs it.
 *
 * Test hooks: `messages` (every accepted message, with its params and current status), GET and DELETE
 * /__messages, POST /__calls (`placeCall`'s options as JSON) and POST /__texts (`{ from, body }`: the app's
 * status and replies) for tests in another process, `waitForMessage`, `sendStatus`, `idle` (every report sent),
 * `callbacks`, `callbackFailures`, `inbound`, `post(url, params, signature)` (anything, forged included),
 * `sign(url, params)`, `optedOut`, `landlines`, `unreachable`, `failNext`.
 * Run directly (`tsx tests/support/twilio-standin.ts`, for `npm run dev`) it is the development phone network
 * on DEV_TWILIO_PORT (3027), with the development account of packages/shared/src/published-secrets.ts,
 * calling the SMS and voice webhooks of the app on PORT (3000); its page `/` lists the texts the app sent and lets you
 * text the business, or call it, as a customer.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import twilio from "twilio";
import { VOICE_STATUS_PATH, VOICE_WEBHOOK_PATH } from "@app/shared/api/calls";
import { SMS_WEBHOOK_PATH } from "@app/shared/api/texts";
import { DEVELOPMENT_DEFAULTS } from "@app/shared/published-secrets";
import { E164_PATTERN } from "@app/shared/texts/phone";

type MessageStatus = "accepted" | "queued" | "sending" | "sent" | "delivered" | "undelivered" | "failed";

/** A message the stand-in accepted: sent through the API (`outbound-api`) or a TwiML reply (`outbound-reply`). */
interface StandinMessage {
  sid: string;
  direction: "outbound-api" | "outbound-reply";
  to: string;
  /** The From it was sent with: null when sent through a Messaging Service. */
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
  status: MessageStatus;
  errorCode: number | null;
  statusCallback: string | null;
  /** ISO 8601. */
  createdAt: string;
  updatedAt: string;
  sentAt: string | null;
  numSegments: number;
  /** The request's form fields, as posted. */
  params: Record<string, string>;
}

/** What an app's webhook answered (TwiML, JSON or nothing). */
interface WebhookAnswer {
  status: number;
  text: string;
  contentType: string;
}

/** A status report the stand-in posted: `status` the HTTP status answered, null when nothing answered. */
interface StatusCallbackDelivery {
  sid: string;
  url: string;
  params: Record<string, string>;
  status: number | null;
  error: string | null;
}

/** What Twilio reports of a `<Dial>`: the phones rung were answered, not answered, busy, or failed. */
type DialOutcome = "completed" | "no-answer" | "busy" | "failed";

/** A call as the stand-in ran it: every post to the app and its answer, what was said, which phones rang. */
interface PlacedCall {
  sid: string;
  from: string;
  /** Each webhook post, in order: the call, actions, and the end. */
  posts: Array<{ url: string; params: Record<string, string>; answer: WebhookAnswer }>;
  /** Every `<Say>` the caller heard, in order. */
  heard: string[];
  /** The numbers of each `<Dial>`, in order. */
  dialed: string[][];
}

/** An inbound text the stand-in delivered to the app. */
interface InboundText {
  sid: string;
  from: string;
  to: string;
  body: string;
  createdAt: string;
  params: Record<string, string>;
  answer: WebhookAnswer | null;
  error: string | null;
}

interface TwilioStandinOptions {
  port?: number;
  /** The account's number, E.164 (default +12255550142). */
  from?: string;
  /** The account's Messaging Service (MG + 32 hex); when set, only it is accepted. */
  messagingServiceSid?: string;
  accountSid?: string;
  authToken?: string;
  smsWebhookUrl?: string;
  /** false: no delivery reports (messages stay as created until `sendStatus`). Default true. */
  statusCallbacks?: boolean;
  /** How long after the 201 the first report goes, as Twilio's come after its answer (default 200 ms). */
  callbackDelayMs?: number;
}

export interface TwilioStandin {
  /** The stand-in's origin, http://127.0.0.1:PORT (what TWILIO_API_URL is set to). */
  readonly url: string;
  readonly accountSid: string;
  readonly authToken: string;
  /** The account's number, E.164. */
  readonly from: string;
  readonly messagingServiceSid: string | null;
  /** The app's SMS webhook, set once the app runs: `${stack.url}/api/webhooks/twilio/sms`. */
  smsWebhookUrl: string;
  /** The number's voice webhook ("A call comes in") and its call status callback, set once the app runs. */
  voiceWebhookUrl: string;
  voiceStatusUrl: string;
  /** Every call placed with `placeCall`. */
  calls: PlacedCall[];
  /** TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM, TWILIO_API_URL (and TWILIO_MESSAGING_SERVICE_SID when set). */
  readonly env: Record<string, string>;
  /** Every accepted message, oldest first, its status kept current. */
  messages: StandinMessage[];
  /** Every status report posted, in the order sent. */
  callbacks: StatusCallbackDelivery[];
  /** The reports that were not answered with a 2xx (not retried). */
  callbackFailures: StatusCallbackDelivery[];
  /** Every inbound text sent to the app with `sendInbound`. */
  inbound: InboundText[];
  /** Numbers that texted STOP: a create to them answers 400 code 21610. */
  optedOut: Set<string>;
  /** Numbers that take no texts: `sent`, then `undelivered` with ErrorCode 30006. */
  landlines: Set<string>;
  /** Numbers out of reach: `failed` with ErrorCode 30003. */
  unreachable: Set<string>;
  /** Answers the next N creates with a 500 (code 20500). */
  failNext: number;
  /** Whether accepted messages move on by themselves (reporting each status). */
  statusCallbacks: boolean;
  callbackDelayMs: number;
  /** An X-Twilio-Signature for a post of these params to this URL, as Twilio signs it. */
  sign(url: string, params: Record<string, string>): string;
  /** Posts these params form-encoded to any URL with any signature (null: no header). */
  post(url: string, params: Record<string, string>, signature: string | null): Promise<WebhookAnswer>;
  /** A customer's text to the business, posted signed to `smsWebhookUrl`; `sid` again to deliver it twice. */
  sendInbound(text: {
    from: string;
    body: string;
    to?: string;
    sid?: string;
  }): Promise<WebhookAnswer & { sid: string; params: Record<string, string> }>;
  /**
   * A customer calls the business's number: `dial` the outcome of each `<Dial>` in turn (default no-answer),
   * `press` the key pressed at the first `<Gather>` (none by default), `hangUpWhileRinging` the caller gives up
   * while the first `<Dial>` rings (its action is never posted, only the call's end).
   */
  placeCall(call: {
    from: string;
    to?: string;
    dial?: DialOutcome[];
    press?: string;
    hangUpWhileRinging?: boolean;
  }): Promise<PlacedCall>;
  /** Moves a message to a status now and posts that report to its StatusCallback (null: it has none). */
  sendStatus(sid: string, status: MessageStatus, errorCode?: number): Promise<StatusCallbackDelivery | null>;
  /** The first recorded message that matches, once there is one (polling every 50 ms). */
  waitForMessage(predicate: (message: StandinMessage) => boolean, timeoutMs?: number): Promise<StandinMessage>;
  /** Resolves once every delivery report under way has been posted. */
  idle(): Promise<void>;
  /** Forgets the messages, reports and inbound texts. */
  clear(): void;
  close(): Promise<void>;
}

const API_VERSION = "2010-04-01";
/** Twilio's default opt-out and opt-in keywords (the whole body, any case). */
const OPT_OUT = new Set(["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT"]);
const OPT_IN = new Set(["START", "YES", "UNSTOP"]);

const hex = (bytes: number) => randomBytes(bytes).toString("hex");
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** RFC 2822 in GMT, as Twilio writes its dates: `Thu, 30 Jul 2015 20:12:31 +0000`. */
const rfc2822 = (iso: string) => new Date(iso).toUTCString().replace(/GMT$/, "+0000");

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const formOf = (body: string) => Object.fromEntries(new URLSearchParams(body)) as Record<string, string>;

/** GSM 03.38: the basic set (one unit each) and its extension (two units each, escaped). */
const GSM_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM_EXTENDED = "^{}\\[~]|€\f";

/** The segments a body is sent in: 160 GSM-7 units (153 each when split), else 70 UTF-16 units (67). */
function segmentsOf(body: string): number {
  let units = 0;
  for (const c of body) {
    if (GSM_BASIC.includes(c)) units += 1;
    else if (GSM_EXTENDED.includes(c)) units += 2;
    else {
      units = -1;
      break;
    }
  }
  if (units >= 0) return units <= 160 ? 1 : Math.ceil(units / 153);
  return body.length <= 70 ? 1 : Math.ceil(body.length / 67);
}

/** The texts of a TwiML answer's `<Message>` verbs (`<Message>text</Message>` or with a `<Body>`). */
function twimlMessages(twiml: string): string[] {
  const unescape = (s: string) =>
    s
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
      .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(parseInt(code, 16)))
      .replace(/&amp;/g, "&");
  return [...twiml.matchAll(/<Message\b[^>]*>([\s\S]*?)<\/Message>/g)].map(([, inner]) => {
    const body = /<Body\b[^>]*>([\s\S]*?)<\/Body>/.exec(inner!);
    return unescape((body ? body[1]! : inner!).trim());
  });
}

/** The verbs of a TwiML document, in order, with their attributes and inner text (a `<Gather>`'s or `<Dial>`'s nouns inside). */
function twimlVerbs(twiml: string): Array<{ verb: string; attributes: Record<string, string>; inner: string }> {
  const body = /<Response>([\s\S]*)<\/Response>/.exec(twiml)?.[1] ?? "";
  return [...body.matchAll(/<(\w+)([^>]*?)(?:\/>|>([\s\S]*?)<\/\1>)/g)].map(([, verb, attrs, inner]) => ({
    verb: verb!,
    attributes: Object.fromEntries([...attrs!.matchAll(/(\w+)="([^"]*)"/g)].map(([, k, v]) => [k!, v!])),
    inner: inner ?? "",
  }));
}

/** The text of each `<Say>` in a TwiML fragment. */
const sayings = (fragment: string) =>
  [...fragment.matchAll(/<Say\b[^>]*>([\s\S]*?)<\/Say>/g)].map(([, text]) => xmlText(text!));
const xmlText = (s: string) =>
  s
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&")
    .trim();

/** A US city for the fields Twilio fills from the sender's number (the stand-in's are all in Louisiana). */
const FROM_PLACE = { FromCity: "BATON ROUGE", FromState: "LA", FromZip: "70801", FromCountry: "US" };
const TO_PLACE = { ToCity: "BATON ROUGE", ToState: "LA", ToZip: "70802", ToCountry: "US" };

export async function startTwilioStandin(options: TwilioStandinOptions = {}): Promise<TwilioStandin> {
  const accountSid = options.accountSid ?? `AC${hex(16)}`;
  const authToken = options.authToken ?? hex(16);
  const from = options.from ?? "+12255550142";
  const messages: StandinMessage[] = [];
  const pending = new Set<Promise<void>>();
  let closed = false;

  const standin = {} as TwilioStandin;
  const accountPath = `/${API_VERSION}/Accounts/${accountSid}`;

  /** The message resource as Twilio's API answers it. */
  const resourceOf = (m: StandinMessage) => {
    const uri = `${accountPath}/Messages/${m.sid}.json`;
    return {
      account_sid: accountSid,
      api_version: API_VERSION,
      body: m.body,
      date_created: rfc2822(m.createdAt),
      date_sent: m.sentAt ? rfc2822(m.sentAt) : null,
      date_updated: rfc2822(m.updatedAt),
      direction: m.direction,
      error_code: m.errorCode,
      error_message: null,
      // Sent through a Messaging Service, the number is chosen once the message leaves.
      from: m.from ?? (m.status === "accepted" ? null : standin.from),
      messaging_service_sid: m.messagingServiceSid,
      num_media: "0",
      // Twilio answers "0" for a Messaging Service's message: it is segmented when sent.
      num_segments: String(m.status === "accepted" ? 0 : m.numSegments),
      price: null,
      price_unit: "USD",
      sid: m.sid,
      status: m.status,
      subresource_uris: { media: `${accountPath}/Messages/${m.sid}/Media.json` },
      to: m.to,
      uri,
    };
  };

  const sign = (url: string, params: Record<string, string>) =>
    twilio.getExpectedTwilioSignature(standin.authToken, url, params);

  const post = async (url: string, params: Record<string, string>, signature: string | null) => {
    const res = await fetch(url, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Accept: "*/*",
        "User-Agent": "TwilioProxy/1.1",
        "I-Twilio-Idempotency-Token": randomUUID(),
        ...(signature === null ? {} : { "X-Twilio-Signature": signature }),
      },
      body: new URLSearchParams(params).toString(),
      redirect: "manual",
      signal: AbortSignal.timeout(15_000),
    });
    return { status: res.status, text: await res.text(), contentType: res.headers.get("content-type") ?? "" };
  };

  /** Sets a message's status and posts the report to its StatusCallback, if it has one. */
  const sendStatus = async (sid: string, status: MessageStatus, errorCode?: number) => {
    const message = messages.find((m) => m.sid === sid);
    if (!message) throw new Error(`twilio stand-in: no message ${sid}`);
    const now = new Date().toISOString();
    message.status = status;
    message.updatedAt = now;
    if (status === "sent") message.sentAt ??= now;
    if (errorCode !== undefined) message.errorCode = errorCode;
    if (!message.statusCallback) return null;
    const params: Record<string, string> = {
      SmsSid: message.sid,
      SmsStatus: status,
      MessageStatus: status,
      To: message.to,
      ...(message.messagingServiceSid ? { MessagingServiceSid: message.messagingServiceSid } : {}),
      MessageSid: message.sid,
      AccountSid: standin.accountSid,
      From: message.from ?? standin.from,
      ApiVersion: API_VERSION,
      ...(errorCode !== undefined ? { ErrorCode: String(errorCode) } : {}),
    };
    const url = message.statusCallback;
    const delivery: StatusCallbackDelivery = { sid, url, params, status: null, error: null };
    try {
      delivery.status = (await post(url, params, sign(url, params))).status;
    } catch (error) {
      delivery.error = (error as Error).message;
    }
    standin.callbacks.push(delivery);
    if (delivery.status === null || delivery.status < 200 || delivery.status > 299)
      standin.callbackFailures.push(delivery);
    return delivery;
  };

  /** The reports of a message's delivery, in order, once its 201 is out (never rejects). */
  const deliver = (message: StandinMessage) => {
    if (!standin.statusCallbacks) return;
    const steps: Array<[MessageStatus, number?]> = standin.unreachable.has(message.to)
      ? [["failed", 30003]]
      : standin.landlines.has(message.to)
        ? [["sent"], ["undelivered", 30006]]
        : [["sent"], ["delivered"]];
    const run = (async () => {
      await new Promise((resolve) => setTimeout(resolve, standin.callbackDelayMs));
      for (const [status, code] of steps) {
        if (closed) return;
        await sendStatus(message.sid, status, code).catch(() => null);
      }
    })();
    pending.add(run);
    void run.finally(() => pending.delete(run));
  };

  const record = (
    fields: Omit<StandinMessage, "sid" | "status" | "errorCode" | "createdAt" | "updatedAt" | "sentAt" | "numSegments">,
  ) => {
    const now = new Date().toISOString();
    const message: StandinMessage = {
      sid: `SM${hex(16)}`,
      status: fields.messagingServiceSid && !fields.from ? "accepted" : "queued",
      errorCode: null,
      createdAt: now,
      updatedAt: now,
      sentAt: null,
      numSegments: segmentsOf(fields.body),
      ...fields,
    };
    messages.push(message);
    return message;
  };

  /** What the development page says once, after its form was sent. */
  let notice = "";

  const server: Server = createServer(async (req, res) => {
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, {
        "Content-Type": "application/json; charset=utf-8",
        "Twilio-Request-Id": `RQ${hex(16)}`,
        ...headers,
      });
      res.end(JSON.stringify(body));
    };
    const twilioError = (status: number, code: number, message: string, headers: Record<string, string> = {}) =>
      json(status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }, headers);
    const url = new URL(req.url ?? "/", "http://localhost");
    try {
      if (url.pathname.startsWith(`/${API_VERSION}/`)) {
        const [user, ...password] = Buffer.from(
          /^Basic (.+)$/.exec(req.headers.authorization ?? "")?.[1] ?? "",
          "base64",
        )
          .toString("utf8")
          .split(":");
        if (user !== standin.accountSid || password.join(":") !== standin.authToken)
          return twilioError(401, 20003, "Authenticate", { "WWW-Authenticate": 'Basic realm="Twilio API"' });
        const notFound = () => twilioError(404, 20404, `The requested resource ${url.pathname} was not found`);
        if (!url.pathname.startsWith(`${accountPath}/`)) return notFound();
        if (req.method === "POST" && url.pathname === `${accountPath}/Messages.json`) {
          const params = formOf(await readBody(req));
          if (standin.failNext > 0) {
            standin.failNext--;
            return twilioError(500, 20500, "Internal Server Error");
          }
          const { To: to, Body: body, From: sender, MessagingServiceSid: service, StatusCallback: callback } = params;
          if (!to) return twilioError(400, 21604, "A 'To' phone number is required.");
          if (!body) return twilioError(400, 21602, "Message body is required.");
          if (body.length > 1600)
            return twilioError(400, 21617, "The concatenated message body exceeds the 1600 character limit.");
          if (!E164_PATTERN.test(to))
            return twilioError(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
          if (!sender && !service) return twilioError(400, 21603, "A 'From' phone number is required.");
          if (service && !/^MG[0-9a-f]{32}$/i.test(service))
            return twilioError(400, 21705, "The Messaging Service Sid is invalid.");
          if (service && standin.messagingServiceSid && service !== standin.messagingServiceSid)
            return twilioError(400, 21701, `The Messaging Service Sid ${service} does not exist`);
          if (sender && sender !== standin.from)
            return twilioError(
              400,
              21606,
              `The From phone number ${sender} is not a valid, SMS-capable inbound phone number or short code for your account.`,
            );
          if (standin.optedOut.has(to)) return twilioError(400, 21610, "Attempt to send to unsubscribed recipient");
          const message = record({
            direction: "outbound-api",
            to,
            from: sender ?? null,
            messagingServiceSid: service ?? null,
            body,
            statusCallback: callback || null,
            params,
          });
          json(201, resourceOf(message));
          // After the answer: the reports start `callbackDelayMs` later, as Twilio's come after its 201.
          return deliver(message);
        }
        const one = new RegExp(`^${accountPath}/Messages/(SM[0-9a-f]{32})\\.json$`).exec(url.pathname);
        if (one && req.method === "GET") {
          const message = messages.find((m) => m.sid === one[1]);
          return message ? json(200, resourceOf(message)) : notFound();
        }
        return notFound();
      }
      if (url.pathname === "/__messages") {
        if (req.method === "DELETE") {
          messages.length = 0;
          return json(200, { ok: true });
        }
        if (req.method === "GET")
          return json(
            200,
            messages.map((m) => ({
              sid: m.sid,
              to: m.to,
              from: m.from,
              messagingServiceSid: m.messagingServiceSid,
              body: m.body,
              status: m.status,
              errorCode: m.errorCode,
              statusCallback: m.statusCallback,
              createdAt: m.createdAt,
              direction: m.direction,
            })),
          );
      }
      // Tests in another process (the browser suite): a call placed, a text sent, each answered with what came of it.
      if (url.pathname === "/__calls" && req.method === "POST") {
        const call = JSON.parse((await readBody(req)) || "{}") as Parameters<TwilioStandin["placeCall"]>[0];
        return json(200, await standin.placeCall(call));
      }
      if (url.pathname === "/__texts" && req.method === "POST") {
        const text = JSON.parse((await readBody(req)) || "{}") as { from: string; body: string };
        const answer = await standin.sendInbound(text);
        return json(200, { status: answer.status, replies: twimlMessages(answer.text) });
      }
      if (url.pathname === "/__call" && req.method === "POST") {
        // The development page's form: a customer calls the business and nobody answers (1 pressed, if ticked).
        const form = formOf(await readBody(req));
        const customer = (form.From ?? "").replace(/[\s().-]/g, "");
        if (!E164_PATTERN.test(customer))
          notice = `Not called: "${form.From ?? ""}" is not a number like +12255550187.`;
        else {
          try {
            const placed = await standin.placeCall({ from: customer, ...(form.Press ? { press: "1" } : {}) });
            const rang = placed.dialed.map((numbers) => numbers.join(", ")).join("; then ");
            notice =
              `Called. ${rang ? `Rang ${rang}, no answer. ` : ""}` +
              `The caller heard: ${placed.heard.join(" / ") || "nothing"}.`;
          } catch (error) {
            notice = `Not delivered: the app at ${standin.voiceWebhookUrl} did not answer (${(error as Error).message}).`;
          }
        }
        res.writeHead(303, { Location: "/" });
        res.end();
        return;
      }
      if (url.pathname === "/__inbound" && req.method === "POST") {
        // The development page's form: a customer's text, sent to the app signed.
        const form = formOf(await readBody(req));
        const customer = (form.From ?? "").replace(/[\s().-]/g, "");
        if (!E164_PATTERN.test(customer)) notice = `Not sent: "${form.From ?? ""}" is not a number like +12255550187.`;
        else if (!form.Body?.trim()) notice = "Not sent: write the text first.";
        else {
          try {
            const answer = await standin.sendInbound({ from: customer, body: form.Body });
            const replies = twimlMessages(answer.text);
            notice =
              `Sent. The app answered ${answer.status}` +
              (replies.length ? `, replying: ${replies.join(" / ")}` : ", with no reply") +
              ".";
          } catch (error) {
            notice = `Not delivered: the app at ${standin.smsWebhookUrl} did not answer (${(error as Error).message}).`;
          }
        }
        res.writeHead(303, { Location: "/" });
        res.end();
        return;
      }
      if (url.pathname === "/" && req.method === "GET") {
        res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
        res.end(page(standin, notice));
        notice = "";
        return;
      }
      return twilioError(404, 20404, `The requested resource ${url.pathname} was not found`);
    } catch (error) {
      if (!res.headersSent) twilioError(500, 20500, (error as Error).message);
    }
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;

  Object.assign(standin, {
    url,
    accountSid,
    authToken,
    from,
    messagingServiceSid: options.messagingServiceSid ?? null,
    smsWebhookUrl: options.smsWebhookUrl ?? "",
    voiceWebhookUrl: "",
    voiceStatusUrl: "",
    calls: [],
    env: {
      TWILIO_ACCOUNT_SID: accountSid,
      TWILIO_AUTH_TOKEN: authToken,
      TWILIO_FROM: from,
      TWILIO_API_URL: url,
      ...(options.messagingServiceSid ? { TWILIO_MESSAGING_SERVICE_SID: options.messagingServiceSid } : {}),
    },
    messages,
    callbacks: [],
    callbackFailures: [],
    inbound: [],
    optedOut: new Set<string>(),
    landlines: new Set<string>(),
    unreachable: new Set<string>(),
    failNext: 0,
    statusCallbacks: options.statusCallbacks ?? true,
    callbackDelayMs: options.callbackDelayMs ?? 200,
    sign,
    post,
    sendStatus,
    async sendInbound(text: { from: string; body: string; to?: string; sid?: string }) {
      if (!standin.smsWebhookUrl) throw new Error("twilio stand-in: set smsWebhookUrl first");
      const sid = text.sid ?? `SM${hex(16)}`;
      const to = text.to ?? standin.from;
      const params: Record<string, string> = {
        ...TO_PLACE,
        SmsMessageSid: sid,
        NumMedia: "0",
        ...FROM_PLACE,
        SmsSid: sid,
        SmsStatus: "received",
        Body: text.body,
        To: to,
        ...(standin.messagingServiceSid ? { MessagingServiceSid: standin.messagingServiceSid } : {}),
        NumSegments: String(segmentsOf(text.body)),
        MessageSid: sid,
        AccountSid: standin.accountSid,
        From: text.from,
        ApiVersion: API_VERSION,
      };
      // Twilio's own opt-out handling: it keeps the list, and still posts the keyword to the app.
      const keyword = text.body.trim().toUpperCase();
      if (OPT_OUT.has(keyword)) standin.optedOut.add(text.from);
      if (OPT_IN.has(keyword)) standin.optedOut.delete(text.from);
      const inbound: InboundText = {
        sid,
        from: text.from,
        to,
        body: text.body,
        createdAt: new Date().toISOString(),
        params,
        answer: null,
        error: null,
      };
      standin.inbound.push(inbound);
      try {
        inbound.answer = await post(standin.smsWebhookUrl, params, sign(standin.smsWebhookUrl, params));
      } catch (error) {
        inbound.error = (error as Error).message;
        throw error;
      }
      // The app's TwiML reply, sent by Twilio as a message of its own (not to a number that opted out).
      if (inbound.answer.status >= 200 && inbound.answer.status < 300 && !standin.optedOut.has(text.from))
        for (const reply of twimlMessages(inbound.answer.text).filter(Boolean))
          deliver(
            record({
              direction: "outbound-reply",
              to: text.from,
              from: to,
              messagingServiceSid: null,
              body: reply,
              statusCallback: null,
              params: {},
            }),
          );
      return { ...inbound.answer, sid, params };
    },
    async placeCall(options: {
      from: string;
      to?: string;
      dial?: DialOutcome[];
      press?: string;
      hangUpWhileRinging?: boolean;
    }) {
      if (!standin.voiceWebhookUrl) throw new Error("twilio stand-in: set voiceWebhookUrl first");
      const sid = `CA${hex(16)}`;
      const to = options.to ?? standin.from;
      const outcomes = [...(options.dial ?? [])];
      let press = options.press;
      const call: PlacedCall = { sid, from: options.from, posts: [], heard: [], dialed: [] };
      standin.calls.push(call);
      const base = {
        AccountSid: standin.accountSid,
        ApiVersion: API_VERSION,
        CallSid: sid,
        Called: to,
        Caller: options.from,
        Direction: "inbound",
        From: options.from,
        To: to,
        ...FROM_PLACE,
        ...TO_PLACE,
      };
      const send = async (url: string, extra: Record<string, string>) => {
        const params: Record<string, string> = { ...base, ...extra };
        const answer = await post(url, params, sign(url, params));
        call.posts.push({ url, params, answer });
        if (answer.status !== 200) throw new Error(`twilio stand-in: ${url} answered ${answer.status}: ${answer.text}`);
        return answer.text;
      };
      let twiml: string | null = await send(standin.voiceWebhookUrl, { CallStatus: "ringing" });
      let firstDial = true;
      // Follow the documents: each action's answer replaces the document; the end of one (or <Hangup/>) ends the call.
      run: for (let documents = 0; twiml !== null && documents < 10; documents++) {
        const verbs = twimlVerbs(twiml);
        twiml = null;
        for (const { verb, attributes, inner } of verbs) {
          if (verb === "Say") call.heard.push(...sayings(`<Say>${inner}</Say>`));
          else if (verb === "Hangup") break run;
          else if (verb === "Dial") {
            call.dialed.push([...inner.matchAll(/<Number\b[^>]*>([^<]*)<\/Number>/g)].map(([, n]) => n!.trim()));
            if (firstDial && options.hangUpWhileRinging) break run;
            firstDial = false;
            const outcome = outcomes.shift() ?? "no-answer";
            if (!attributes.action) {
              if (outcome === "completed") break run;
              continue;
            }
            twiml = await send(attributes.action, {
              CallStatus: "in-progress",
              DialCallStatus: outcome,
              DialCallSid: `CA${hex(16)}`,
              DialCallDuration: outcome === "completed" ? "42" : "0",
            });
            continue run;
          } else if (verb === "Gather") {
            call.heard.push(...sayings(inner));
            if (press !== undefined && attributes.action) {
              const digits = press;
              press = undefined;
              twiml = await send(attributes.action, { CallStatus: "in-progress", Digits: digits });
              continue run;
            }
          }
        }
      }
      if (standin.voiceStatusUrl) await send(standin.voiceStatusUrl, { CallStatus: "completed", CallDuration: "30" });
      return call;
    },
    async waitForMessage(predicate: (message: StandinMessage) => boolean, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(predicate);
        if (found) return found;
        if (Date.now() >= deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const seen = messages.map((m) => `${m.to} "${m.body}" (${m.status})`).join("; ") || "none";
      throw new Error(`twilio stand-in: no matching message in ${timeoutMs} ms; recorded: ${seen}`);
    },
    async idle() {
      while (pending.size) await Promise.allSettled([...pending]);
    },
    clear() {
      messages.length = 0;
      standin.callbacks.length = 0;
      standin.callbackFailures.length = 0;
      standin.inbound.length = 0;
      standin.calls.length = 0;
    },
    close: () => {
      closed = true;
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
    },
  } satisfies TwilioStandin);
  return standin;
}

/** The development page: what the app texted (newest first), and a form to text the business as a customer. */
function page(standin: TwilioStandin, notice: string): string {
  const rows = [...standin.messages]
    .reverse()
    .map(
      (m) =>
        `<tr><td>${escape(new Date(m.createdAt).toLocaleString("en-US"))}</td><td>${escape(m.to)}</td>` +
        `<td style="white-space:pre-wrap">${escape(m.body)}</td>` +
        `<td>${escape(m.status)}${m.errorCode ? ` (error ${m.errorCode})` : ""}</td></tr>`,
    )
    .join("");
  const received = [...standin.inbound]
    .reverse()
    .map(
      (t) =>
        `<tr><td>${escape(new Date(t.createdAt).toLocaleString("en-US"))}</td><td>${escape(t.from)}</td>` +
        `<td style="white-space:pre-wrap">${escape(t.body)}</td>` +
        `<td>${t.answer ? t.answer.status : escape(t.error ?? "no answer yet")}</td></tr>`,
    )
    .join("");
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>Development texts</title></head><body style="font-family:system-ui;margin:2rem;max-width:60rem">` +
    `<main><h1>Development texts</h1><p>The business's number: ${escape(standin.from)}. <a href="/">Refresh</a></p>` +
    (notice ? `<p role="status"><strong>${escape(notice)}</strong></p>` : "") +
    `<h2 id="sent">Texts the app sent</h2>` +
    (rows
      ? `<table aria-labelledby="sent"><thead><tr><th scope="col">When</th><th scope="col">To</th><th scope="col">Text</th><th scope="col">Status</th></tr></thead><tbody>${rows}</tbody></table>`
      : `<p>None yet.</p>`) +
    `<h2 id="text-business">Text the business as a customer</h2>` +
    `<form method="post" action="/__inbound" aria-labelledby="text-business">` +
    `<p><label for="from">From (the customer's number)</label><br>` +
    `<input id="from" name="From" type="tel" required value="+12255550187" pattern="\\+[1-9][0-9]{6,14}" aria-describedby="from-hint">` +
    `<br><small id="from-hint">E.164, like +12255550187</small></p>` +
    `<p><label for="body">Body</label><br><textarea id="body" name="Body" rows="3" cols="40" required></textarea></p>` +
    `<p><button type="submit">Send text</button></p></form>` +
    `<h2 id="call-business">Call the business as a customer</h2>` +
    `<form method="post" action="/__call" aria-labelledby="call-business">` +
    `<p><label for="call-from">From (the customer's number)</label><br>` +
    `<input id="call-from" name="From" type="tel" required value="+12255550187" pattern="\\+[1-9][0-9]{6,14}"></p>` +
    `<p><label><input type="checkbox" name="Press" value="1"> Press 1 for an emergency</label></p>` +
    `<p><button type="submit">Call (nobody answers)</button></p></form>` +
    `<h2 id="received">Texts customers sent</h2>` +
    (received
      ? `<table aria-labelledby="received"><thead><tr><th scope="col">When</th><th scope="col">From</th><th scope="col">Text</th><th scope="col">The app answered</th></tr></thead><tbody>${received}</tbody></table>`
      : `<p>None yet.</p>`) +
    `</main></body></html>`
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const standin = await startTwilioStandin({
    port: Number(process.env.DEV_TWILIO_PORT ?? 3027),
    accountSid: DEVELOPMENT_DEFAULTS.TWILIO_ACCOUNT_SID,
    authToken: DEVELOPMENT_DEFAULTS.TWILIO_AUTH_TOKEN,
    smsWebhookUrl: `http://localhost:${process.env.PORT ?? 3000}${SMS_WEBHOOK_PATH}`,
  });
  standin.voiceWebhookUrl = `http://localhost:${process.env.PORT ?? 3000}${VOICE_WEBHOOK_PATH}`;
  standin.voiceStatusUrl = `http://localhost:${process.env.PORT ?? 3000}${VOICE_STATUS_PATH}`;
  console.log(
    `development texts on ${standin.url} (texts the app sends land here; text the business as a customer there)`,
  );
}
