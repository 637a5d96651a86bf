/** /admin/customers/merge's page: what merging a chat lead's customer record into the older one would move, confirmed before it is done. */
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { GitMerge } from "lucide-react";
import type { MergePreview } from "@app/shared/booking/merge-customer.server";
import { MERGE_UNDO_DAYS } from "@app/shared/booking/merge-record";
import { formatDate, formatDateTime } from "@app/shared/time";
import { Button, buttonVariants } from "~/components/ui/button";
import { AdminPageHeader, PostedOutcome } from "~/components/staff/staff-frame";
import { AdminShell } from "~/features/live/admin-shell";
import { StatusBadge } from "~/components/staff/badges";
import type { confirmMergeAction } from "./customer-record-actions.server";
import { useActionOutcome } from "~/utils/use-action-outcome";
import type { mergeLoader } from "./merge-page.server";

export function MergePage() {
  const { preview, refusal } = useLoaderData<typeof mergeLoader>();
  const posted = useActionOutcome<typeof confirmMergeAction>();
  const busy = useNavigation().state === "submitting";
  const back = { to: "/admin/bookings", label: "Back to Bookings" };
  if (!preview)
    return (
      <AdminShell>
        <AdminPageHeader back={back} title="These records cannot be merged" />
        <p className="text-slate-700">{refusal}</p>
      </AdminShell>
    );
  const { lead, target, moves, kept } = preview;
  return (
    <AdminShell>
      <AdminPageHeader
        back={back}
        title="Merge customer records"
        description={`Customer #${lead.id} joins customer #${target.id}, which has the same email. Check with the customer first that they are the same person.`}
      />
      {posted && !posted.ok ? <PostedOutcome ok={false} message={posted.message} /> : null}
      <div className="grid gap-4 md:grid-cols-2">
        <RecordCard
          heading={`Merged away: customer #${lead.id}`}
          record={lead}
          note="Hidden once merged; kept for undo."
        />
        <RecordCard heading={`Kept: customer #${target.id}`} record={target} note="Keeps its own details." />
      </div>
      <Moves moves={moves} leadId={lead.id} targetId={target.id} />
      <section
        aria-labelledby="kept-heading"
        className="mt-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <h2 id="kept-heading" className="text-lg font-bold text-slate-900">
          Details kept on customer #{target.id}
        </h2>
        <dl className="mt-2 grid grid-cols-[minmax(0,1fr)] gap-x-6 gap-y-1 text-sm wrap-anywhere sm:grid-cols-[8rem_minmax(0,1fr)]">
          <dt className="font-medium text-slate-600">Name</dt>
          <dd>{kept.name}</dd>
          <dt className="font-medium text-slate-600">Email</dt>
          <dd>{kept.email}</dd>
          <dt className="font-medium text-slate-600">Phone</dt>
          <dd>{kept.phone}</dd>
          <dt className="font-medium text-slate-600">Address</dt>
          <dd>
            {kept.address ?? "None"}
            {kept.addressFromMerged ? ` (from customer #${lead.id}: #${target.id} has none)` : ""}
          </dd>
          <dt className="font-medium text-slate-600">Account</dt>
          <dd>{kept.accountLinked ? "Linked" : "None"}</dd>
        </dl>
      </section>
      <Form method="post" className="mt-6 flex flex-wrap items-center gap-3">
        <input type="hidden" name="bookingId" value={preview.bookingId} />
        <Button type="submit" disabled={busy}>
          <GitMerge aria-hidden="true" />
          {`Merge #${lead.id} into #${target.id}`}
        </Button>
        <Link to="/admin/bookings" className={buttonVariants({ variant: "outline" })}>
          Cancel
        </Link>
        <p className="text-sm text-slate-600">{`You can undo the merge for ${MERGE_UNDO_DAYS} days.`}</p>
      </Form>
    </AdminShell>
  );
}

function RecordCard({ heading, record, note }: { heading: string; record: MergePreview["lead"]; note: string }) {
  return (
    <section aria-label={heading} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 className="text-lg font-bold text-slate-900">
        <Link
          to={`/admin/customers/${record.id}`}
          className="inline-flex min-h-11 items-center underline-offset-2 hover:underline sm:min-h-0"
        >
          {heading}
        </Link>
      </h2>
      <p className="text-xs text-slate-600">{note}</p>
      <dl className="mt-2 grid grid-cols-[6rem_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm wrap-anywhere">
        <dt className="font-medium text-slate-600">Name</dt>
        <dd>{record.name}</dd>
        <dt className="font-medium text-slate-600">Email</dt>
        <dd className="break-all">{record.email}</dd>
        <dt className="font-medium text-slate-600">Phone</dt>
        <dd>{record.phone}</dd>
        <dt className="font-medium text-slate-600">Address</dt>
        <dd>{record.address ?? "None"}</dd>
        <dt className="font-medium text-slate-600">Account</dt>
        <dd>{record.userId === null ? "None" : "Linked"}</dd>
        <dt className="font-medium text-slate-600">On file since</dt>
        <dd>{formatDate(new Date(record.createdAt))}</dd>
      </dl>
    </section>
  );
}

/** Exactly what moves from the merged record to the kept one. */
function Moves({ moves, leadId, targetId }: { moves: MergePreview["moves"]; leadId: number; targetId: number }) {
  return (
    <section aria-labelledby="moves-heading" className="mt-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="moves-heading" className="text-lg font-bold text-slate-900">
        {`What moves from #${leadId} to #${targetId}`}
      </h2>
      <h3 className="mt-3 font-semibold text-slate-900">{`Visits (${moves.bookings.length})`}</h3>
      <ul className="mt-1 space-y-1 text-sm">
        {moves.bookings.map((b) => (
          <li key={b.id} className="flex flex-wrap items-center gap-2">
            <Link
              to={`/admin/bookings/${b.id}`}
              className="inline-flex min-h-11 min-w-11 items-center font-medium text-brand-700 underline sm:min-h-0 sm:min-w-0"
            >{`#${b.id}`}</Link>
            <span>{b.summary}</span>
            <span className="text-slate-600">{formatDateTime(new Date(b.scheduledDate))}</span>
            <StatusBadge status={b.status} />
          </li>
        ))}
      </ul>
      <h3 className="mt-3 font-semibold text-slate-900">{`Requests (${moves.requests.length})`}</h3>
      <ul className="mt-1 space-y-1 text-sm">
        {/* A request is known by its visit's number, as everywhere; one whose visit was deleted has none to show. */}
        {moves.requests.map((r) => (
          <li key={r.id} className="flex flex-wrap items-center gap-2">
            {r.bookingId === null ? (
              <span>Visit removed</span>
            ) : (
              <Link
                to={`/admin/bookings/${r.bookingId}`}
                className="inline-flex min-h-11 min-w-11 items-center font-medium text-brand-700 underline sm:min-h-0 sm:min-w-0"
              >{`#${r.bookingId}`}</Link>
            )}
            <span>{`${r.serviceType}, received ${formatDateTime(new Date(r.createdAt))}`}</span>
          </li>
        ))}
      </ul>
      <h3 className="mt-3 font-semibold text-slate-900">{`Notes (${moves.notes.length})`}</h3>
      <ul className="mt-1 space-y-1 text-sm">
        {moves.notes.map((n) => (
          <li key={n.id} className="whitespace-pre-line">{`${n.text} (${n.authorEmail})`}</li>
        ))}
      </ul>
      <h3 className="mt-3 font-semibold text-slate-900">
        {`Estimates (${moves.estimates.length}) and invoices (${moves.invoices.length}), with their payments`}
      </h3>
      <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm">
        {moves.estimates.map((e) => (
          <li key={`e${e.id}`}>
            <Link to={`/admin/estimates/${e.id}`} className="font-medium text-brand-700 underline">
              {e.number}
            </Link>
          </li>
        ))}
        {moves.invoices.map((i) => (
          <li key={`i${i.id}`}>
            <Link to={`/admin/invoices/${i.id}`} className="font-medium text-brand-700 underline">
              {i.number}
            </Link>
          </li>
        ))}
      </ul>
      <h3 className="mt-3 font-semibold text-slate-900">{`Plan memberships (${moves.memberships.length})`}</h3>
      <ul className="mt-1 space-y-1 text-sm">
        {moves.memberships.map((m) => (
          <li key={m.id}>{`${m.planName} (${m.statusLabel})`}</li>
        ))}
      </ul>
    </section>
  );
}
