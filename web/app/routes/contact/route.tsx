import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  Link,
  useActionData,
  useLoaderData,
  type ClientActionFunctionArgs,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { Clock, MapPin, Phone, Siren } from "lucide-react";
import { business, formatAddress } from "@app/shared/business";
import { officeStatus } from "@app/shared/chat/hours";
import { contactMessageSchema } from "@app/shared/api/contact";
import { CONTACT_FAILED_MESSAGE, ContactForm, unreachable } from "~/features/contact/contact-form";
import { submitContactMessage } from "~/features/contact/contact.server";
import { SENT_PARAM } from "~/features/contact/sent";
import { readSentToken, sentLocation } from "~/features/contact/sent-token.server";
import { answer, readSubmission, refused } from "~/utils/action.server";
import { formFields } from "~/utils/form.server";
import { redirect } from "~/utils/responses.server";
import { ENHANCED_FIELD } from "~/utils/schema-form";
import { serverUnreachable } from "~/utils/server-unreachable";
import { failure } from "@app/shared/result";

export const meta: MetaFunction = () => [
  { title: `Contact ${business.name} | Electricians in Baton Rouge, LA` },
  {
    name: "description",
    content: `Send ${business.name} a message or call ${business.phone}. Free estimates, replies within 24 hours, and 24/7 emergency electricians across Baton Rouge, Ascension and Livingston Parishes.`,
  },
];

/**
 * Whether the office is open right now (Baton Rouge time), decided on the server for this request;
 * and, at `/contact?sent=…` (where a message sent without JavaScript leads), that it was sent.
 */
export function loader({ request, context }: LoaderFunctionArgs) {
  const sent = readSentToken(context.services.env, new URL(request.url).searchParams.get(SENT_PARAM));
  return { office: officeStatus(new Date()), sent };
}

/**
 * The contact form's post, with or without JavaScript: the same rules and work as POST /api/contact.
 * With JavaScript the form shows the answer and keeps what was typed until the visitor is done with
 * it; without, a stored message redirects to the page saying so (Post/Redirect/Get: reloading it
 * sends nothing again). A refusal is the page again, with what was typed and each field's message.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { form, submission } = await readSubmission(request, contactMessageSchema);
  if (submission.status !== "success") return refused(submission);
  try {
    // The service reads the honeypot too (features/contact/contact.server.ts).
    const result = await submitContactMessage(context, formFields(form), request.headers.get("user-agent"));
    if (result.ok && form.get(ENHANCED_FIELD) !== "1")
      return redirect(sentLocation(context.services.env, result.value.emergency));
    // An emergency's answer says to call now (the form shows the number as a link).
    return answer(submission, result, { data: (value) => ({ emergency: value.emergency }), keepValues: true });
  } catch (error) {
    // Not stored (the database cannot be reached): the form keeps what was typed and says to call.
    context.logger.error({ err: error }, "contact message could not be stored");
    return answer(submission, failure(503, CONTACT_FAILED_MESSAGE));
  }
}

/**
 * With JavaScript: a post that never reaches the action, or whose answer cannot be read (the
 * network, a proxy's error page), keeps the form as typed and says to call
 * (docs/product.md#contact-page), rather than leaving for the error page.
 */
export async function clientAction({ serverAction }: ClientActionFunctionArgs) {
  try {
    return await serverAction<typeof action>();
  } catch {
    return unreachable();
  }
}

/** After a post that never reached the server, the page keeps its data (and the form what was typed). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  serverUnreachable(actionResult) ? false : defaultShouldRevalidate;

export default function ContactPage() {
  const posted = useActionData<typeof action>();
  const { office, sent } = useLoaderData<typeof loader>();
  return (
    <>
      <section className="bg-red-700 text-white">
        <div className="mx-auto flex max-w-6xl flex-col items-start gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="flex items-center gap-2 font-semibold">
            <Siren aria-hidden="true" className="size-5" />
            {office.open
              ? "Electrical emergency? We answer 24/7, 365 days a year."
              : "The office is closed now, but our emergency line answers 24/7. Electrical emergency? Call now."}
          </p>
          <a
            href={business.phoneHref}
            className="inline-flex min-h-11 items-center gap-2 rounded-md bg-white px-4 py-2 font-bold text-red-800"
          >
            <Phone aria-hidden="true" className="size-4" />
            Call {business.phone} now
          </a>
        </div>
      </section>
      <section className="bg-brand-900 text-white">
        <div className="mx-auto max-w-6xl px-4 py-12">
          <h1 className="text-3xl font-bold sm:text-4xl">Contact Us</h1>
          <p className="mt-3 max-w-2xl text-lg text-brand-100">
            Tell us about your project or problem and a licensed electrician will get back to you within 24 hours.
            Estimates are always free.
          </p>
        </div>
      </section>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 lg:grid-cols-[2fr_1fr]">
        <section aria-labelledby="contact-form-heading">
          <h2 id="contact-form-heading" className="text-2xl font-bold">
            Send us a message
          </h2>
          <p className="mt-2 text-slate-700">
            Know what you need and when?{" "}
            <Link to="/book" prefetch="intent" className="font-semibold text-brand-700 underline">
              Book online
            </Link>{" "}
            in an open arrival window instead.
          </p>
          <div className="mt-6">
            <ContactForm posted={posted} sent={sent} />
          </div>
        </section>
        <aside className="space-y-6">
          <section aria-labelledby="hours-heading" className="rounded-lg border border-slate-200 p-5">
            <h2 id="hours-heading" className="flex items-center gap-2 text-lg font-bold">
              <Clock aria-hidden="true" className="size-5 text-brand-700" />
              Business Hours
            </h2>
            <p
              className={`mt-3 inline-flex items-center gap-2 rounded-full px-3 py-1 text-sm font-semibold ${office.open ? "bg-green-100 text-green-900" : "bg-amber-100 text-amber-900"}`}
            >
              <span
                aria-hidden="true"
                className={`size-2 rounded-full ${office.open ? "bg-green-600" : "bg-amber-600"}`}
              />
              {office.label}
            </p>
            {office.open ? null : (
              <p className="mt-2 text-sm text-slate-800">
                After hours, call{" "}
                <a className="font-semibold text-brand-700 underline" href={business.phoneHref}>
                  {business.phone}
                </a>{" "}
                for emergencies; messages sent now are answered next business day.
              </p>
            )}
            <dl className="mt-3 space-y-2 text-sm">
              {business.hours.map((h) => (
                <div key={h.label} className="flex justify-between gap-4">
                  <dt className="font-medium">{h.label}</dt>
                  <dd className="text-right text-slate-700">{h.hours}</dd>
                </div>
              ))}
              <div className="flex justify-between gap-4">
                <dt className="font-medium">After hours</dt>
                <dd className="text-right text-slate-700">Emergency service available</dd>
              </div>
            </dl>
            <p className="mt-3 text-xs text-slate-600">Emergency service is 24/7. {business.afterHoursCharges}.</p>
          </section>
          <section aria-labelledby="area-heading" className="rounded-lg border border-slate-200 p-5">
            <h2 id="area-heading" className="flex items-center gap-2 text-lg font-bold">
              <MapPin aria-hidden="true" className="size-5 text-brand-700" />
              Service Area
            </h2>
            <ul className="mt-3 list-disc space-y-1 pl-5 text-sm">
              {business.serviceAreas.map((a) => (
                <li key={a.name}>{a.name}</li>
              ))}
            </ul>
            <p className="mt-3 text-sm text-slate-700">{formatAddress()}</p>
          </section>
          <section aria-labelledby="call-heading" className="rounded-lg bg-slate-100 p-5">
            <h2 id="call-heading" className="text-lg font-bold">
              Prefer to talk?
            </h2>
            <p className="mt-2 text-sm">
              Call{" "}
              <a className="font-semibold text-brand-700 underline" href={business.phoneHref}>
                {business.phone}
              </a>{" "}
              or email{" "}
              <a className="font-semibold text-brand-700 underline" href={business.emailHref}>
                {business.email}
              </a>
              .
            </p>
          </section>
        </aside>
      </div>
    </>
  );
}
