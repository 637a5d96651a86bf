/**
 * Live staff pages (docs/product.md#realtime-events): one socket.io connection per browser tab,
 * shared by every admin page. The session cookie travels with the handshake,
 * the server puts an admin's socket in the `admins` room and answers
 * `admin:ready`; then `booking:created` / `booking:updated` (and `estimate:updated`, `invoice:updated`) refresh the page's
 * data and `booking:emergency` (an emergency booking) or `lead:emergency` (a
 * contact message or a chat that is an emergency) raises an alert at once, on
 * whichever admin page is open, until it is closed there or `lead:acknowledged` says staff dismissed it. An
 * emergency booking's alert says "Member (Generator Care): priority" when the worker sent `memberPriority`
 * (a member of a plan giving emergency priority, docs/product.md#plans).
 */
import { Link, useRevalidator } from "@remix-run/react";
import { Inbox, Phone, Siren, X } from "lucide-react";
import { useEffect, useSyncExternalStore, type ReactNode } from "react";
import { createPortal } from "react-dom";
import type { Socket } from "socket.io-client";
import { toast } from "~/components/ui/use-toast";
import { cn } from "~/utils/cn";
import { useHydrated } from "~/utils/use-hydrated";
import { useLatest } from "~/utils/use-latest";
import { LEAD_ACKNOWLEDGED_EVENT, LEAD_EMERGENCY_EVENT, type EmergencyLead } from "@app/shared/emergency-leads";
import { formatDateTime } from "@app/shared/time";
import { telHref, type Booking } from "~/components/staff/format";

type LiveStatus = "connecting" | "live" | "offline";
/** `lead`: an emergency lead came in (pages that list them, the dashboard and the inbox, reload). */
type BookingEvent = "created" | "updated" | "resync" | "lead";

/** An emergency on the banner: a booking, or a lead (a contact message or a chat conversation). */
type EmergencyAlert =
  | { kind: "booking"; key: string; booking: Booking; memberPriority: string | null }
  | { kind: "lead"; key: string; lead: EmergencyLead };

interface LiveState {
  status: LiveStatus;
  alerts: EmergencyAlert[];
}

const CLOSE_DELAY_MS = 1500;
const REFRESH_DEBOUNCE_MS = 250;

let state: LiveState = { status: "connecting", alerts: [] };
const stateListeners = new Set<() => void>();
const eventListeners = new Set<(event: BookingEvent, booking?: Booking) => void>();
/** `chat:activity` (a visitor wrote, staff replied or took over): the inbox reloads. */
const chatActivityListeners = new Set<() => void>();
let socket: Socket | null = null;
let opening: Promise<void> | null = null;
let holders = 0;
let closeTimer: ReturnType<typeof setTimeout> | undefined;
let everReady = false;

function setState(next: Partial<LiveState>) {
  state = { ...state, ...next };
  for (const listener of stateListeners) listener();
}

function emitEvent(event: BookingEvent, booking?: Booking) {
  for (const listener of eventListeners) listener(event, booking);
}

function bookingOf(payload: unknown): Booking | null {
  const booking = (payload as { booking?: Booking } | null)?.booking;
  return booking && typeof booking.id === "number" ? booking : null;
}

async function open() {
  // Loaded on first use, so public pages never download the client.
  const { io } = await import("socket.io-client");
  if (holders === 0 || socket) return;
  const s = io({ withCredentials: true });
  socket = s;
  setState({ status: "connecting" });
  s.on("admin:ready", () => {
    setState({ status: "live" });
    // After a reconnect, events may have been missed while away: reload once.
    if (everReady) emitEvent("resync");
    everReady = true;
  });
  s.on("disconnect", () => setState({ status: s.active ? "connecting" : "offline" }));
  s.on("connect_error", () => setState({ status: s.active ? "connecting" : "offline" }));
  s.on("chat:activity", () => {
    for (const listener of chatActivityListeners) listener();
  });
  s.on("booking:created", (payload: unknown) => emitEvent("created", bookingOf(payload) ?? undefined));
  s.on("booking:updated", (payload: unknown) => {
    const booking = bookingOf(payload);
    emitEvent("updated", booking ?? undefined);
    const byCustomer = (payload as { byCustomer?: unknown }).byCustomer;
    if (booking && (byCustomer === "rescheduled" || byCustomer === "cancelled"))
      announceCustomerChange(booking, byCustomer);
  });
  // An estimate changed (its customer approved or declined it, docs/product.md#estimates): pages reload, and say so.
  s.on("estimate:updated", (payload: unknown) => {
    const estimate = (payload as { estimate?: { number?: unknown; status?: unknown; approvedOption?: unknown } } | null)
      ?.estimate;
    emitEvent("updated");
    const depositPaid = (payload as { depositPaid?: unknown } | null)?.depositPaid === true;
    if (depositPaid && typeof estimate?.number === "string")
      toast({ title: `Deposit paid on estimate ${estimate.number}`, description: "" });
    else if (estimate?.status === "declined" && typeof estimate.number === "string")
      toast({ title: `Estimate ${estimate.number} declined`, description: "The customer declined it on its page." });
    else if (estimate?.status === "approved" && typeof estimate.number === "string")
      toast({
        title: `Estimate ${estimate.number} approved`,
        description:
          typeof estimate.approvedOption === "string" ? `The customer chose ${estimate.approvedOption}.` : "",
      });
  });
  // An invoice changed (sent, voided or a payment recorded: docs/product.md#invoices, #payments): pages reload, and say so when it is paid.
  s.on("invoice:updated", (payload: unknown) => {
    const invoice = payload as { number?: unknown; status?: unknown } | null;
    emitEvent("updated");
    if (invoice?.status === "paid" && typeof invoice.number === "string")
      toast({ title: `Invoice ${invoice.number} paid in full`, description: "" });
  });
  s.on("booking:emergency", (payload: unknown) => {
    const booking = bookingOf(payload);
    const member = (payload as { memberPriority?: unknown } | null)?.memberPriority;
    if (booking)
      raiseEmergency({
        kind: "booking",
        key: `booking-${booking.id}`,
        booking,
        memberPriority: typeof member === "string" ? member : null,
      });
  });
  // Staff dismissed leads' alerts (on the dashboard, anywhere): their banners go here too, and lists reload.
  s.on(LEAD_ACKNOWLEDGED_EVENT, (payload: unknown) => {
    const leads = (payload as { leads?: Array<{ kind?: unknown; id?: unknown }> } | null)?.leads;
    if (!Array.isArray(leads)) return;
    const gone = new Set(leads.map((l) => `lead-${String(l.kind)}-${String(l.id)}`));
    setState({ alerts: state.alerts.filter((a) => !gone.has(a.key)) });
    emitEvent("lead");
  });
  s.on(LEAD_EMERGENCY_EVENT, (payload: unknown) => {
    const lead = (payload as { lead?: EmergencyLead } | null)?.lead;
    if (!lead || typeof lead.id !== "string" || typeof lead.href !== "string") return;
    raiseEmergency({ kind: "lead", key: `lead-${lead.kind}-${lead.id}`, lead });
    emitEvent("lead");
    for (const listener of chatActivityListeners) listener();
  });
}

function acquire() {
  holders++;
  clearTimeout(closeTimer);
  if (!socket && !opening) {
    opening = open()
      .catch(() => setState({ status: "offline" }))
      .finally(() => {
        opening = null;
      });
  }
}

function release() {
  holders = Math.max(0, holders - 1);
  if (holders > 0) return;
  // Moving between admin pages unmounts one and mounts the next; keep the connection across that.
  clearTimeout(closeTimer);
  closeTimer = setTimeout(() => {
    if (holders > 0) return;
    socket?.disconnect();
    socket = null;
    everReady = false;
    setState({ status: "connecting", alerts: [] });
  }, CLOSE_DELAY_MS);
}

/** A customer moved or cancelled their visit with the link in our email: every open admin page says so. */
function announceCustomerChange(booking: Booking, change: "rescheduled" | "cancelled") {
  const who = booking.customer?.name ?? "The customer";
  toast(
    change === "rescheduled"
      ? {
          title: `${who} moved booking #${booking.id}`,
          description: `${booking.summary}: now ${formatDateTime(booking.scheduledDate)}.`,
        }
      : {
          title: `${who} cancelled booking #${booking.id}`,
          description: `${booking.summary}: the time is free again.`,
        },
  );
}

function raiseEmergency(alert: EmergencyAlert) {
  setState({ alerts: [alert, ...state.alerts.filter((a) => a.key !== alert.key)] });
}

function dismissEmergency(key: string) {
  setState({ alerts: state.alerts.filter((a) => a.key !== key) });
}

const subscribe = (listener: () => void) => {
  stateListeners.add(listener);
  return () => stateListeners.delete(listener);
};
const serverState: LiveState = { status: "connecting", alerts: [] };

function useLiveState(): LiveState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => serverState,
  );
}

/**
 * Wraps an admin page: holds the shared connection while mounted, shows
 * emergency alerts, and (unless `refresh` is false) reloads the page's data
 * when a booking is created or changed anywhere.
 */
export function LiveAdmin({ children, refresh = true }: { children: ReactNode; refresh?: boolean }) {
  // Stable: the router's own function.
  const { revalidate } = useRevalidator();

  useEffect(() => {
    acquire();
    return release;
  }, []);

  useEffect(() => {
    if (!refresh) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const listener = () => {
      // A burst of events (a busy morning) becomes one reload.
      clearTimeout(timer);
      timer = setTimeout(() => revalidate(), REFRESH_DEBOUNCE_MS);
    };
    eventListeners.add(listener);
    return () => {
      clearTimeout(timer);
      eventListeners.delete(listener);
    };
  }, [refresh, revalidate]);

  return (
    <>
      <EmergencyAlerts />
      {children}
    </>
  );
}

/** Calls `listener` (debounced) on `chat:activity` and after a reconnect, while the page holds the live connection. */
export function useChatActivity(listener: () => void) {
  const ref = useLatest(listener);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const fire = () => {
      clearTimeout(timer);
      timer = setTimeout(() => ref.current(), REFRESH_DEBOUNCE_MS);
    };
    const onBooking = (event: BookingEvent) => {
      if (event === "resync") fire();
    };
    chatActivityListeners.add(fire);
    eventListeners.add(onBooking);
    return () => {
      clearTimeout(timer);
      chatActivityListeners.delete(fire);
      eventListeners.delete(onBooking);
    };
  }, [ref]);
}

/** "Live" / "Connecting…" / "Offline": whether this page is receiving updates. Shown once hydrated. */
export function LiveIndicator({ className }: { className?: string }) {
  const { status } = useLiveState();
  const hydrated = useHydrated();
  if (!hydrated) return null;
  const label = status === "live" ? "Live" : status === "connecting" ? "Connecting…" : "Offline";
  const title =
    status === "live"
      ? "New bookings and changes appear here automatically."
      : status === "connecting"
        ? "Connecting to live updates."
        : "Live updates are off. Reload the page to see changes.";
  return (
    <span
      title={title}
      data-live-status={status}
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-medium",
        status === "live"
          ? "border-green-200 bg-green-50 text-green-900"
          : status === "connecting"
            ? "border-slate-200 bg-slate-50 text-slate-700"
            : "border-amber-200 bg-amber-50 text-amber-900",
        className,
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          "size-2 rounded-full",
          status === "live" ? "bg-green-600" : status === "connecting" ? "bg-slate-400" : "bg-amber-500",
        )}
      />
      {label}
      <span className="sr-only">{status === "live" ? " updates on" : ""}</span>
    </span>
  );
}

const MAX_SHOWN = 3;

/** The emergency alerts, fixed below the site header so they are seen wherever the page is scrolled. */
function EmergencyAlerts() {
  const { alerts } = useLiveState();
  // The portal's target exists only in the browser.
  const mounted = useHydrated();
  if (!mounted || alerts.length === 0) return null;
  const shown = alerts.slice(0, MAX_SHOWN);
  return createPortal(
    <div className="pointer-events-none fixed inset-x-0 top-[4.5rem] z-[60] flex flex-col items-center gap-2 px-3 sm:px-4">
      {shown.map((alert) =>
        alert.kind === "booking" ? (
          <BookingAlert
            key={alert.key}
            alertKey={alert.key}
            booking={alert.booking}
            memberPriority={alert.memberPriority}
          />
        ) : (
          <LeadAlert key={alert.key} alertKey={alert.key} lead={alert.lead} />
        ),
      )}
      {alerts.length > MAX_SHOWN ? (
        <p className="pointer-events-auto rounded-full bg-red-800 px-3 py-1 text-xs font-semibold text-white shadow">
          +{alerts.length - MAX_SHOWN} more {alerts.length - MAX_SHOWN === 1 ? "emergency" : "emergencies"}
        </p>
      ) : null}
    </div>,
    document.body,
  );
}

function BookingAlert({
  alertKey,
  booking,
  memberPriority,
}: {
  alertKey: string;
  booking: Booking;
  memberPriority: string | null;
}) {
  const customer = booking.customer;
  const name = customer?.name ?? `Customer #${booking.customerId}`;
  return (
    <AlertCard
      id={alertKey}
      title={`Emergency booking #${booking.id}: ${name}`}
      detail={
        <>
          {memberPriority ? <strong className="block font-bold text-white">{memberPriority}</strong> : null}
          {booking.summary}
          {booking.scheduledDate ? <> · {formatDateTime(booking.scheduledDate)}</> : null}
        </>
      }
      name={name}
      phone={customer?.phone ?? null}
    />
  );
}

/** A contact message or a chat that is an emergency: call them, or open it in the inbox (a chat, to take it over). */
function LeadAlert({ alertKey, lead }: { alertKey: string; lead: EmergencyLead }) {
  const name = lead.name ?? "A website chat visitor";
  return (
    <AlertCard
      id={alertKey}
      title={lead.kind === "contact" ? `Emergency message: ${name}` : `Emergency in the chat: ${name}`}
      detail={<>&ldquo;{lead.summary}&rdquo;</>}
      name={name}
      phone={lead.phone}
      open={{
        href: lead.href,
        label: lead.kind === "contact" ? "Open the message" : "Open the chat to take it over",
      }}
    />
  );
}

const alertButton =
  "inline-flex h-10 items-center gap-2 rounded-md px-4 text-sm font-bold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";

function AlertCard({
  id,
  title,
  detail,
  name,
  phone,
  open,
}: {
  id: string;
  title: string;
  detail: ReactNode;
  name: string;
  phone: string | null;
  open?: { href: string; label: string };
}) {
  return (
    <div
      role="alert"
      aria-labelledby={`emergency-${id}-title`}
      className="pointer-events-auto relative w-full max-w-2xl rounded-xl border-2 border-red-900 bg-red-700 p-4 pr-12 text-white shadow-2xl ring-4 ring-red-700/25"
    >
      <div className="flex items-start gap-3">
        <Siren aria-hidden="true" className="mt-0.5 size-6 shrink-0 motion-safe:animate-pulse" />
        <div className="min-w-0 flex-1">
          <p id={`emergency-${id}-title`} className="text-base font-bold">
            {title}
          </p>
          <p className="mt-0.5 break-words text-sm text-red-50">{detail}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            {phone ? (
              <a href={telHref(phone)} className={cn(alertButton, "bg-white text-red-800 hover:bg-red-50")}>
                <Phone aria-hidden="true" className="size-4" />
                Call {name} at {phone}
              </a>
            ) : null}
            {open ? (
              <Link
                to={open.href}
                onClick={() => dismissEmergency(id)}
                className={cn(alertButton, "border border-white/70 text-white hover:bg-red-800")}
              >
                <Inbox aria-hidden="true" className="size-4" />
                {open.label}
              </Link>
            ) : null}
          </div>
        </div>
      </div>
      <button
        type="button"
        onClick={() => dismissEmergency(id)}
        className="absolute right-3 top-3 inline-flex size-11 items-center justify-center rounded-md text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-white"
        aria-label={`Dismiss emergency alert for ${name}`}
      >
        <X aria-hidden="true" className="size-5" />
      </button>
    </div>
  );
}
