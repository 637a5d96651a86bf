import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { jobRecordChangeSchema } from "@app/shared/api/job-record";
import { idFrom } from "@app/shared/api/values";
import { changeJobRecord, jobRecord } from "@app/shared/job-record/job-record.server";
import { apiError, apiHandler, apiResult, methodNotAllowed, readJsonObject, validate } from "~/utils/api.server";
import { requireRole } from "~/utils/auth.server";

/**
 * GET /api/jobs/{bookingId}/record (the visit's technician, or an admin): `{ success, record }`,
 * the notes, the checklist of the visit's service with what is checked, the items added on site
 * with line totals in cents, and the photos with addresses that work for ten minutes.
 * PATCH `{ notes?, checklist? }` saves either or both, audited (docs/product.md#job-record).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return apiHandler(context, async () => {
    const viewer = await requireRole(request, context, ["technician", "admin"]);
    const bookingId = idFrom(params.bookingId);
    if (!bookingId) return apiError(404, "Visit not found");
    const { db, env } = context.services;
    return apiResult(await jobRecord(db, env, viewer, bookingId));
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "PATCH") return methodNotAllowed(["GET", "PATCH"]);
    const viewer = await requireRole(request, context, ["technician", "admin"]);
    const bookingId = idFrom(params.bookingId);
    if (!bookingId) return apiError(404, "Visit not found");
    const change = validate(jobRecordChangeSchema, await readJsonObject(request));
    const { db, env } = context.services;
    return apiResult(await changeJobRecord(db, env, viewer, bookingId, change));
  });
}
