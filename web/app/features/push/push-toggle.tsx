import { Bell, BellOff, BellRing } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { useApiFetch, type ApiInit } from "~/utils/api-client";
import { cn } from "~/utils/cn";
import { useHydrated } from "~/utils/use-hydrated";
import { useLatest } from "~/utils/use-latest";

/**
 * "Turn on notifications" for staff: this device then gets Web Push alerts
 * (emergencies; visits assigned to a technician) even with the site closed.
 * Nothing is asked of the browser until the button is pressed: on load the
 * component only reads what this device has already (permission, an existing
 * subscription, which it saves again so the server has it for whoever is
 * signed in now). The service worker is web/public/sw.js; the API is
 * /api/push/public-key and /api/push/subscriptions.
 */

type Phase = "checking" | "off" | "turning-on" | "on" | "turning-off" | "blocked" | "unsupported" | "unavailable";

const ON_MESSAGE = "Notifications are on for this device.";
const BLOCKED_MESSAGE =
  "Notifications are blocked for this site. To get alerts, allow notifications for this site in your browser's settings, then reload this page.";
const UNAVAILABLE_MESSAGE = "Notifications aren't set up on this server yet.";

const describe = {
  admin: "Get an alert on this device the moment an emergency comes in, even when this page is closed.",
  technician: "Get an alert on this device when a visit is assigned to you or an emergency comes in on a day you work.",
};

function supported() {
  return (
    typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window
  );
}

function base64urlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(value.length / 4) * 4, "=");
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Whether a subscription was made with this server key (a changed key makes old subscriptions useless). */
function madeWithKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const used = subscription.options.applicationServerKey;
  if (!used) return false;
  const bytes = new Uint8Array(used);
  return bytes.length === key.length && bytes.every((b, i) => b === key[i]);
}

async function messageOf(response: Response, fallback: string): Promise<string> {
  const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
  return typeof body?.message === "string" ? body.message : fallback;
}

/** The page's call to /api/* (useApiFetch). */
type Api = (path: string, init?: ApiInit) => Promise<Response>;

/** Where the toggle ends up, and what it says. */
interface Outcome {
  phase: Phase;
  message?: string;
}

/** The server's key, or null when push is not set up there. */
async function publicKey(api: Api): Promise<Uint8Array<ArrayBuffer> | null> {
  const response = await api("/api/push/public-key");
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(await messageOf(response, "The server did not answer."));
  const { publicKey } = (await response.json()) as { publicKey: string };
  return base64urlToBytes(publicKey);
}

async function save(api: Api, subscription: PushSubscription) {
  const response = await api("/api/push/subscriptions", {
    method: "POST",
    body: JSON.stringify(subscription.toJSON()),
  });
  if (!response.ok) throw new Error(await messageOf(response, "The server did not save this device."));
}

/** What this device has already (saved again, so the server has it for whoever is signed in now). Never asks for permission. */
async function deviceState(api: Api): Promise<Outcome> {
  if (!supported()) return { phase: "unsupported", message: "Notifications aren't supported in this browser." };
  if (Notification.permission === "denied") return { phase: "blocked", message: BLOCKED_MESSAGE };
  const registration = await navigator.serviceWorker.getRegistration("/");
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription || Notification.permission !== "granted") return { phase: "off" };
  const key = await publicKey(api);
  if (!key) return { phase: "unavailable", message: UNAVAILABLE_MESSAGE };
  if (!madeWithKey(subscription, key)) {
    await subscription.unsubscribe();
    return { phase: "off" };
  }
  await save(api, subscription);
  return { phase: "on", message: ON_MESSAGE };
}

/** Turning on: permission, the service worker, a subscription with the server's key, saved on the server. */
async function turnOn(api: Api): Promise<Outcome> {
  try {
    // Asked first, straight from the click: some browsers only ask in answer to one.
    const permission = await Notification.requestPermission();
    if (permission === "denied") return { phase: "blocked", message: BLOCKED_MESSAGE };
    if (permission !== "granted")
      return {
        phase: "off",
        message: "Notifications were not allowed. Press “Turn on notifications” again and choose Allow.",
      };
    const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
    await navigator.serviceWorker.ready;
    const key = await publicKey(api);
    if (!key) return { phase: "unavailable", message: UNAVAILABLE_MESSAGE };
    let subscription = await registration.pushManager.getSubscription();
    if (subscription && !madeWithKey(subscription, key)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    try {
      await save(api, subscription);
    } catch (error) {
      await subscription.unsubscribe().catch(() => false);
      throw error;
    }
    return { phase: "on", message: ON_MESSAGE };
  } catch (error) {
    return {
      phase: "off",
      message: `Notifications could not be turned on: ${(error as Error).message || "please try again."}`,
    };
  }
}

async function turnOff(api: Api): Promise<Outcome> {
  try {
    const registration = await navigator.serviceWorker.getRegistration("/");
    const subscription = await registration?.pushManager.getSubscription();
    if (subscription) {
      // The server first: once it forgets the device nothing more is sent, even if unsubscribing fails.
      const response = await api("/api/push/subscriptions", {
        method: "DELETE",
        body: JSON.stringify({ endpoint: subscription.endpoint }),
      });
      if (!response.ok) throw new Error(await messageOf(response, "The server did not answer."));
      await subscription.unsubscribe().catch(() => false);
    }
    return { phase: "off", message: "Notifications are off for this device." };
  } catch (error) {
    return {
      phase: "on",
      message: `Notifications could not be turned off: ${(error as Error).message || "please try again."}`,
    };
  }
}

export function PushToggle({ audience, className }: { audience: "admin" | "technician"; className?: string }) {
  const apiFetch = useApiFetch();
  const hydrated = useHydrated();
  const [phase, setPhase] = useState<Phase>("checking");
  const [message, setMessage] = useState("");
  const show = ({ phase: next, message: text = "" }: Outcome) => {
    setPhase(next);
    setMessage(text);
  };
  const showRef = useLatest(show);
  const apiRef = useLatest(apiFetch);

  // After hydration: what this device has already. Never asks for permission.
  useEffect(() => {
    let current = true;
    const set = (outcome: Outcome) => {
      if (current) showRef.current(outcome);
    };
    deviceState(apiRef.current).then(set, () => set({ phase: "off" }));
    return () => {
      current = false;
    };
  }, [showRef, apiRef]);

  const toggle = (to: "on" | "off") => {
    show(
      to === "on"
        ? { phase: "turning-on", message: "Turning on notifications…" }
        : { phase: "turning-off", message: "Turning off notifications…" },
    );
    void (to === "on" ? turnOn(apiFetch) : turnOff(apiFetch)).then(show);
  };

  const Icon = phase === "on" ? BellRing : phase === "blocked" || phase === "unsupported" ? BellOff : Bell;
  return (
    <section
      aria-labelledby="push-heading"
      className={cn(
        "flex min-h-24 flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between",
        className,
      )}
    >
      <div className="min-w-0">
        <h2 id="push-heading" className="flex items-center gap-2 text-base font-bold text-slate-900">
          <Icon aria-hidden="true" className="size-5 text-brand-700" />
          Alerts on this device
        </h2>
        <p className="mt-1 text-sm text-slate-700">{describe[audience]}</p>
        {/* A live region once hydrated only: without JavaScript there is nothing to announce (and no second status on the page). */}
        <p role={hydrated ? "status" : undefined} className="mt-1 text-sm font-medium text-slate-900">
          {message}
        </p>
      </div>
      {phase === "checking" || phase === "off" || phase === "turning-on" ? (
        <Button onClick={() => toggle("on")} disabled={phase !== "off"} className="shrink-0">
          <Bell aria-hidden="true" />
          Turn on notifications
        </Button>
      ) : phase === "on" || phase === "turning-off" ? (
        <Button
          variant="outline"
          onClick={() => toggle("off")}
          disabled={phase !== "on"}
          aria-label="Turn off notifications"
          className="shrink-0"
        >
          <BellOff aria-hidden="true" />
          Turn off
        </Button>
      ) : null}
    </section>
  );
}
