import { Link } from "@remix-run/react";
import { CheckCircle2, Phone } from "lucide-react";
import { useBusinessFacts } from "~/utils/business-facts";
import type { BookedVisit } from "./book-online.server";
import { Outcome } from "~/components/ui/outcome";

/** /book/confirmed: the visit's number, service and window, and what happens next. */
export function BookedVisitView({ visit }: { visit: BookedVisit }) {
  const business = useBusinessFacts();
  return (
    <section aria-labelledby="booked-heading" className="space-y-5">
      {/* The answer to the booking, where the eye is and focused, with or without JavaScript. */}
      <Outcome tone={visit.cancelled ? "warning" : "success"}>
        <h2 id="booked-heading" className="flex items-center gap-2 text-2xl font-bold text-slate-900">
          <CheckCircle2 aria-hidden="true" className="size-7 shrink-0 text-green-700" />
          {visit.cancelled ? "This visit was cancelled" : "Your visit is booked"}
        </h2>
      </Outcome>
      <dl className="grid gap-x-6 gap-y-3 rounded-lg bg-slate-50 p-4 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold text-slate-700">Visit number</dt>
        <dd className="text-lg font-bold text-slate-900" data-testid="visit-number">
          #{visit.id}
        </dd>
        <dt className="font-semibold text-slate-700">Service</dt>
        <dd className="text-slate-900">{visit.service}</dd>
        <dt className="font-semibold text-slate-700">Arrival window</dt>
        <dd className="text-slate-900">
          <time dateTime={visit.scheduledAt} data-testid="visit-time">
            {visit.time}
          </time>
          <span className="block text-sm text-slate-600">Baton Rouge time</span>
        </dd>
      </dl>
      {visit.cancelled ? null : (
        <p className="text-slate-700">
          {visit.emailed
            ? "We've emailed you a confirmation with a calendar file and links to reschedule or cancel. Your technician arrives within the window; we'll remind you the day before."
            : "Our office has your booking. We could not email you a confirmation this time: keep this visit number, and call us if anything changes."}
        </p>
      )}
      <p className="text-slate-700">
        Questions? Call{" "}
        <a className="inline-flex items-center gap-1 font-semibold text-brand-700 underline" href={business.phoneHref}>
          <Phone aria-hidden="true" className="size-4" />
          {business.phone}
        </a>{" "}
        and give your visit number.
      </p>
      <p>
        <Link to="/" className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
          Back to the home page
        </Link>
      </p>
    </section>
  );
}
