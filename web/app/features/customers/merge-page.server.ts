import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "~/utils/responses.server";
import { idFrom } from "@app/shared/api/values";
import { mergeConfirmation } from "./customer-record-actions.server";
import { requireAdmin } from "~/utils/auth.server";

/** /admin/customers/merge?booking=ID's data: the merge a chat lead's booking would make, or why not. */
export async function mergeLoader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const bookingId = idFrom(new URL(request.url).searchParams.get("booking"));
  if (!bookingId) return data({ preview: null, refusal: "Booking not found" }, { status: 404 });
  const preview = await mergeConfirmation(context, bookingId);
  if (!preview.ok) return data({ preview: null, refusal: preview.message }, { status: preview.status });
  return { preview: preview.value, refusal: null };
}
