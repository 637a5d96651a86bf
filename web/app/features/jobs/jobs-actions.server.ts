import type { AppLoadContext } from "@remix-run/node";
import { PHOTO_MAX_BYTES } from "@app/shared/api/job-record";
import { onTheWayFormSchema, visitStatusFormSchema, workingDaysFormSchema } from "@app/shared/api/technician-day";
import { failure } from "@app/shared/result";
import { answer, firstError, refused, submissionOf, UNKNOWN_ACTION } from "~/utils/action.server";
import { requireRole, type SessionUser } from "~/utils/auth.server";
import { discardUploads, readForm } from "~/utils/form.server";
import { jobRecordAction } from "./job-record-actions.server";
import {
  isInvoiceIntent,
  isJobIntent,
  ON_THE_WAY_INTENT,
  SET_STATUS_INTENT,
  WORKING_DAYS_INTENT,
} from "./jobs-intents";
import { announceOnTheWay, setVisitStatus, setWorkingDays } from "./jobs.server";
import { visitOfPost, withVisit } from "./posted-visit.server";
import { visitInvoiceAction } from "./visit-invoice.server";

/**
 * `set-status` (bookingId, status: in_progress | completed), `on-the-way` (bookingId, minutes: 15 | 30 | 45 | 60)
 * and `working-days` (days: 0-6, repeated), each checked with its schema (packages/shared/src/api/technician-day.ts);
 * the job record's `job-*` forms (web/app/features/jobs/job-record-actions.server.ts); a visit's invoice's
 * `invoice-send:<id>` and `invoice-payment:<id>` (web/app/features/jobs/visit-invoice.server.ts). Each answer
 * about a visit carries it as it is once the post is done (`view`), so the page shows it at once.
 */
export async function jobsAction(request: Request, context: AppLoadContext) {
  const viewer = await requireRole(request, context, ["technician", "admin"]);
  // Photos sent without JavaScript stream to disk (utils/form.server.ts), removed once answered.
  const form = await readForm(request, { maxFileBytes: PHOTO_MAX_BYTES });
  try {
    return withVisit(await dispatch(context, viewer, form), await visitOfPost(context, viewer, form));
  } finally {
    await discardUploads(form);
  }
}

async function dispatch(context: AppLoadContext, viewer: SessionUser, form: FormData) {
  const intent = form.get("intent");
  if (isJobIntent(intent)) return jobRecordAction(context, viewer, form, intent);
  if (isInvoiceIntent(intent)) return visitInvoiceAction(context, viewer, form, intent);
  switch (intent) {
    case SET_STATUS_INTENT: {
      const submission = submissionOf(form, visitStatusFormSchema);
      if (submission.status !== "success")
        return refused(submission, { intent: SET_STATUS_INTENT, message: firstError(submission) });
      return answer(submission, await setVisitStatus(context, viewer, submission.value), {
        intent: SET_STATUS_INTENT,
      });
    }
    case ON_THE_WAY_INTENT: {
      const submission = submissionOf(form, onTheWayFormSchema);
      if (submission.status !== "success")
        return refused(submission, { intent: ON_THE_WAY_INTENT, message: firstError(submission) });
      return answer(submission, await announceOnTheWay(context, viewer, submission.value), {
        intent: ON_THE_WAY_INTENT,
      });
    }
    case WORKING_DAYS_INTENT: {
      const submission = submissionOf(form, workingDaysFormSchema);
      if (submission.status !== "success")
        return refused(submission, { intent: WORKING_DAYS_INTENT, message: "Choose days of the week" });
      return answer(submission, await setWorkingDays(context, viewer, submission.value), {
        intent: WORKING_DAYS_INTENT,
      });
    }
    default:
      return answer(null, failure(400, UNKNOWN_ACTION));
  }
}
