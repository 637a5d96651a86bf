import type { ActionFunctionArgs } from "@remix-run/node";
import { PHOTO_MAX_BYTES, uploadKeySchema } from "@app/shared/api/job-record";
import { idFrom } from "@app/shared/api/values";
import { addJobPhoto } from "@app/shared/job-record/job-record.server";
import { apiError, apiHandler, apiResult, methodNotAllowed } from "~/utils/api.server";
import { requireRole } from "~/utils/auth.server";
import { discardUploads, readForm, uploadedFiles } from "~/utils/form.server";

/**
 * POST /api/jobs/{bookingId}/photos (the visit's technician, or an admin), multipart/form-data with
 * `file` (a JPEG, PNG or WebP, 15 MB at most) and `uploadKey` (made by the client, e.g.
 * crypto.randomUUID()): 201 `{ success, photo, message }`; the same uploadKey again answers the
 * same photo with 200. The photo is resized and kept without its metadata (docs/security.md#job-photos).
 * Only staff may send more than 1 MB, and the photo streams to disk, never whole into memory
 * (docs/security.md#uploads-for-staff-only).
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const viewer = await requireRole(request, context, ["technician", "admin"]);
    const bookingId = idFrom(params.bookingId);
    if (!bookingId) return apiError(404, "Visit not found");
    if (!/^multipart\/form-data\s*;/i.test(request.headers.get("content-type") ?? ""))
      return apiError(415, "Send the photo as multipart/form-data", { _: "Unsupported content type" });
    const form = await readForm(request, { maxFileBytes: PHOTO_MAX_BYTES });
    try {
      const key = uploadKeySchema.safeParse(form.get("uploadKey"));
      if (!key.success)
        return apiError(400, "Please correct the highlighted fields", { uploadKey: key.error.issues[0]!.message });
      const file = uploadedFiles(form, "file")[0];
      if (!file) return apiError(400, "Send the photo as `file`", { file: "Choose a photo" });
      const { db, env } = context.services;
      return apiResult(await addJobPhoto(db, env, viewer, bookingId, key.data, file));
    } finally {
      await discardUploads(form);
    }
  });
}

export const loader = () => methodNotAllowed(["POST"]);
