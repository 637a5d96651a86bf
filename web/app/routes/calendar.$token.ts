import type { LoaderFunctionArgs } from "@remix-run/node";
import { feedForToken } from "~/features/calendar/calendar-feed.server";

/** GET /calendar/<token>.ics: an admin's private bookings feed for calendar apps (no cookie: the address is the key). */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const calendar = await feedForToken(context, params.token ?? "");
  if (!calendar)
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(calendar, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="bookings.ics"',
      "Cache-Control": "private, max-age=300",
      "X-Robots-Tag": "noindex",
    },
  });
}
