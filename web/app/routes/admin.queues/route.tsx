import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { retryJobFormSchema } from "@app/shared/api/queue-retry";
import { retryFailedJob, retryNotification } from "~/features/queues/queues-page.server";
import { requireAdmin } from "~/utils/auth.server";
import { answer, readSubmission, refused } from "~/utils/action.server";
import { failure, success } from "@app/shared/result";
import { staffPage } from "~/utils/route-handle";
import { queuesLoader } from "~/features/queues/queues-page.server";
import { QueuesPage } from "~/features/queues/queues-view";

export const handle = staffPage;

export const meta: MetaFunction = () => [{ title: "Queues | Staff" }, { name: "robots", content: "noindex" }];

export const loader = (args: LoaderFunctionArgs) => queuesLoader(args);

/** A failed job's Retry button (retryJobFormSchema). The page shows the counts again; every answer is a 200. */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  const { submission } = await readSubmission(request, retryJobFormSchema);
  const options = { status: 200 } as const;
  if (submission.status !== "success") return refused(submission, { ...options, message: "Unknown job" });
  const { queue, jobId } = submission.value;
  // A notification is retried through its outbox row (it is owed again even if Redis is down now); other jobs in BullMQ.
  const retried = await retryNotification(context, jobId)
    .then((done) => done || retryFailedJob(context, queue, jobId))
    .catch(() => false);
  const result = retried
    ? success({ message: `Job ${jobId} is queued again.` })
    : failure(409, `Job ${jobId} could not be retried.`);
  return answer(submission, result, options);
}

export { AccessDeniedBoundary as ErrorBoundary } from "~/features/auth/access-denied";

export default function Route() {
  return <QueuesPage />;
}
