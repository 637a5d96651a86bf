import { CALENDAR_FEED_INTENTS } from "~/features/calendar/calendar-intents";
import { Form, useNavigation } from "@remix-run/react";
import { CalendarPlus, Copy, History, RefreshCw, XCircle } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Outcome } from "~/components/ui/outcome";
import type { AuditJson } from "./audit.server";
import { describeAudit } from "./audit-format";
import { UndoMergeButton } from "~/features/customers/customer-record-view";
import { formatDateTime } from "@app/shared/time";

/** The newest staff changes: who, what, when. */
export function AuditLogSection({ entries }: { entries: AuditJson[] }) {
  return (
    <section aria-labelledby="audit-heading" className="mt-8">
      <h2 id="audit-heading" className="mb-3 flex items-center gap-2 text-lg font-bold text-slate-900">
        <History aria-hidden="true" className="size-5 text-brand-700" />
        Recent changes
      </h2>
      {entries.length ? (
        <ol className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white shadow-sm">
          {entries.map((e) => (
            <li
              key={e.id}
              className="flex flex-col gap-0.5 px-4 py-3 text-sm sm:flex-row sm:items-baseline sm:justify-between"
            >
              {/* A long address (60 characters, no space) wraps on a phone instead of widening the page. */}
              <span className="min-w-0 wrap-anywhere">
                <span className="font-semibold">{e.actorEmail}</span> {describeAudit(e)}
              </span>
              <span className="flex flex-wrap items-center gap-2">
                <time dateTime={e.createdAt} className="text-xs text-slate-600">
                  {formatDateTime(e.createdAt)}
                </time>
                {e.undo?.until ? (
                  <UndoMergeButton auditId={e.id} customerId={e.undo.customerId} until={e.undo.until} />
                ) : null}
              </span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="rounded-xl border border-dashed border-slate-300 p-4 text-sm text-slate-600">
          No role or status changes yet.
        </p>
      )}
    </section>
  );
}

/**
 * The admin's private calendar address for Google Calendar or Outlook: create, copy, replace, turn off;
 * what a button did is said in the section, in view and focused (`posted`, the dashboard's answer).
 */
export function CalendarFeedSection({
  url,
  posted,
}: {
  url: string | null;
  posted?: { ok: boolean; message: string; at?: number } | null;
}) {
  const navigation = useNavigation();
  const intent = navigation.formData?.get("intent");
  const busy = navigation.state !== "idle" && typeof intent === "string" && intent.startsWith("calendar-feed");
  const [copied, setCopied] = useState(false);
  /** Never rejects: a browser that refuses the clipboard still shows "Copied" (the address is on screen to copy by hand). */
  const copy = async (text: string) => {
    await navigator.clipboard?.writeText(text).catch(() => undefined);
    setCopied(true);
    setTimeout(() => setCopied(false), 2_000);
  };
  return (
    <section aria-labelledby="feed-heading" className="mt-8 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="feed-heading" className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <CalendarPlus aria-hidden="true" className="size-5 text-brand-700" />
        Calendar feed
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Subscribe to your bookings from Google Calendar or Outlook (“Add calendar from URL”). Keep the address private:
        anyone who has it can read the bookings. Replacing it stops the old one.
      </p>
      {posted ? (
        <Outcome tone={posted.ok ? "success" : "destructive"} revealKey={posted.at ?? posted.message} className="mt-3">
          {posted.message}
        </Outcome>
      ) : null}
      {url ? (
        <div className="mt-3 space-y-3">
          <label htmlFor="feed-url" className="block text-sm font-medium text-slate-800">
            Your calendar address
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <input
              id="feed-url"
              readOnly
              value={url}
              onFocus={(e) => e.currentTarget.select()}
              className="h-10 w-full rounded-md border border-slate-300 bg-slate-50 px-3 font-mono text-xs"
            />
            <Button type="button" variant="outline" onClick={() => void copy(url)}>
              <Copy aria-hidden="true" />
              {copied ? "Copied" : "Copy"}
            </Button>
          </div>
          <p aria-live="polite" className="sr-only">
            {copied ? "Calendar address copied" : ""}
          </p>
          <Form method="post" className="flex flex-wrap gap-2">
            <Button
              type="submit"
              name="intent"
              value={CALENDAR_FEED_INTENTS.rotate}
              variant="secondary"
              size="sm"
              disabled={busy}
            >
              <RefreshCw aria-hidden="true" /> Replace address
            </Button>
            <Button
              type="submit"
              name="intent"
              value={CALENDAR_FEED_INTENTS.revoke}
              variant="ghost"
              size="sm"
              disabled={busy}
            >
              <XCircle aria-hidden="true" /> Turn off
            </Button>
          </Form>
        </div>
      ) : (
        <Form method="post" className="mt-3">
          <Button type="submit" name="intent" value={CALENDAR_FEED_INTENTS.rotate} disabled={busy}>
            <CalendarPlus aria-hidden="true" /> Create calendar address
          </Button>
        </Form>
      )}
    </section>
  );
}
