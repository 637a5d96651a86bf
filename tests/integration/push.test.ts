import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { developmentVapidKeys } from "@app/shared/keys.server";
import { formatWindow, windowStartingAt } from "@app/shared/scheduling/windows";
import { isHoliday } from "../support/holidays";
import { addLocalDays, businessDate, localWeekday, requireBusinessInstant } from "@app/shared/time";
import { api, signedInUser } from "../support/accounts";
import { notificationSentAt } from "../support/outbox";
import { startPushStandin, type PushStandin, type ReceivedPush, type SubscriptionJson } from "../support/push-standin";
import { productionEnv, startStack, type Stack } from "../support/stack";

/**
 * Web Push alerts to staff devices: the subscription API, and the worker
 * sending through the real `web-push` library to a stand-in push service
 * (tests/support/push-standin.ts), which checks VAPID and decrypts each
 * message as a browser would.
 */

type User = Awaited<ReturnType<typeof signedInUser>>;

let push: PushStandin;
let standinPort: number;
let stack: Stack;
let admin: User;
/** Works on the visits' weekday. */
let working: User;
/** Works every other day. */
let away: User;

/** A Wednesday a few days ahead (Baton Rouge): a day with arrival windows. */
let visitDate: string;

beforeAll(async () => {
  push = await startPushStandin();
  // The worker trusts the stand-in's self-signed certificate, and the stand-in is a push service for this stack
  // (PUSH_SERVICE_HOSTS: its loopback address and port). So is localhost on that port: a listed name that
  // resolves to loopback, which the worker must refuse when it connects.
  standinPort = Number(new URL(push.origin).port);
  stack = await startStack({
    name: "push",
    env: {
      NODE_EXTRA_CA_CERTS: push.caFile,
      PUSH_SERVICE_HOSTS: `127.0.0.1:${standinPort},localhost:${standinPort}`,
    },
  });
  visitDate = addLocalDays(businessDate(), 3);
  while (localWeekday(visitDate) !== 3 || isHoliday(visitDate)) visitDate = addLocalDays(visitDate, 1);
  await stack.db.user.updateMany({ where: { role: "technician" }, data: { isActive: false } });
  [admin, working, away] = await Promise.all([
    signedInUser(stack.url, stack.db, "admin"),
    signedInUser(stack.url, stack.db, "technician"),
    signedInUser(stack.url, stack.db, "technician"),
  ]);
  await stack.db.user.update({ where: { id: working.user.id }, data: { workingDays: [1, 3, 5] } });
  await stack.db.user.update({ where: { id: away.user.id }, data: { workingDays: [0, 1, 2, 4, 5, 6] } });
});
afterAll(async () => {
  await stack?.stop();
  await push?.close();
});

/** Saves a new stand-in subscription for this user's device. */
async function subscribeDevice(user: User): Promise<SubscriptionJson> {
  const subscription = push.subscribe();
  const res = await api(stack.url, "POST", "/api/push/subscriptions", user.token, subscription);
  expect(res.status, res.text).toBe(201);
  return subscription;
}

async function newBooking(extra: Record<string, unknown>) {
  const customer = await stack.db.customer.create({
    data: { name: `Beau Thibodeaux ${Date.now()}`, email: `beau${Date.now()}@example.com`, phone: "(225) 555-0177" },
  });
  const res = await api(stack.url, "POST", "/api/bookings", admin.token, {
    customerId: customer.id,
    summary: "Sparks from the panel",
    priority: "medium",
    scheduledDate: requireBusinessInstant(visitDate, 10 * 60).toISOString(),
    ...extra,
  });
  expect(res.status, res.text).toBe(201);
  return { booking: res.json.booking as { id: number; summary: string }, customer };
}

const pushesFor = (endpoint: string, tag: string) =>
  push.list(endpoint).filter((p) => (p.payload as { tag?: string }).tag === tag);

describe("the subscription API", () => {
  it("gives signed-in staff the VAPID public key, and no one else", async () => {
    const res = await api(stack.url, "GET", "/api/push/public-key", working.token);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true, publicKey: developmentVapidKeys(stack.env.SESSION_SECRET!).publicKey });
    expect((await api(stack.url, "GET", "/api/push/public-key")).status).toBe(401);
    const customer = await signedInUser(stack.url, stack.db, "customer");
    const refused = await api(stack.url, "GET", "/api/push/public-key", customer.token);
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ success: false, message: expect.any(String) });
  });

  it("saves a device (again: 200, and it moves to whoever saved it last) with its user agent", async () => {
    const subscription = push.subscribe();
    const first = await fetch(`${stack.url}/api/push/subscriptions`, {
      method: "POST",
      headers: { ...admin.auth, "Content-Type": "application/json", "User-Agent": "Field tablet" },
      body: JSON.stringify(subscription),
    });
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({ success: true, message: "Notifications are on for this device." });
    const row = await stack.db.pushSubscription.findUniqueOrThrow({ where: { endpoint: subscription.endpoint } });
    expect(row).toMatchObject({ userId: admin.user.id, p256dh: subscription.keys.p256dh, userAgent: "Field tablet" });

    const again = await api(stack.url, "POST", "/api/push/subscriptions", working.token, subscription);
    expect(again.status).toBe(200);
    const moved = await stack.db.pushSubscription.findUniqueOrThrow({ where: { endpoint: subscription.endpoint } });
    expect(moved).toMatchObject({ id: row.id, userId: working.user.id });
    await api(stack.url, "DELETE", "/api/push/subscriptions", working.token, { endpoint: subscription.endpoint });
  });

  it("refuses what is not a browser's subscription: 400 naming the fields", async () => {
    const good = push.subscribe();
    const cases: Array<[unknown, string]> = [
      [{ ...good, endpoint: "not an address" }, "endpoint"],
      [{ ...good, endpoint: `ftp://127.0.0.1/push/1` }, "endpoint"],
      [{ ...good, endpoint: `https://127.0.0.1/${"x".repeat(1_000)}` }, "endpoint"],
      [{ endpoint: good.endpoint }, "keys"],
      [{ ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(0, 40) } }, "keys.p256dh"],
      [{ ...good, keys: { ...good.keys, auth: `${good.keys.auth}AAAA` } }, "keys.auth"],
      [{ ...good, keys: { ...good.keys, auth: "not base64url!" } }, "keys.auth"],
      // 65 bytes that start like a key but are no point of the curve.
      [{ ...good, keys: { ...good.keys, p256dh: Buffer.alloc(65, 4).toString("base64url") } }, "keys.p256dh"],
    ];
    for (const [body, field] of cases) {
      const res = await api(stack.url, "POST", "/api/push/subscriptions", admin.token, body);
      expect(res.status, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(res.json).toMatchObject({
        success: false,
        message: expect.any(String),
        errors: { [field]: expect.any(String) },
      });
    }
    const malformed = await api(stack.url, "DELETE", "/api/push/subscriptions", admin.token, {});
    expect(malformed.status).toBe(400);
    expect(malformed.json).toMatchObject({ success: false, errors: { endpoint: expect.any(String) } });
    expect(await stack.db.pushSubscription.count({ where: { endpoint: good.endpoint } })).toBe(0);
  });

  it("is for staff only: 401 signed out, 403 for a customer", async () => {
    const subscription = push.subscribe();
    expect((await api(stack.url, "POST", "/api/push/subscriptions", undefined, subscription)).status).toBe(401);
    const customer = await signedInUser(stack.url, stack.db, "customer");
    const refused = await api(stack.url, "POST", "/api/push/subscriptions", customer.token, subscription);
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ success: false, message: expect.any(String) });
    expect(await stack.db.pushSubscription.count({ where: { endpoint: subscription.endpoint } })).toBe(0);
  });

  it("DELETE removes the caller's device, and only theirs", async () => {
    const mine = await subscribeDevice(admin);
    const theirs = await subscribeDevice(working);
    const other = await api(stack.url, "DELETE", "/api/push/subscriptions", admin.token, { endpoint: theirs.endpoint });
    expect(other.json).toMatchObject({ success: true, removed: false });
    expect(await stack.db.pushSubscription.count({ where: { endpoint: theirs.endpoint } })).toBe(1);
    const res = await api(stack.url, "DELETE", "/api/push/subscriptions", admin.token, { endpoint: mine.endpoint });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true, removed: true, message: "Notifications are off for this device." });
    expect(await stack.db.pushSubscription.count({ where: { endpoint: mine.endpoint } })).toBe(0);
    await api(stack.url, "DELETE", "/api/push/subscriptions", working.token, { endpoint: theirs.endpoint });
  });

  it("signing out stops alerts to the device that session turned them on for", async () => {
    const leaving = await signedInUser(stack.url, stack.db, "technician");
    const device = await subscribeDevice(leaving);
    expect(await stack.db.pushSubscription.count({ where: { endpoint: device.endpoint } })).toBe(1);
    const out = await api(stack.url, "POST", "/api/auth/logout", leaving.token);
    expect(out.status).toBe(200);
    expect(await stack.db.pushSubscription.count({ where: { endpoint: device.endpoint } })).toBe(0);
  });
});

describe("in production without VAPID keys", () => {
  it("push is off: no public key (404), no device saved, and local endpoints are refused anyway", async () => {
    // Production refuses a loopback PUSH_SERVICE_HOSTS entry: this process lists none.
    await stack.startWeb({ ...productionEnv(), PUSH_SERVICE_HOSTS: "" });
    const url = stack.urls.at(-1)!;
    const staff = await signedInUser(url, stack.db, "technician");
    const key = await api(url, "GET", "/api/push/public-key", staff.token);
    expect(key.status).toBe(404);
    expect(key.json).toEqual({ success: false, message: "Notifications are not set up on this server." });

    const local = await api(url, "POST", "/api/push/subscriptions", staff.token, push.subscribe());
    expect(local.status).toBe(400);
    expect(local.json).toMatchObject({ success: false, errors: { endpoint: expect.any(String) } });
    const elsewhere = { ...push.subscribe(), endpoint: "https://fcm.googleapis.com/fcm/send/not-a-real-device" };
    const off = await api(url, "POST", "/api/push/subscriptions", staff.token, elsewhere);
    expect(off.status).toBe(404);
    expect(await stack.db.pushSubscription.count({ where: { userId: staff.user.id } })).toBe(0);
  });
});

describe("alerts", () => {
  let adminDevice: SubscriptionJson;
  let workingDevice: SubscriptionJson;
  let awayDevice: SubscriptionJson;
  beforeAll(async () => {
    [adminDevice, workingDevice, awayDevice] = await Promise.all([
      subscribeDevice(admin),
      subscribeDevice(working),
      subscribeDevice(away),
    ]);
  });

  it("an emergency reaches every admin and the technicians working that day, not the others", async () => {
    const { booking, customer } = await newBooking({ priority: "emergency", summary: "Burning smell at the panel" });
    const tag = `emergency-${booking.id}`;
    await push.waitFor(
      () => pushesFor(adminDevice.endpoint, tag).length > 0 && pushesFor(workingDevice.endpoint, tag).length > 0,
    );
    const publicKey = developmentVapidKeys(stack.env.SESSION_SECRET!).publicKey;
    const [toAdmin] = pushesFor(adminDevice.endpoint, tag) as [ReceivedPush];
    expect(toAdmin.payload).toEqual({
      title: "EMERGENCY: Burning smell at the panel",
      body: `${customer.name} · ${customer.phone} · booking #${booking.id}`,
      url: `/admin/bookings/${booking.id}`,
      tag,
    });
    expect(toAdmin.vapidPublicKey).toBe(publicKey);
    expect(toAdmin.headers).toMatchObject({ urgency: "high" });
    expect(toAdmin.claims.aud).toBe(push.origin);
    const [toTechnician] = pushesFor(workingDevice.endpoint, tag) as [ReceivedPush];
    expect(toTechnician.payload).toMatchObject({ title: "EMERGENCY: Burning smell at the panel", url: "/jobs", tag });

    await expect
      .poll(() => notificationSentAt(stack.db, "push-alert", { reason: "emergency", bookingId: booking.id }), {
        timeout: 15_000,
      })
      .not.toBeNull();
    expect(pushesFor(awayDevice.endpoint, tag)).toEqual([]);
    expect(pushesFor(adminDevice.endpoint, tag)).toHaveLength(1);
    expect(push.rejected).toEqual([]);
  });

  it("a booking that is neither an emergency nor assigned sends no push", async () => {
    const { booking } = await newBooking({ priority: "high", summary: "Porch light flickers" });
    await expect
      .poll(
        () =>
          notificationSentAt(stack.db, "booking-event", {
            bookingId: booking.id,
            event: "created",
            version: "created",
          }),
        { timeout: 15_000 },
      )
      .not.toBeNull();
    expect(await stack.db.outbox.count({ where: { kind: "push-alert", subject: `booking:${booking.id}` } })).toBe(0);
    expect(push.received.filter((p) => (p.payload as { tag?: string }).tag?.endsWith(`-${booking.id}`))).toEqual([]);
  });

  it("a visit assigned to a technician reaches that technician, with its window and address", async () => {
    const at = requireBusinessInstant(visitDate, 14 * 60);
    const { booking } = await newBooking({
      technicianId: away.user.id,
      summary: "Install a ceiling fan",
      scheduledDate: at.toISOString(),
      address: "4521 Government St, Baton Rouge",
    });
    const tag = `assigned-${booking.id}`;
    await push.waitFor(() => pushesFor(awayDevice.endpoint, tag).length > 0);
    expect(pushesFor(awayDevice.endpoint, tag)[0]!.payload).toEqual({
      title: "New visit assigned",
      body: `${formatWindow(windowStartingAt(at)!)} · Install a ceiling fan · 4521 Government St, Baton Rouge`,
      url: "/jobs",
      tag,
    });
    expect(pushesFor(awayDevice.endpoint, tag)[0]!.headers).toMatchObject({ urgency: "normal" });
    expect(pushesFor(adminDevice.endpoint, tag)).toEqual([]);
    expect(pushesFor(workingDevice.endpoint, tag)).toEqual([]);
  });

  it("a temporary failure of the push service is retried until the alert gets through", async () => {
    push.failNext(awayDevice.endpoint, 503);
    const { booking } = await newBooking({
      technicianId: away.user.id,
      summary: "Replace a breaker",
      scheduledDate: requireBusinessInstant(visitDate, 16 * 60).toISOString(),
    });
    const tag = `assigned-${booking.id}`;
    await push.waitFor(() => pushesFor(awayDevice.endpoint, tag).length > 0, 20_000);
    const row = await stack.db.outbox.findFirstOrThrow({
      where: { kind: "push-alert", subject: `booking:${booking.id}` },
    });
    await expect
      .poll(async () => (await stack.db.outbox.findUniqueOrThrow({ where: { key: row.key } })).sentAt, {
        timeout: 10_000,
      })
      .not.toBeNull();
    expect(await stack.db.outbox.findUniqueOrThrow({ where: { key: row.key } })).toMatchObject({
      attempts: 1,
      lastError: expect.stringContaining("503"),
    });
    expect(pushesFor(awayDevice.endpoint, tag)).toHaveLength(1);
  });

  it("a device the push service says is gone (410) is deleted; the others still get the alert", async () => {
    push.gone(workingDevice.endpoint);
    const { booking } = await newBooking({ priority: "emergency", summary: "Outlet melted" });
    const tag = `emergency-${booking.id}`;
    await push.waitFor(() => pushesFor(adminDevice.endpoint, tag).length > 0);
    await expect
      .poll(() => stack.db.pushSubscription.count({ where: { endpoint: workingDevice.endpoint } }), { timeout: 10_000 })
      .toBe(0);
    await expect
      .poll(() => notificationSentAt(stack.db, "push-alert", { reason: "emergency", bookingId: booking.id }), {
        timeout: 10_000,
      })
      .not.toBeNull();
    expect(pushesFor(workingDevice.endpoint, tag)).toEqual([]);
    expect(await stack.db.pushSubscription.count({ where: { endpoint: adminDevice.endpoint } })).toBe(1);
    // The worker's log names the device by its row and host only: an endpoint lets anyone push to the device.
    // The worker writes its log line after the database change: wait for the line to arrive through its output.
    const log = () => stack.workers.map((w) => w.output()).join("\n");
    await expect.poll(log, { timeout: 10_000 }).toContain("push subscription gone; deleted");
    await expect.poll(log, { timeout: 10_000 }).toContain("push send failed");
    for (const device of [adminDevice, workingDevice, awayDevice]) expect(log()).not.toContain(device.endpoint);
  });
});

describe("found 9: push endpoints never point inside the network", () => {
  it("refuses an endpoint that is not on a push service's host: the addresses the review used, and the stand-in on another port", async () => {
    const technician = await signedInUser(stack.url, stack.db, "technician");
    for (const endpoint of [
      "https://localhost.:3999/x",
      "https://metadata.google.internal./computeMetadata/v1/",
      "https://foo.internal./x",
      "https://127.0.0.1.nip.io/x",
      "https://169.254.169.254/latest/meta-data/",
      `https://127.0.0.1:${standinPort + 1}/push/x`,
      `http://127.0.0.1:${standinPort}/push/x`,
    ]) {
      const res = await api(stack.url, "POST", "/api/push/subscriptions", technician.token, {
        ...push.subscribe(),
        endpoint,
      });
      expect(res.status, endpoint).toBe(400);
      expect(res.json).toMatchObject({ success: false, errors: { endpoint: expect.any(String) } });
    }
    expect(await stack.db.pushSubscription.count({ where: { userId: technician.user.id } })).toBe(0);
  });

  /**
   * A technician of their own (so the alert is for this device alone), with a stand-in device
   * at `origin` instead of the stand-in's own, and a visit assigned to them.
   */
  async function assignedAlertTo(origin: string, viaApi: boolean) {
    const technician = await signedInUser(stack.url, stack.db, "technician");
    const device = push.subscribe();
    const id = new URL(device.endpoint).pathname;
    const endpoint = `${origin}${id}`;
    if (viaApi) {
      const res = await api(stack.url, "POST", "/api/push/subscriptions", technician.token, { ...device, endpoint });
      expect(res.status, res.text).toBe(201);
    } else {
      // A device saved before endpoints were held to the push services' hosts.
      const session = await stack.db.session.findFirstOrThrow({ where: { userId: technician.user.id } });
      await stack.db.pushSubscription.create({
        data: {
          userId: technician.user.id,
          sessionId: session.id,
          endpoint,
          p256dh: device.keys.p256dh,
          auth: device.keys.auth,
        },
      });
    }
    const { booking } = await newBooking({
      technicianId: technician.user.id,
      summary: "Check the meter base",
      scheduledDate: requireBusinessInstant(visitDate, 12 * 60).toISOString(),
    });
    const reachedStandin = () => [...push.received, ...push.rejected].some((p) => p.endpoint.endsWith(id));
    return { booking, endpoint, reachedStandin };
  }

  async function failedAlert(bookingId: number) {
    await expect
      .poll(
        async () =>
          (await stack.db.outbox.findFirst({ where: { kind: "push-alert", subject: `booking:${bookingId}` } }))
            ?.failedAt ?? null,
        { timeout: 20_000 },
      )
      .not.toBeNull();
    return stack.db.outbox.findFirstOrThrow({ where: { kind: "push-alert", subject: `booking:${bookingId}` } });
  }

  it("the worker connects to no address a host resolves to inside the network, even a listed host's; the queues page shows a short reason", async () => {
    // localhost is listed in PUSH_SERVICE_HOSTS, so the endpoint is saved; it resolves to 127.0.0.1, where the stand-in listens.
    const { booking, reachedStandin } = await assignedAlertTo(`https://localhost:${standinPort}`, true);
    const row = await failedAlert(booking.id);
    expect(row.lastError).toBe(
      "push alert refused by every push service (push endpoint refused: not a public address)",
    );
    expect(reachedStandin()).toBe(false);

    const queues = await fetch(`${stack.url}/admin/queues`, { headers: admin.auth });
    const html = (await queues.text()).replaceAll("<!-- -->", "");
    expect(html).toContain("push endpoint refused: not a public address");
    expect(html).not.toContain(`localhost:${standinPort}`);
    expect(html).not.toContain(`127.0.0.1:${standinPort}`);
  });

  it("a device saved before the rule, on any other host, is never posted to, and is deleted", async () => {
    const { booking, endpoint } = await assignedAlertTo(`https://127.0.0.1:${standinPort + 1}`, false);
    const row = await failedAlert(booking.id);
    expect(row.lastError).toBe(
      "push alert refused by every push service (endpoint not on a push service (device removed))",
    );
    expect(await stack.db.pushSubscription.count({ where: { endpoint } })).toBe(0);
  });
});
