/**
 * A local stand-in for the part of Stripe's REST API the app calls (packages/shared/src/payments/stripe.server.ts),
 * so the real `stripe` SDK runs in tests (STRIPE_API_URL points it here):
 *
 * - POST /v1/checkout/sessions (form-encoded, as the SDK sends it; Idempotency-Key honoured) → a
 *   session `cs_test_…` whose `url` is this server's own hosted page, `/pay/<id>`;
 * - GET /v1/checkout/sessions/<id>; POST /v1/checkout/sessions/<id>/expire, as Stripe does: an open
 *   session becomes `expired` (its `url` null), anything else answers Stripe's 400 invalid_request_error.
 *
 * The hosted page `/pay/<id>` has a real form with a "Pay" button (Playwright can press it on a
 * phone): it completes the session, sends the app's webhook (`webhookUrl`) a `checkout.session.completed`
 * event signed as Stripe signs it (the SDK's `generateTestHeaderString` with the webhook secret), and
 * redirects the browser to the session's success_url. An expired session's page (an old tab) takes
 * no payment: Pay answers 410 and sends nothing.
 *
 * Subscription mode (maintenance plans, docs/product.md#plans): a paid session makes a subscription (`sub_test_…`)
 * and its customer, and sends `checkout.session.completed` then the first `invoice.paid`; GET/POST/DELETE
 * /v1/subscriptions/<id> (cancel at the period's end, pause, cancel now: `customer.subscription.updated` or
 * `.deleted`), POST /v1/billing_portal/sessions (a page, /portal/<id>, with "Update card"), and `renew`
 * (the next period paid, or refused: `invoice.payment_failed`), also over HTTP for the browser suite
 * (`POST /__test/subscriptions/<id>/renew[?fail=1]`, `…/redeliver`).
 *
 * Test hooks: `sendEvent` (signed), `complete` (a session's event, without a browser), `lastEvent`,
 * `resend(eventId)` (the very same event again), `post(body, signature)` (anything, forged included),
 * `sign(body)`, `sessions`, `failNext` (answer the next create with a 500), `failNextExpire` (the next expire).
 * Run directly (`tsx tests/support/stripe-standin.ts`, as `npm run dev` does) it is the development
 * checkout on DEV_STRIPE_PORT (3026), with the development keys of packages/shared/src/published-secrets.ts,
 * calling the webhook of the app on PORT (3000).
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { DEVELOPMENT_DEFAULTS } from "@app/shared/published-secrets";

interface StandinSession {
  id: string;
  object: "checkout.session";
  mode: string;
  status: "open" | "complete" | "expired";
  payment_status: "paid" | "unpaid";
  amount_total: number;
  amount_subtotal: number;
  currency: string;
  metadata: Record<string, string>;
  client_reference_id: string | null;
  customer_email: string | null;
  success_url: string;
  cancel_url: string | null;
  expires_at: number;
  created: number;
  url: string | null;
  payment_intent: string | null;
  payment_method_types: string[];
  livemode: false;
  /** Subscription mode: the subscription and customer made when it is paid. */
  subscription: string | null;
  customer: string | null;
  /** The stand-in's own: the line's name, shown on its hosted page. */
  line_items_name?: string;
  /** The stand-in's own (subscription mode): the price's interval and the subscription's metadata. */
  recurring_interval?: "year" | "month";
  subscription_metadata?: Record<string, string>;
}

/** A subscription as Stripe's API (2026 versions) shows it: its period on its item. */
interface StandinSubscription {
  id: string;
  object: "subscription";
  customer: string;
  status: "active" | "past_due" | "canceled" | "paused";
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  pause_collection: { behavior: string } | null;
  metadata: Record<string, string>;
  items: {
    object: "list";
    data: Array<{
      id: string;
      current_period_start: number;
      current_period_end: number;
      price: { unit_amount: number; recurring: { interval: "year" | "month" } };
    }>;
  };
  livemode: false;
}

interface StandinEvent {
  id: string;
  object: "event";
  type: string;
  created: number;
  api_version: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  data: { object: Record<string, unknown> };
}

interface WebhookAnswer {
  status: number;
  json: { success?: boolean; message?: string; errors?: Record<string, string> } | null;
}

export interface StripeStandin {
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** The app's webhook, set once the app runs: `${stack.url}/api/webhooks/stripe`. */
  webhookUrl: string;
  sessions: Map<string, StandinSession>;
  /** Every create request's form, decoded. */
  created: Array<Record<string, unknown>>;
  lastEvent: StandinEvent | null;
  /** The environment the app needs to use this stand-in. */
  env: Record<string, string>;
  /** Answers the next N creates with a 500. */
  failNext: number;
  /** Answers the next N expires with a 500 (the session stays open). */
  failNextExpire: number;
  /** A Stripe-Signature header for this body, as Stripe would send it (now, or at `timestamp`, seconds). */
  sign(body: string, timestamp?: number): string;
  /** Posts any body with any signature header (null: none) to the webhook. */
  post(body: string, signature: string | null): Promise<WebhookAnswer>;
  /** Signs and sends an event (kept as `lastEvent`). */
  sendEvent(event: StandinEvent): Promise<WebhookAnswer>;
  /** Completes a session and sends its event (`checkout.session.completed` unless told). */
  complete(
    sessionId: string,
    options?: { type?: string; paymentStatus?: "paid" | "unpaid"; send?: boolean },
  ): Promise<{ event: StandinEvent; answer: WebhookAnswer | null }>;
  /** An event object for a session (not sent). */
  eventFor(session: StandinSession, type?: string): StandinEvent;
  /** Delivers an event sent before again, as Stripe does (same id, freshly signed). */
  resend(eventId: string): Promise<WebhookAnswer>;
  /** Subscriptions made by paid subscription-mode sessions. */
  subscriptions: Map<string, StandinSubscription>;
  /**
   * The subscription's next period: `invoice.paid` (its period moved on), or with `fail` an
   * `invoice.payment_failed` and the subscription `past_due` (`customer.subscription.updated`).
   */
  renew(subscriptionId: string, options?: { fail?: boolean }): Promise<{ event: StandinEvent; answer: WebhookAnswer }>;
  /** Every customer portal session made (`POST /v1/billing_portal/sessions`). */
  portalSessions: Array<{ customer: string; return_url: string | null }>;
  close(): Promise<void>;
}

const API_VERSION = "2025-01-01";

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** `a[b][0][c]=1` form fields, as the SDK encodes nested params, back into objects and arrays. */
function decodeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, "").split("[");
    let node: Record<string, unknown> | unknown[] = root;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(path[i + 1]!);
      const slot = part === "" && Array.isArray(node) ? node.length : part;
      const container = node as Record<string | number, unknown>;
      if (last) container[slot] = value;
      else {
        container[slot] ??= nextIsIndex ? [] : {};
        node = container[slot] as Record<string, unknown> | unknown[];
      }
    });
  }
  return root;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startStripeStandin(
  options: { port?: number; secretKey?: string; webhookSecret?: string; webhookUrl?: string } = {},
): Promise<StripeStandin> {
  const secretKey = options.secretKey ?? `sk_test_${randomBytes(12).toString("hex")}`;
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(16).toString("hex")}`;
  const signer = new Stripe(secretKey);
  const sessions = new Map<string, StandinSession>();
  const idempotent = new Map<string, string>();
  const events = new Map<string, StandinEvent>();
  const created: Array<Record<string, unknown>> = [];
  const subscriptions = new Map<string, StandinSubscription>();
  const portals = new Map<string, { customer: string; return_url: string | null }>();

  const standin = {} as StripeStandin;

  const eventOf = (type: string, object: Record<string, unknown>): StandinEvent => ({
    id: id("evt"),
    object: "event",
    type,
    created: Math.floor(Date.now() / 1000),
    api_version: API_VERSION,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  });
  const subscriptionEvent = (subscription: StandinSubscription, type: string) =>
    eventOf(type, JSON.parse(JSON.stringify(subscription)) as Record<string, unknown>);
  /** The subscription an event is about (a subscription's own, or an invoice's). */
  const subscriptionOf = (event: StandinEvent) => {
    const object = event.data.object as {
      object?: string;
      id?: string;
      parent?: { subscription_details?: { subscription?: string } };
    };
    return object.object === "subscription" ? object.id : object.parent?.subscription_details?.subscription;
  };
  /** The invoice of one period of a subscription: paid, or its charge refused. */
  const invoiceOf = (
    subscription: StandinSubscription,
    reason: "subscription_create" | "subscription_cycle",
    paid: boolean,
  ) => {
    const item = subscription.items.data[0]!;
    return {
      id: id("in"),
      object: "invoice",
      customer: subscription.customer,
      status: paid ? "paid" : "open",
      billing_reason: reason,
      amount_due: item.price.unit_amount,
      amount_paid: paid ? item.price.unit_amount : 0,
      currency: "usd",
      attempt_count: 1,
      parent: {
        type: "subscription_details",
        quote_details: null,
        subscription_details: { subscription: subscription.id, metadata: { ...subscription.metadata } },
      },
      lines: {
        object: "list",
        data: [
          {
            id: id("il"),
            object: "line_item",
            amount: item.price.unit_amount,
            period: { start: item.current_period_start, end: item.current_period_end },
          },
        ],
      },
      livemode: false,
    };
  };
  /** One interval after `from` (seconds), as Stripe bills: a month or a year later, same day. */
  const periodEnd = (from: number, interval: "year" | "month") => {
    const end = new Date(from * 1000);
    if (interval === "year") end.setUTCFullYear(end.getUTCFullYear() + 1);
    else end.setUTCMonth(end.getUTCMonth() + 1);
    return Math.floor(end.getTime() / 1000);
  };

  const server: Server = createServer(async (req, res) => {
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json", "Request-Id": id("req") });
      res.end(JSON.stringify(body));
    };
    const stripeError = (status: number, message: string, type = "invalid_request_error") =>
      json(status, { error: { type, message } });
    const url = new URL(req.url ?? "/", "http://localhost");
    try {
      const hosted = /^\/pay\/(cs_test_\w+)$/.exec(url.pathname);
      if (hosted) {
        const session = sessions.get(hosted[1]!);
        if (!session) return stripeError(404, "No such checkout session");
        if (req.method === "GET") {
          res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
          const amount = (session.amount_total / 100).toLocaleString("en-US", { style: "currency", currency: "USD" });
          res.end(
            `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Pay ${amount}</title></head>` +
              `<body><main><h1>Stripe stand-in checkout</h1><p>${escape(session.line_items_name ?? "")}</p><p>Amount: <strong>${amount}</strong></p>` +
              `<p>Status: ${session.status}</p>` +
              (session.status === "open"
                ? `<form method="post"><button type="submit">Pay</button></form>`
                : `<p>This session is ${session.status}.</p>`) +
              `</main></body></html>`,
          );
          return;
        }
        if (req.method === "POST") {
          await readBody(req);
          if (session.status === "expired") {
            // Stripe takes no payment on an expired session's page.
            res.writeHead(410, { "Content-Type": "text/html; charset=utf-8" });
            res.end(
              `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Expired</title></head>` +
                `<body><main><h1>This checkout session has expired</h1><p>Nothing was charged.</p></main></body></html>`,
            );
            return;
          }
          if (session.status === "open") await standin.complete(session.id);
          res.writeHead(303, { Location: session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id) });
          res.end();
          return;
        }
      }
      // For tests in another process (the browser suite): deliver a session's last event again, as Stripe
      // retries do (the same event id), and answer with what the app said.
      const redeliver = /^\/__test\/sessions\/(cs_test_\w+)\/redeliver$/.exec(url.pathname);
      if (redeliver && req.method === "POST") {
        const last = [...events.values()].filter((e) => e.data.object.id === redeliver[1]).at(-1);
        if (!last) return stripeError(404, "No event for that session");
        return json(200, await standin.resend(last.id));
      }
      // The same for a subscription: its next period paid (or, with ?fail=1, refused), and its last event again.
      const subscriptionHook = /^\/__test\/subscriptions\/(sub_test_\w+)\/(renew|redeliver)$/.exec(url.pathname);
      if (subscriptionHook && req.method === "POST") {
        const [, subscriptionId, what] = subscriptionHook;
        if (!subscriptions.has(subscriptionId!)) return stripeError(404, "No such subscription");
        if (what === "renew")
          return json(
            200,
            (await standin.renew(subscriptionId!, { fail: url.searchParams.get("fail") === "1" })).answer,
          );
        const last = [...events.values()].filter((e) => subscriptionOf(e) === subscriptionId).at(-1);
        if (!last) return stripeError(404, "No event for that subscription");
        return json(200, await standin.resend(last.id));
      }
      // Stripe's customer portal, as far as a member sees it: their card updated, then back to the app.
      const portal = /^\/portal\/(bps_test_\w+)$/.exec(url.pathname);
      if (portal) {
        const made = portals.get(portal[1]!);
        if (!made) return stripeError(404, "No such portal session");
        res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
        const back = made.return_url
          ? `<p><a href="${escape(made.return_url)}">Return to Bayou Current Electric</a></p>`
          : "";
        res.end(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Billing</title></head>` +
            `<body><main><h1>Stripe stand-in customer portal</h1><p>Customer ${escape(made.customer)}</p>` +
            (req.method === "POST"
              ? `<p role="status">Card updated.</p>`
              : `<form method="post"><button type="submit">Update card</button></form>`) +
            `${back}</main></body></html>`,
        );
        return;
      }
      if (!url.pathname.startsWith("/v1/")) return stripeError(404, "Unrecognized request URL");
      if (!/^Bearer sk_test_\w+$/.test(req.headers.authorization ?? ""))
        return stripeError(401, "Invalid API Key provided", "authentication_error");
      if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
        const form = decodeForm(await readBody(req));
        const key = req.headers["idempotency-key"];
        if (typeof key === "string" && idempotent.has(key)) return json(200, sessions.get(idempotent.get(key)!));
        if (standin.failNext > 0) {
          standin.failNext--;
          return stripeError(500, "An unexpected error occurred", "api_error");
        }
        created.push(form);
        const lines = (form.line_items as Array<Record<string, unknown>> | undefined) ?? [];
        const amount = lines.reduce((sum, line) => {
          const price = line.price_data as { unit_amount?: string } | undefined;
          return sum + Number(price?.unit_amount ?? 0) * Number(line.quantity ?? 1);
        }, 0);
        if (!form.success_url || !lines.length || !(amount > 0))
          return stripeError(400, "Missing required param: line_items or success_url");
        const sessionId = id("cs");
        const now = Math.floor(Date.now() / 1000);
        const session: StandinSession = {
          id: sessionId,
          object: "checkout.session",
          mode: String(form.mode ?? "payment"),
          status: "open",
          payment_status: "unpaid",
          amount_total: amount,
          amount_subtotal: amount,
          currency: "usd",
          metadata: (form.metadata as Record<string, string>) ?? {},
          client_reference_id: (form.client_reference_id as string) ?? null,
          customer_email: (form.customer_email as string) ?? null,
          success_url: String(form.success_url),
          cancel_url: (form.cancel_url as string) ?? null,
          expires_at: Number(form.expires_at ?? now + 24 * 3600),
          created: now,
          url: `${standin.url}/pay/${sessionId}`,
          payment_intent: null,
          payment_method_types: (form.allowed_payment_method_types as string[] | undefined) ?? ["card"],
          livemode: false,
          subscription: null,
          customer: null,
          line_items_name: String(
            ((lines[0]?.price_data as Record<string, unknown>)?.product_data as Record<string, unknown>)?.name ?? "",
          ),
        };
        if (session.mode === "subscription") {
          const recurring = (lines[0]?.price_data as { recurring?: { interval?: string } } | undefined)?.recurring;
          if (recurring?.interval !== "year" && recurring?.interval !== "month")
            return stripeError(400, "A subscription's price needs a recurring interval of year or month");
          session.recurring_interval = recurring.interval;
          session.subscription_metadata =
            (form.subscription_data as { metadata?: Record<string, string> } | undefined)?.metadata ?? {};
          session.payment_method_types = ["card"];
        }
        sessions.set(sessionId, session);
        if (typeof key === "string") idempotent.set(key, sessionId);
        return json(200, session);
      }
      if (req.method === "POST" && url.pathname === "/v1/billing_portal/sessions") {
        const form = decodeForm(await readBody(req));
        const customer = String(form.customer ?? "");
        if (![...subscriptions.values()].some((sub) => sub.customer === customer))
          return stripeError(400, `No such customer: '${customer}'`);
        const portalId = id("bps");
        const made = { customer, return_url: (form.return_url as string) ?? null };
        portals.set(portalId, made);
        standin.portalSessions.push(made);
        return json(200, {
          id: portalId,
          object: "billing_portal.session",
          customer,
          url: `${standin.url}/portal/${portalId}`,
        });
      }
      const sub = /^\/v1\/subscriptions\/(sub_test_\w+)$/.exec(url.pathname);
      if (sub) {
        const subscription = subscriptions.get(sub[1]!);
        if (!subscription) return stripeError(404, `No such subscription: '${sub[1]}'`);
        if (req.method === "GET") return json(200, subscription);
        if (subscription.status === "canceled")
          return stripeError(400, "A canceled subscription can only update its cancellation_details and metadata.");
        if (req.method === "DELETE") {
          await readBody(req);
          subscription.status = "canceled";
          subscription.canceled_at = Math.floor(Date.now() / 1000);
          await standin.sendEvent(subscriptionEvent(subscription, "customer.subscription.deleted"));
          return json(200, subscription);
        }
        if (req.method === "POST") {
          const form = decodeForm(await readBody(req));
          if (form.cancel_at_period_end !== undefined)
            subscription.cancel_at_period_end = form.cancel_at_period_end === "true";
          if (form.pause_collection !== undefined) {
            const pause = form.pause_collection as { behavior?: string } | string;
            subscription.pause_collection =
              typeof pause === "object" && pause.behavior ? { behavior: pause.behavior } : null;
          }
          await standin.sendEvent(subscriptionEvent(subscription, "customer.subscription.updated"));
          return json(200, subscription);
        }
      }
      const one = /^\/v1\/checkout\/sessions\/(cs_test_\w+)(\/expire)?$/.exec(url.pathname);
      if (one) {
        const session = sessions.get(one[1]!);
        if (!session) return stripeError(404, `No such checkout.session: '${one[1]}'`);
        if (one[2] && req.method === "POST") {
          await readBody(req);
          if (standin.failNextExpire > 0) {
            standin.failNextExpire--;
            return stripeError(500, "An unexpected error occurred", "api_error");
          }
          if (session.status !== "open")
            return stripeError(
              400,
              `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${session.status}\`.`,
            );
          session.status = "expired";
          session.url = null;
          return json(200, session);
        }
        if (req.method === "GET") return json(200, session);
      }
      return stripeError(404, "Unrecognized request URL");
    } catch (error) {
      if (!res.headersSent) stripeError(500, (error as Error).message, "api_error");
    }
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;

  const post = async (body: string, signature: string | null): Promise<WebhookAnswer> => {
    if (!standin.webhookUrl) throw new Error("stripe stand-in: set webhookUrl first");
    const res = await fetch(standin.webhookUrl, {
      method: "POST",
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
        ...(signature === null ? {} : { "Stripe-Signature": signature }),
      },
      body,
    });
    const text = await res.text();
    let parsed: WebhookAnswer["json"] = null;
    try {
      parsed = JSON.parse(text) as WebhookAnswer["json"];
    } catch {
      parsed = null;
    }
    return { status: res.status, json: parsed };
  };

  const sign = (body: string, timestamp?: number) =>
    signer.webhooks.generateTestHeaderString({
      payload: body,
      secret: webhookSecret,
      ...(timestamp ? { timestamp } : {}),
    });

  Object.assign(standin, {
    url,
    secretKey,
    webhookSecret,
    webhookUrl: options.webhookUrl ?? "",
    sessions,
    subscriptions,
    portalSessions: [],
    created,
    lastEvent: null,
    failNext: 0,
    failNextExpire: 0,
    env: { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_URL: url },
    sign,
    post,
    eventFor(session: StandinSession, type = "checkout.session.completed"): StandinEvent {
      const {
        line_items_name: _name,
        recurring_interval: _interval,
        subscription_metadata: _metadata,
        ...object
      } = session;
      return eventOf(type, { ...object });
    },
    async renew(subscriptionId: string, opts: { fail?: boolean } = {}) {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`stripe stand-in: no subscription ${subscriptionId}`);
      const item = subscription.items.data[0]!;
      // A new period starts at renewal whether or not its charge goes through; a past-due subscription's
      // charge retried pays the period it is in.
      const moveOn = () => {
        item.current_period_start = item.current_period_end;
        item.current_period_end = periodEnd(item.current_period_start, item.price.recurring.interval);
      };
      if (opts.fail) {
        if (subscription.status !== "past_due") moveOn();
        subscription.status = "past_due";
        const failed = eventOf("invoice.payment_failed", invoiceOf(subscription, "subscription_cycle", false));
        const answer = await standin.sendEvent(failed);
        await standin.sendEvent(subscriptionEvent(subscription, "customer.subscription.updated"));
        return { event: failed, answer };
      }
      if (subscription.status !== "past_due") moveOn();
      subscription.status = "active";
      const paid = eventOf("invoice.paid", invoiceOf(subscription, "subscription_cycle", true));
      return { event: paid, answer: await standin.sendEvent(paid) };
    },
    async sendEvent(event: StandinEvent) {
      events.set(event.id, event);
      standin.lastEvent = event;
      const body = JSON.stringify(event, null, 2);
      return post(body, sign(body));
    },
    async complete(sessionId: string, opts: { type?: string; paymentStatus?: "paid" | "unpaid"; send?: boolean } = {}) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`stripe stand-in: no session ${sessionId}`);
      if (session.status === "expired")
        throw new Error(`stripe stand-in: ${sessionId} is expired; Stripe takes no payment of it`);
      session.status = "complete";
      session.payment_status = opts.paymentStatus ?? "paid";
      if (session.mode === "subscription") {
        // Stripe makes the customer and the subscription, pays its first invoice, and tells the app both
        // (the completed session, then the paid invoice; Stripe does not promise their order).
        const now = Math.floor(Date.now() / 1000);
        const interval = session.recurring_interval ?? "year";
        const subscription: StandinSubscription = {
          id: id("sub"),
          object: "subscription",
          customer: id("cus"),
          status: "active",
          cancel_at_period_end: false,
          canceled_at: null,
          pause_collection: null,
          metadata: { ...(session.subscription_metadata ?? {}) },
          items: {
            object: "list",
            data: [
              {
                id: id("si"),
                current_period_start: now,
                current_period_end: periodEnd(now, interval),
                price: { unit_amount: session.amount_total, recurring: { interval } },
              },
            ],
          },
          livemode: false,
        };
        subscriptions.set(subscription.id, subscription);
        session.subscription = subscription.id;
        session.customer = subscription.customer;
        const completed = standin.eventFor(session, opts.type);
        const invoice = eventOf("invoice.paid", invoiceOf(subscription, "subscription_create", true));
        if (opts.send === false) {
          events.set(completed.id, completed);
          events.set(invoice.id, invoice);
          standin.lastEvent = invoice;
          return { event: completed, answer: null };
        }
        const answer = await standin.sendEvent(completed);
        await standin.sendEvent(invoice);
        return { event: completed, answer };
      }
      session.payment_intent ??= id("pi");
      const event = standin.eventFor(session, opts.type);
      if (opts.send === false) {
        events.set(event.id, event);
        standin.lastEvent = event;
        return { event, answer: null };
      }
      return { event, answer: await standin.sendEvent(event) };
    },
    async resend(eventId: string) {
      const event = events.get(eventId);
      if (!event) throw new Error(`stripe stand-in: no event ${eventId}`);
      const body = JSON.stringify(event, null, 2);
      return post(body, sign(body));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
  return standin;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const standin = await startStripeStandin({
    port: Number(process.env.DEV_STRIPE_PORT ?? 3026),
    secretKey: DEVELOPMENT_DEFAULTS.STRIPE_SECRET_KEY,
    webhookSecret: DEVELOPMENT_DEFAULTS.STRIPE_WEBHOOK_SECRET,
    webhookUrl: `http://127.0.0.1:${process.env.PORT ?? 3000}/api/webhooks/stripe`,
  });
  console.log(`development checkout on ${standin.url} (Pay online lands here; Pay sends the app its webhook)`);
}
