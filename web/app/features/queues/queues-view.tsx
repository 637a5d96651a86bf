/** /admin/queues' page (docs/product.md#queues): the outbox's notifications and each queue's jobs, with Retry on what failed. */
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { RotateCcw } from "lucide-react";
import { formatDateTime } from "@app/shared/time";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { AdminPageHeader } from "~/components/staff/staff-frame";
import { AdminShell } from "~/features/live/admin-shell";
import type { queuesLoader } from "./queues-page.server";

const labels = { email: "Emails", chat: "Chat replies", notifications: "Live notifications" } as const;

/** The outbox's counts' labels: what was sent and cancelled is counted over the last `hours`. */
const outboxLabels = (hours: number) =>
  ({
    pending: "Pending",
    scheduled: "Scheduled",
    sent: `Sent (last ${hours} h)`,
    failed: "Failed",
    cancelled: `Cancelled (last ${hours} h)`,
  }) as const;

function RetryButton({ queue, jobId, disabled }: { queue: string; jobId: string; disabled: boolean }) {
  return (
    <Form method="post">
      <input type="hidden" name="queue" value={queue} />
      <input type="hidden" name="jobId" value={jobId} />
      <Button type="submit" size="sm" variant="outline" disabled={disabled} aria-label={`Retry job ${jobId}`}>
        <RotateCcw aria-hidden="true" /> Retry
      </Button>
    </Form>
  );
}

/** A row of counters; a non-zero alarming one is shown in red. */
function Counts({ items }: { items: Array<{ label: string; value: number; alarming: boolean }> }) {
  return (
    <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-5">
      {items.map(({ label, value, alarming }) => (
        <div key={label} className={`rounded-md p-3 ${alarming && value ? "bg-red-50 text-red-900" : "bg-slate-50"}`}>
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</dt>
          <dd className="text-2xl font-bold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

interface Failure {
  kind: string;
  id: string;
  queue: string;
  reason: string;
  attempts: number;
  failedAt: string | null;
}

/** Work that failed for good, each with its error and a Retry button. */
function Failures(props: { caption: string; heading: [string, string]; rows: Failure[]; disabled: boolean }) {
  return (
    <table className="mt-4 w-full text-left text-sm">
      <caption className="sr-only">{props.caption}</caption>
      <thead>
        <tr className="border-b border-slate-200">
          {[...props.heading, "Attempts", "Failed at"].map((name) => (
            <th key={name} scope="col" className="py-2 pr-3">
              {name}
            </th>
          ))}
          <th scope="col" className="py-2">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {props.rows.map((row) => (
          <tr key={row.id} className="border-b border-slate-100 align-top">
            <td className="py-2 pr-3 font-mono text-xs">
              {row.kind}
              <br />
              {row.id}
            </td>
            <td className="max-w-md py-2 pr-3 break-words">{row.reason}</td>
            <td className="py-2 pr-3">{row.attempts}</td>
            <td className="py-2 pr-3">{formatDateTime(row.failedAt, "—")}</td>
            <td className="py-2">
              <RetryButton queue={row.queue} jobId={row.id} disabled={props.disabled} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function QueuesPage() {
  const { outbox, queues } = useLoaderData<typeof queuesLoader>();
  const navigation = useNavigation();
  return (
    <AdminShell refresh={false}>
      <AdminPageHeader
        back={{ to: "/dashboard", label: "Back to Dashboard" }}
        title="Queues"
        description="Background work: emails to staff and customers, chat replies and live alerts. Failed jobs stay here until retried."
      />
      <section aria-labelledby="outbox" className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 id="outbox" className="text-xl font-semibold">
          Notifications
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Every email and live alert is stored with the change that caused it, then sent.
          {outbox.oldestPendingSince
            ? ` The oldest one waiting has been due since ${formatDateTime(outbox.oldestPendingSince)}.`
            : " None is waiting."}
        </p>
        <Counts
          items={Object.entries(outboxLabels(outbox.recentHours)).map(([k, label]) => ({
            label,
            value: outbox.counts[k as keyof typeof outbox.counts],
            alarming: k === "failed",
          }))}
        />
        {outbox.failed.length ? (
          <Failures
            caption="Failed notifications"
            heading={["Notification", "Last error"]}
            rows={outbox.failed.map((row) => ({
              kind: row.kind,
              id: row.key,
              queue: row.queue,
              reason: row.lastError,
              attempts: row.attempts,
              failedAt: row.failedAt,
            }))}
            disabled={navigation.state !== "idle"}
          />
        ) : (
          <p className="mt-4 text-sm text-slate-600">No failed notifications.</p>
        )}
      </section>
      {!queues ? (
        <Alert tone="destructive" className="mt-6" role="alert">
          The queue service (Redis) is not answering. Messages and bookings are still stored, and will be sent when it
          is back.
        </Alert>
      ) : (
        <div className="mt-6 space-y-8">
          {queues.map((q) => (
            <section
              key={q.name}
              aria-labelledby={`queue-${q.name}`}
              className="rounded-lg border border-slate-200 bg-white p-5"
            >
              <h2 id={`queue-${q.name}`} className="text-xl font-semibold">
                {labels[q.name]} <span className="text-sm font-normal text-slate-600">({q.name})</span>
              </h2>
              <Counts
                items={(["waiting", "active", "delayed", "failed", "completed"] as const).map((k) => ({
                  label: k,
                  value: q.counts[k],
                  alarming: k === "failed",
                }))}
              />
              {q.failed.length ? (
                <Failures
                  caption={`Failed ${q.name} jobs`}
                  heading={["Job", "Reason"]}
                  rows={q.failed.map((job) => ({
                    kind: job.name,
                    id: job.id,
                    queue: q.name,
                    reason: job.failedReason,
                    attempts: job.attemptsMade,
                    failedAt: job.finishedOn,
                  }))}
                  disabled={navigation.state !== "idle"}
                />
              ) : (
                <p className="mt-4 text-sm text-slate-600">
                  No failed jobs{q.name === "chat" ? "" : " (failed notifications are listed above)"}.
                </p>
              )}
            </section>
          ))}
        </div>
      )}
    </AdminShell>
  );
}
