/** /admin/calls' page and the dashboard's "Calls to return" (docs/product.md#calls). */
import { Form, Link, useNavigation } from "@remix-run/react";
import { PhoneCall, PhoneMissed } from "lucide-react";
import { formatDateTime } from "@app/shared/time";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { cn } from "~/utils/cn";
import type { CallItem, CallsShown } from "./calls-page.server";

/** A link a finger can hit on a phone (44 px high), text-sized at a desk. */
const LINK = "inline-flex min-h-11 min-w-11 items-center text-brand-700 underline md:min-h-0";

/** The text-back of a call, in words: sent, or why not. */
const TEXT_BACK: Record<NonNullable<CallItem["textBack"]>, string> = {
  owed: "Texting back…",
  sent: "Texted back",
  recent: "Not texted: texted back within the hour",
  opted_out: "Not texted: replied STOP",
  not_textable: "Not texted: cannot take texts",
  failed: "Text-back failed",
};

export const callsHref = ({ shown, page }: { shown: CallsShown; page?: number }) => {
  const params = new URLSearchParams();
  if (shown === "to-call-back") params.set("show", shown);
  if (page && page > 1) params.set("page", String(page));
  const qs = params.toString();
  return qs ? `/admin/calls?${qs}` : "/admin/calls";
};

/** All calls, or those still to call back, with their counts; the current one marked. */
export function CallsFilter({ shown, total, toCallBack }: { shown: CallsShown; total: number; toCallBack: number }) {
  const tabs = [
    { shown: "all" as const, label: "All calls", count: shown === "all" ? total : null },
    { shown: "to-call-back" as const, label: "To call back", count: toCallBack },
  ];
  return (
    <nav aria-label="Calls shown" className="mb-4 flex flex-wrap gap-2">
      {tabs.map((tab) => (
        <Link
          key={tab.shown}
          to={callsHref({ shown: tab.shown })}
          aria-current={tab.shown === shown ? "page" : undefined}
          className={cn(
            buttonVariants({ variant: tab.shown === shown ? "default" : "outline", size: "sm" }),
            "min-h-11 md:min-h-9",
          )}
        >
          {tab.label}
          {tab.count !== null ? ` (${tab.count})` : null}
        </Link>
      ))}
    </nav>
  );
}

/** One call: who, when, what became of it, and what is left to do. */
function CallRow({ call }: { call: CallItem }) {
  const navigation = useNavigation();
  const marking =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "called-back" &&
    navigation.formData.get("callId") === String(call.id);
  const who = call.customer ? call.customer.name : call.phone;
  return (
    <li data-call={call.id} className="grid gap-2 py-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,2fr)_auto] sm:items-center">
      <div className="min-w-0">
        <p className="wrap-anywhere font-semibold text-slate-900">
          {call.customer ? (
            <Link to={`/admin/customers/${call.customer.id}`} className={LINK}>
              {who}
            </Link>
          ) : (
            who
          )}
        </p>
        <p className="text-sm text-slate-700">
          {call.tel ? (
            <a href={`tel:${call.tel}`} className="inline-flex min-h-11 items-center underline md:min-h-0">
              {call.customer ? call.phone : "Call back"}
            </a>
          ) : null}
          {call.tel ? " · " : null}
          <time dateTime={call.at}>{formatDateTime(call.at)}</time>
        </p>
      </div>
      <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        {call.outcome === "answered" ? (
          <Badge variant="secondary">
            <PhoneCall aria-hidden="true" className="size-3" />
            Answered
          </Badge>
        ) : call.outcome === "missed" ? (
          <Badge variant="accent">
            <PhoneMissed aria-hidden="true" className="size-3" />
            {call.afterHours ? "Missed, after hours" : "Missed"}
          </Badge>
        ) : (
          <Badge variant="outline">Ringing</Badge>
        )}
        {call.emergency ? <Badge variant="destructive">Emergency: pressed 1</Badge> : null}
        {call.textBack ? <span className="text-slate-700">{TEXT_BACK[call.textBack]}</span> : null}
        {call.bookingId ? (
          <Link to={`/admin/bookings/${call.bookingId}`} className={LINK}>
            {`Booking #${call.bookingId}`}
          </Link>
        ) : null}
        {call.thread ? (
          <Link to={call.thread} className={LINK}>
            Text conversation
          </Link>
        ) : null}
      </div>
      <div className="sm:text-right">
        {call.toCallBack ? (
          <Form method="post" action="/admin/calls" preventScrollReset>
            <input type="hidden" name="intent" value="called-back" />
            <input type="hidden" name="callId" value={call.id} />
            <Button type="submit" variant="outline" size="sm" disabled={marking} className="min-h-11 md:min-h-9">
              {marking ? "Saving..." : "Called back"}
              <span className="sr-only"> {who}</span>
            </Button>
          </Form>
        ) : call.calledBack ? (
          <p className="text-sm text-slate-600">
            {`Called back${call.calledBack.by ? ` by ${call.calledBack.by}` : ""}, `}
            <time dateTime={call.calledBack.at}>{formatDateTime(call.calledBack.at)}</time>
          </p>
        ) : null}
      </div>
    </li>
  );
}

export function CallList({ calls, label }: { calls: CallItem[]; label: string }) {
  return (
    <ul aria-label={label} className="divide-y divide-slate-100">
      {calls.map((call) => (
        <CallRow key={call.id} call={call} />
      ))}
    </ul>
  );
}
