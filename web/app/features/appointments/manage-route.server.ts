import { manageVisitFormSchema } from "@app/shared/api/appointments";
import { answer, readSubmission, refused } from "~/utils/action.server";
import { formFields } from "~/utils/form.server";
import type { VisitChange } from "./manage.server";

/**
 * What the two doors to a visit's page share (the emailed link, /appointments/<token>, and the
 * account, /account/visits/<id>): which step the address asks for, and how a post is read and
 * answered. Each route only says how it finds the visit.
 */

/** `?step=cancel` asks before it cancels; anything else is the page itself. */
export function manageStep(request: Request): "manage" | "cancel" {
  return new URL(request.url).searchParams.get("step") === "cancel" ? "cancel" : "manage";
}

/** `intent=reschedule` with `windowStart`, or `intent=cancel` (manageVisitFormSchema, as the page's forms check it), handed to `change`. */
export async function visitChangeAction(
  request: Request,
  change: (fields: Record<string, string>) => Promise<VisitChange>,
) {
  const { form, submission } = await readSubmission(request, manageVisitFormSchema);
  const intent = form.get("intent") === "cancel" ? "cancel" : "reschedule";
  if (submission.status !== "success")
    return refused(submission, { intent, message: "Please choose one of the offered times." });
  return answer(submission, await change(formFields(form)), { intent });
}
