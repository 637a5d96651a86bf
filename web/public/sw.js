/**
 * The service worker of staff push alerts. It caches nothing and handles no
 * fetch: it shows the alerts the worker sends (worker/src/processors/push.ts,
 * payload `{ title, body, url, tag }`) and opens the page an alert is about
 * when it is clicked. Served with `Cache-Control: no-cache` (web/server/app.ts),
 * so a new version reaches browsers at their next visit.
 */

self.addEventListener("install", () => {
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  // Open pages come under this worker at once, so a click can bring them to the alert's page.
  event.waitUntil(self.clients.claim());
});

/** Only a path of this site: anything else opens the home page. */
function sameOriginUrl(value) {
  try {
    const url = new URL(typeof value === "string" && value ? value : "/", self.location.origin);
    return url.origin === self.location.origin ? url.href : self.location.origin + "/";
  } catch {
    return self.location.origin + "/";
  }
}

self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : "" };
  }
  const title = typeof data.title === "string" && data.title ? data.title : "Bayou Current Electric";
  const tag = typeof data.tag === "string" && data.tag ? data.tag : undefined;
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === "string" ? data.body : "",
      tag,
      data: { url: sameOriginUrl(data.url) },
      // An emergency stays on screen until someone acts on it.
      requireInteraction: Boolean(tag && tag.startsWith("emergency-")),
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = sameOriginUrl(event.notification.data && event.notification.data.url);
  event.waitUntil(openAlertPage(url));
});

/** Brings an open page of this site to the front and takes it to `url`, or opens a new window there. */
async function openAlertPage(url) {
  // Only this site's windows are listed.
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const open = windows.find((client) => client.url === url) || windows[0];
  if (!open) return self.clients.openWindow(url);
  await open.focus().catch(() => {});
  if (open.url === url) return;
  try {
    await open.navigate(url);
  } catch {
    // A page this worker does not control (yet) cannot be navigated from here: open a new window instead.
    await self.clients.openWindow(url);
  }
}

// The browser replaced the subscription (its keys or endpoint expired): subscribe again and tell the server.
self.addEventListener("pushsubscriptionchange", (event) => {
  const options = event.oldSubscription && event.oldSubscription.options;
  if (!options) return;
  event.waitUntil(
    self.registration.pushManager
      .subscribe(options)
      .then((subscription) =>
        fetch("/api/push/subscriptions", {
          method: "POST",
          credentials: "same-origin",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify(subscription.toJSON()),
        }),
      )
      .catch(() => {}),
  );
});
