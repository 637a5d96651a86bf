import type { ActionFunctionArgs } from "@remix-run/node";
import { uploadKeySchema } from "@app/shared/api/job-record";
import { idFrom } from "@app/shared/api/values";
import { addJobPhoto } from "@app/shared/job-record/job-record.server";
import { apiError, apiHandler, apiResult, methodNotAllowed } from "~/utils/api.server";
import { requireRole } from "~/utils/auth.server";

/**
 * POST /api/jobs/{bookingId}/photos (the visit's technician, or an admin), multipart/form-data with
 * `file` (a JPEG, PNG or WebP, 15 MB at most) and `uploadKey` (made by the client, e.g.
 * crypto.randomUUID()): 201 `{ success, photo, message }`; the same uploadKey again answers the
 * same photo with 200. The photo is resized and kept without its metadata (docs/security.md#job-photos).
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const viewer = await requireRole(request, context, ["technician", "admin"]);
    const bookingId = idFrom(params.bookingId);
    if (!bookingId) return apiError(404, "Visit not found");
    if (!/^multipart\/form-data\s*;/i.test(request.headers.get("content-type") ?? ""))
      return apiError(415, "Send the photo as multipart/form-data", { _: "Unsupported content type" });
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      return apiError(400, "The upload could not be read: it did not arrive complete.", { _: "Malformed form data" });
    }
    const key = uploadKeySchema.safeParse(form.get("uploadKey"));
    if (!key.success)
      return apiError(400, "Please correct the highlighted fields", { uploadKey: key.error.issues[0]!.message });
    const file = form.get("file");
    if (!(file instanceof File) || file.size === 0)
      return apiError(400, "Send the photo as `file`", { file: "Choose a photo" });
    const bytes = Buffer.from(await file.arrayBuffer());
    const { db, env } = context.services;
    return apiResult(await addJobPhoto(db, env, viewer, bookingId, key.data, { bytes, name: file.name }));
  });
}

export const loader = () => methodNotAllowed(["POST"]);
