import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Clock, MapPin, Phone, Siren } from "lucide-react";
import { business, formatAddress } from "@app/shared/business";
import { ContactForm } from "./contact-form";
import type { contactAction, contactLoader } from "./contact-page.server";

/** The page at /contact (docs/product.md#contact-page): the emergency line, the form, the hours and the service area. */
export function ContactView() {
  const posted = useActionData<typeof contactAction>();
  const { office, sent, texting } = useLoaderData<typeof contactLoader>();
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
            <ContactForm posted={posted} sent={sent} texting={texting} />
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
