/**
 * Staff push alerts in Chromium: "Turn on notifications" registers the service
 * worker (web/public/sw.js), subscribes and saves the device; a push is shown
 * as a notification that opens its page; "Turn off" forgets the device.
 *
 * A browser's subscription comes from its vendor's push service, which a test
 * machine cannot reach (Chromium waits for it forever; in a Playwright
 * context, which is off the record, it refuses at once). So the page's
 * `PushManager` is replaced by one that hands out a subscription made here,
 * with real keys; everything else is the browser's own: permission, the
 * service worker's registration, and the push delivered to it through the
 * DevTools protocol (as a push service would deliver it). The worker's side,
 * encrypting and posting to a push service, is covered by
 * tests/integration/push.test.ts.
 */
import { randomUUID } from "node:crypto";
import type { BrowserContext, CDPSession, Page } from "@playwright/test";
import { createSubscriptionKeys } from "../support/push-standin";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { adminPage, main } from "./staff";

/** Replaces PushManager's subscribe/getSubscription with a subscription made in the test (kept for the tab's life). */
async function fakePushService(context: BrowserContext) {
  const keys = createSubscriptionKeys();
  // Nothing listens on port 9: if the worker sends an alert here meanwhile, it fails at once.
  const endpoint = `https://127.0.0.1:9/push/e2e-${randomUUID()}`;
  await context.addInitScript(
    ({ endpoint, p256dh, auth }) => {
      const STORE = "e2e-push-subscription";
      const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
      const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
      const subscription = (serverKey: Uint8Array) => ({
        endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: serverKey.buffer },
        toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
        unsubscribe: () => {
          sessionStorage.removeItem(STORE);
          return Promise.resolve(true);
        },
      });
      PushManager.prototype.subscribe = function (options?: PushSubscriptionOptionsInit) {
        if (!options?.userVisibleOnly || !options.applicationServerKey)
          return Promise.reject(new DOMException("userVisibleOnly and applicationServerKey are required"));
        const key = new Uint8Array(options.applicationServerKey as ArrayBuffer);
        sessionStorage.setItem(STORE, toBase64(key));
        return Promise.resolve(subscription(key) as unknown as PushSubscription);
      };
      PushManager.prototype.getSubscription = function () {
        const stored = sessionStorage.getItem(STORE);
        return Promise.resolve(stored ? (subscription(fromBase64(stored)) as unknown as PushSubscription) : null);
      };
    },
    { endpoint, p256dh: keys.p256dh, auth: keys.auth },
  );
  return { endpoint, keys };
}

/** The service worker registration's id, as the DevTools protocol names it (the session's ServiceWorker domain is on). */
async function registrationId(cdp: CDPSession, origin: string): Promise<string> {
  const registrations: Array<{ registrationId: string; scopeURL: string; isDeleted: boolean }> = [];
  cdp.on("ServiceWorker.workerRegistrationUpdated", (event) => registrations.push(...event.registrations));
  await cdp.send("ServiceWorker.enable");
  await expect.poll(() => registrations.some((r) => r.scopeURL === `${origin}/` && !r.isDeleted)).toBe(true);
  return registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted)!.registrationId;
}

const shownNotifications = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      data: n.data as unknown,
      requireInteraction: n.requireInteraction,
    }));
  });

test("an admin turns on notifications on the dashboard, gets an alert that opens its page, and turns them off", async ({
  page,
  db,
  request,
}) => {
  const origin = new URL(process.env.E2E_BASE_URL!).origin;
  const { endpoint, keys } = await fakePushService(page.context());
  await page.context().grantPermissions(["notifications"], { origin });
  const admin = await adminPage(page, db, "/dashboard");

  const alerts = main(page).getByRole("region", { name: "Alerts on this device" });
  await expect(alerts).toContainText("the moment an emergency comes in");
  await alerts.getByRole("button", { name: "Turn on notifications" }).click();
  await expect(alerts.getByRole("status")).toHaveText("Notifications are on for this device.");
  await expect(alerts.getByRole("button", { name: "Turn off notifications" })).toBeEnabled();
  await expectNoAxeViolations(page);

  // Saved for this admin, with the keys the browser gave, made with the server's VAPID key.
  const saved = await db.pushSubscription.findUniqueOrThrow({ where: { endpoint } });
  expect(saved).toMatchObject({ userId: admin.id, p256dh: keys.p256dh, auth: keys.auth });
  const { publicKey } = (await (await page.request.get("/api/push/public-key")).json()) as { publicKey: string };
  const usedKey = await page.evaluate(() => sessionStorage.getItem("e2e-push-subscription"));
  expect(Buffer.from(usedKey!, "base64").toString("base64url")).toBe(publicKey);

  // The service worker is registered, controls the page, and is served fresh every time.
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toBe(`${origin}/sw.js`);
  const script = await request.get("/sw.js");
  expect(script.headers()["cache-control"]).toBe("no-cache");
  expect(script.headers()["content-type"]).toMatch(/^text\/javascript/);

  // A push, delivered to the service worker as a push service would: shown, and it stays for an emergency.
  const alert = {
    title: "EMERGENCY: Sparks at the panel",
    body: "Clotilde Arceneaux · (225) 555-0142 · booking #4242",
    url: "/admin/bookings?priority=emergency",
    tag: "emergency-4242",
  };
  // A push service delivers a message again until the browser has it; so does this one, the DevTools
  // protocol saying nothing of a delivery that a busy browser dropped (the tag makes a second one replace the first).
  const cdp = await page.context().newCDPSession(page);
  const registration = await registrationId(cdp, origin);
  const shown = {
    title: alert.title,
    body: alert.body,
    tag: alert.tag,
    data: { url: `${origin}${alert.url}` },
    requireInteraction: true,
  };
  await expect(async () => {
    await cdp.send("ServiceWorker.deliverPushMessage", {
      origin,
      registrationId: registration,
      data: JSON.stringify(alert),
    });
    await expect.poll(() => shownNotifications(page), { timeout: 5_000 }).toContainEqual(shown);
  }).toPass({ intervals: [0], timeout: 20_000 });
  expect((await shownNotifications(page)).filter((n) => n.tag === alert.tag)).toHaveLength(1);

  // Clicking it brings this page to the alert's address (the click is dispatched in the service worker).
  const [worker] = page.context().serviceWorkers();
  await worker!.evaluate(async (tag) => {
    // The service worker's globals (this project's TypeScript knows the window's only).
    const scope = globalThis as unknown as {
      registration: ServiceWorkerRegistration;
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      dispatchEvent(event: Event): boolean;
    };
    const [notification] = await scope.registration.getNotifications({ tag });
    scope.dispatchEvent(new scope.NotificationEvent("notificationclick", { notification: notification! }));
  }, alert.tag);
  await expect(page).toHaveURL(`${origin}${alert.url}`);
  await expect.poll(() => shownNotifications(page)).toEqual([]);

  // Back on the dashboard it is still on (and saved again); then turned off.
  await page.goto("/dashboard");
  await expect(alerts.getByRole("status")).toHaveText("Notifications are on for this device.");
  await alerts.getByRole("button", { name: "Turn off notifications" }).click();
  await expect(alerts.getByRole("status")).toHaveText("Notifications are off for this device.");
  await expect(alerts.getByRole("button", { name: "Turn on notifications" })).toBeEnabled();
  expect(await db.pushSubscription.count({ where: { endpoint } })).toBe(0);
});

test("a browser that refuses notifications is told how to allow them", async ({ page, db }) => {
  await fakePushService(page.context());
  await adminPage(page, db, "/dashboard");
  const alerts = main(page).getByRole("region", { name: "Alerts on this device" });
  // Not granted to this context: headless Chromium answers "denied" without asking, as a browser whose user blocked the site.
  await alerts.getByRole("button", { name: "Turn on notifications" }).click();
  const blocked = "allow notifications for this site in your browser's settings";
  await expect(alerts.getByRole("status")).toContainText("Notifications are blocked for this site");
  await expect(alerts.getByRole("status")).toContainText(blocked);
  await expect(alerts.getByRole("button")).toHaveCount(0);
  // Next time the page says so at once, and offers nothing that cannot work.
  await page.reload();
  await expect(alerts.getByRole("status")).toContainText(blocked);
  await expect(alerts.getByRole("button")).toHaveCount(0);
  expect(await page.evaluate(() => sessionStorage.getItem("e2e-push-subscription"))).toBeNull();
});
