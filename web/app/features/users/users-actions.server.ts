/**
 * /admin/users' form post (a Remix action), checked with its shared schema (packages/shared/src/api/admin.ts)
 * and done by the function the JSON API uses; it answers the one ActionResult (utils/action.server.ts).
 */
import { USER_INTENTS } from "./users-intents";
import type { AppLoadContext } from "@remix-run/node";
import { roleChangeFormSchema } from "@app/shared/api/admin";
import { idFrom } from "@app/shared/api/values";
import { failure, success } from "@app/shared/result";
import { answer, firstError, intentOf, refused, submissionOf, UNKNOWN_ACTION } from "~/utils/action.server";
import { requireAdmin } from "~/utils/auth.server";
import { readForm } from "~/utils/form.server";
import { changeUserRole } from "@app/shared/users/change-user-role.server";
import { promotionToConfirm } from "./users.server";

/**
 * /admin/users: `intent=change-role`, `userId`, `role`, and `confirm=yes` for a change to admin.
 * A change to admin without it saves nothing: it answers `intent: "confirm-admin"` with who it is
 * (`confirmAdmin`), and the page asks "Make … an admin?" (the confirmation step of a post made
 * without JavaScript; the page's dialog asks before it posts).
 */
export async function usersAction(request: Request, context: AppLoadContext) {
  const admin = await requireAdmin(request, context);
  const form = await readForm(request);
  const intent = intentOf(form);
  if (intent !== USER_INTENTS.changeRole) return answer(null, failure(400, UNKNOWN_ACTION), { intent });
  const fallback = "Failed to update user role";
  const userId = idFrom(form.get("userId"));
  if (!userId) return answer(null, failure(404, "User not found"), { intent });
  const submission = submissionOf(form, roleChangeFormSchema);
  if (submission.status !== "success") return refused(submission, { intent, message: firstError(submission) });
  try {
    if (submission.value.role === "admin" && submission.value.confirm !== "yes") {
      const asked = await promotionToConfirm(context, admin, userId);
      if (asked)
        return answer(submission, success(asked), {
          intent: USER_INTENTS.confirmAdmin,
          message: `Make ${asked.name} an admin?`,
          data: (confirmAdmin) => ({ confirmAdmin }),
        });
    }
    const result = await changeUserRole(context, admin, userId, submission.value.role);
    return answer(submission, result.ok ? result : failure(result.status, result.message || fallback), {
      intent,
      data: (value) => ({ userId, role: value.user.role }),
    });
  } catch (error) {
    context.logger.error({ err: error, userId }, "role change failed");
    return answer(submission, failure(500, fallback), { intent });
  }
}
