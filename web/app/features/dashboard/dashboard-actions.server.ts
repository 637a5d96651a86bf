import { CALENDAR_FEED_INTENTS } from "~/features/calendar/calendar-intents";
import type { ActionFunctionArgs } from "@remix-run/node";
import { acknowledgeEmergencySchema, calendarFeedFormSchema } from "@app/shared/api/admin";
import { success } from "@app/shared/result";
import { rotateFeed, revokeFeed } from "~/features/calendar/public.server";
import { answer, firstError, refused, submissionOf } from "~/utils/action.server";
import { requireAdmin } from "~/utils/auth.server";
import { readForm } from "~/utils/form.server";
import { DISMISS_INTENT } from "./dashboard-intents";
import { dismissEmergencyAlerts } from "./today.server";

/**
 * The dashboard's own forms: Dismiss on an open emergency lead (`acknowledge-emergency`, its leads'
 * keys: stored, audited and told to every open staff page, docs/product.md#dashboard) and the admin's
 * calendar feed (create or replace, turn off).
 */
export async function dashboardAction({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const form = await readForm(request);
  if (form.get("intent") === DISMISS_INTENT) {
    const intent = DISMISS_INTENT;
    const submission = submissionOf(form, acknowledgeEmergencySchema);
    if (submission.status !== "success") return refused(submission, { intent, message: firstError(submission) });
    const done = await dismissEmergencyAlerts(context, admin, submission.value.leads);
    return answer(submission, done, { intent });
  }
  const submission = submissionOf(form, calendarFeedFormSchema);
  if (submission.status !== "success") return refused(submission, { message: "Unknown action" });
  const { intent } = submission.value;
  if (intent === CALENDAR_FEED_INTENTS.rotate) await rotateFeed(context, admin.id);
  else await revokeFeed(context, admin.id);
  const message =
    intent === CALENDAR_FEED_INTENTS.rotate ? "Your calendar address is ready." : "Your calendar address is off.";
  return answer(submission, success({ message }), { intent });
}
