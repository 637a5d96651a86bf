import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRole } from "~/utils/auth.server";
import { technicianDay } from "./jobs.server";
import { recordsForDay } from "./job-record-actions.server";
import { invoicesOfVisits, onlinePaymentOn } from "./visit-invoice.server";

/** Technicians see their own day; admins any technician's (`?technician=ID`). Customers are refused. */
export async function jobsLoader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireRole(request, context, ["technician", "admin"]);
  const result = await technicianDay(context, viewer, new URL(request.url).searchParams.get("technician"));
  if (!result.ok) throw new Response(result.message, { status: result.status });
  const visits = [...result.value.earlier, ...result.value.days].flatMap((day) => day.visits);
  const [records, invoices] = await Promise.all([
    recordsForDay(context, visits),
    invoicesOfVisits(
      context.services.db,
      visits.map((v) => v.id),
    ),
  ]);
  return {
    ...result.value,
    ...records,
    invoices,
    viewerRole: viewer.role,
    onlinePayment: onlinePaymentOn(context),
    // When the server read this: a post's answer newer than this shows over it (day-view.ts).
    loadedAt: Date.now(),
  };
}
