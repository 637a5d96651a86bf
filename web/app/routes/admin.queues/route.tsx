import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { ArrowLeft, RotateCcw } from "lucide-react";
import { formatDateTime } from "@app/shared/time";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { isQueueName, queueStates, retryFailedJob } from "~/features/admin/queues.server";
import { requireAdmin } from "~/utils/auth.server";

export { AccessDeniedBoundary as ErrorBoundary } from "~/features/auth/access-denied";

export const meta: MetaFunction = () => [{ title: "Queues | Staff" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return { queues: await queueStates(context) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  const form = await request.formData();
  const queue = form.get("queue");
  const jobId = form.get("jobId");
  if (!isQueueName(queue) || typeof jobId !== "string" || !jobId) return { ok: false, message: "Unknown job" };
  const retried = await retryFailedJob(context, queue, jobId).catch(() => false);
  return retried ? { ok: true, message: `Job ${jobId} is queued again.` } : { ok: false, message: `Job ${jobId} could not be retried.` };
}

const labels = { email: "Emails", chat: "Chat replies", notifications: "Live notifications" } as const;

export default function QueuesPage() {
  const { queues } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <Link to="/dashboard" className={buttonVariants({ variant: "ghost", size: "sm" })}>
        <ArrowLeft aria-hidden="true" /> Back to Dashboard
      </Link>
      <h1 className="mt-4 text-3xl font-bold">Queues</h1>
      <p className="mt-2 text-slate-700">Background work: emails to staff and customers, chat replies and live alerts. Failed jobs stay here until retried.</p>
      {!queues ? (
        <Alert tone="destructive" className="mt-6" role="alert">
          The queue service (Redis) is not answering. Messages and bookings are still stored, and will be sent when it is back.
        </Alert>
      ) : (
        <div className="mt-6 space-y-8">
          {queues.map((q) => (
            <section key={q.name} aria-labelledby={`queue-${q.name}`} className="rounded-lg border border-slate-200 p-5">
              <h2 id={`queue-${q.name}`} className="text-xl font-semibold">
                {labels[q.name]} <span className="text-sm font-normal text-slate-600">({q.name})</span>
              </h2>
              <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-5">
                {(["waiting", "active", "delayed", "failed", "completed"] as const).map((k) => (
                  <div key={k} className={`rounded-md p-3 ${k === "failed" && q.counts.failed ? "bg-red-50 text-red-900" : "bg-slate-50"}`}>
                    <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{k}</dt>
                    <dd className="text-2xl font-bold">{q.counts[k]}</dd>
                  </div>
                ))}
              </dl>
              {q.failed.length ? (
                <table className="mt-4 w-full text-left text-sm">
                  <caption className="sr-only">Failed {q.name} jobs</caption>
                  <thead>
                    <tr className="border-b border-slate-200">
                      <th scope="col" className="py-2 pr-3">Job</th>
                      <th scope="col" className="py-2 pr-3">Reason</th>
                      <th scope="col" className="py-2 pr-3">Attempts</th>
                      <th scope="col" className="py-2 pr-3">Failed at</th>
                      <th scope="col" className="py-2"><span className="sr-only">Actions</span></th>
                    </tr>
                  </thead>
                  <tbody>
                    {q.failed.map((job) => (
                      <tr key={job.id} className="border-b border-slate-100 align-top">
                        <td className="py-2 pr-3 font-mono text-xs">{job.name}<br />{job.id}</td>
                        <td className="max-w-md py-2 pr-3 break-words">{job.failedReason}</td>
                        <td className="py-2 pr-3">{job.attemptsMade}</td>
                        <td className="py-2 pr-3">{formatDateTime(job.finishedOn, "—")}</td>
                        <td className="py-2">
                          <Form method="post">
                            <input type="hidden" name="queue" value={q.name} />
                            <input type="hidden" name="jobId" value={job.id} />
                            <Button type="submit" size="sm" variant="outline" disabled={navigation.state !== "idle"} aria-label={`Retry job ${job.id}`}>
                              <RotateCcw aria-hidden="true" /> Retry
                            </Button>
                          </Form>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ) : (
                <p className="mt-4 text-sm text-slate-600">No failed jobs.</p>
              )}
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
