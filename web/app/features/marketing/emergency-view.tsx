import {
  Ban,
  CircleCheck,
  CircleX,
  CloudLightning,
  Droplets,
  Flame,
  MapPin,
  Phone,
  PlugZap,
  Siren,
  Thermometer,
  TriangleAlert,
  Volume2,
  ZapOff,
} from "~/components/site/icons";
import { business } from "@app/shared/business";
import { ServicePage } from "~/features/marketing/service-page";
import { CallButton, CtaBand, Section } from "~/features/marketing/ui";

const situations = [
  { icon: PlugZap, title: "Sparks or arcing", text: "From an outlet, switch, appliance cord or the panel itself." },
  {
    icon: Flame,
    title: "Burning smell or smoke",
    text: "A hot-plastic or fishy odor near outlets, fixtures or the panel.",
  },
  {
    icon: ZapOff,
    title: "Loss of power",
    text: "All or part of the house is dark while the neighbors still have power.",
  },
  { icon: Thermometer, title: "Hot outlets or switches", text: "Cover plates that are warm, discolored or melted." },
  { icon: Volume2, title: "Buzzing or crackling", text: "Noises from the panel, an outlet or inside the walls." },
  { icon: CloudLightning, title: "Storm damage", text: "A torn service drop, damaged meter base or lightning strike." },
  {
    icon: Droplets,
    title: "Water contact",
    text: "Flooding, roof leaks or burst pipes near wiring, outlets or the panel.",
  },
  {
    icon: TriangleAlert,
    title: "Electric shocks",
    text: "A tingle or shock from an appliance, fixture, faucet or outlet.",
  },
] as const;

const doTips = [
  "Switch off the main breaker if you can reach it safely and dry-handed",
  "Unplug affected appliances and electronics",
  "Keep children and pets away from the problem area",
  "Use flashlights, not candles, if the power is out",
  "Call us and describe what you see, hear or smell",
] as const;

const dontTips = [
  "Touch wires, outlets or the panel if there is water nearby",
  "Keep resetting a breaker that trips again right away",
  "Attempt repairs yourself or remove the panel cover",
  "Run a portable generator indoors or backfeed it through an outlet",
  "Go near a downed power line: stay at least 30 feet away",
] as const;

/** The page at /services/emergency: the situations to call about, the 24/7 availability and what to do until we arrive. Its route keeps the headers and meta. */
export function EmergencyView() {
  return (
    <ServicePage
      slug="emergency"
      title="24/7 Emergency Electrical Service"
      intro={`Electrical emergencies don't wait for business hours, and neither do we. ${business.emergency.callAnswer}, and a licensed electrician is typically on the way in ${business.emergency.responseTime}.`}
      actions={<CallButton label="Call now:" variant="accent" />}
      aside={
        <div className="rounded-2xl bg-white p-6 text-slate-900 shadow-2xl shadow-brand-950/40">
          <p className="flex items-center gap-2 text-sm font-bold uppercase tracking-widest text-red-700">
            <Siren aria-hidden="true" className="size-5" />
            24/7 emergency hotline
          </p>
          <a
            href={business.phoneHref}
            className="mt-3 flex min-h-11 items-center gap-3 rounded-md text-3xl font-extrabold tracking-tight text-slate-900 hover:text-red-700"
          >
            <Phone aria-hidden="true" className="size-7 text-red-700" />
            {business.phone}
          </a>
          <dl className="mt-5 grid grid-cols-2 gap-3 text-center">
            <div className="flex flex-col rounded-lg bg-red-50 p-3 ring-1 ring-inset ring-red-100">
              <dt className="order-2 text-xs text-slate-700">availability</dt>
              <dd className="order-1 text-xl font-extrabold text-red-800">{business.emergency.available}</dd>
            </div>
            <div className="flex flex-col rounded-lg bg-red-50 p-3 ring-1 ring-inset ring-red-100">
              <dt className="order-2 text-xs text-slate-700">average response</dt>
              <dd className="order-1 text-xl font-extrabold text-red-800">{business.emergency.responseTime}</dd>
            </div>
          </dl>
          <p className="mt-4 text-sm text-slate-600">
            {business.emergency.holidays}. {business.afterHoursCharges}.
          </p>
        </div>
      }
      closing={
        <CtaBand
          title="Don't wait on an electrical emergency"
          text={`Call ${business.phone} any time, day or night. A live person answers and help is typically ${business.emergency.responseTime} away.`}
          contactLabel={null}
        />
      }
    >
      <Section
        id="situations"
        eyebrow="When to call"
        title="Call us right away if you notice"
        intro="These are signs of a hazard that can start a fire or cause a shock. Don't wait until morning."
      >
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {situations.map((s) => (
            <li key={s.title} className="rounded-xl border border-red-100 bg-white p-5 shadow-sm">
              <span className="flex size-11 items-center justify-center rounded-lg bg-red-50 text-red-700 ring-1 ring-inset ring-red-100">
                <s.icon aria-hidden="true" className="size-5" />
              </span>
              <h3 className="mt-3 font-bold text-slate-900">{s.title}</h3>
              <p className="mt-1 text-sm leading-6 text-slate-600">{s.text}</p>
            </li>
          ))}
        </ul>

        <div
          className="mx-auto mt-12 max-w-4xl rounded-2xl border-2 border-red-700 bg-red-50 p-6 sm:p-8"
          role="note"
          aria-labelledby="safety-warning-heading"
        >
          <h3 id="safety-warning-heading" className="flex items-center gap-2 text-xl font-extrabold text-red-800">
            <TriangleAlert aria-hidden="true" className="size-6" />
            Safety warning
          </h3>
          <p className="mt-3 leading-7 text-red-950">
            If you see <strong>fire, heavy smoke or someone has been shocked</strong>, get everyone out and{" "}
            <strong>call 911 first</strong>. Stay at least 30 feet from downed power lines and report them to your power
            company. Once everyone is safe, call us at{" "}
            <a href={business.phoneHref} className="font-bold text-red-800 underline underline-offset-4">
              {business.phone}
            </a>
            .
          </p>
        </div>
      </Section>

      <Section id="emergency-areas" tone="muted" eyebrow="Where we respond" title="Emergency service areas">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {business.serviceAreas.map((area) => (
            <li
              key={area.name}
              className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
            >
              <MapPin aria-hidden="true" className="size-5 shrink-0 text-red-700" />
              <span className="font-semibold text-slate-900">{area.name}</span>
            </li>
          ))}
        </ul>
      </Section>

      <Availability />

      <Tips />
    </ServicePage>
  );
}

/** When scheduled and emergency service are available, as a table. */
function Availability() {
  return (
    <Section id="availability" eyebrow="When we're available" title="Availability">
      <div className="mx-auto max-w-3xl overflow-x-auto rounded-xl border border-slate-200 shadow-sm">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">When regular appointments and emergency service are available</caption>
          <thead className="bg-slate-100 text-slate-900">
            <tr>
              <th scope="col" className="px-4 py-3 font-bold">
                When
              </th>
              <th scope="col" className="px-4 py-3 font-bold">
                Scheduled service
              </th>
              <th scope="col" className="px-4 py-3 font-bold">
                Emergency service
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 bg-white">
            {business.hours.map((h) => (
              <tr key={h.label}>
                <th scope="row" className="px-4 py-3 font-semibold text-slate-900">
                  {h.label}
                </th>
                <td className="px-4 py-3 text-slate-700">{h.opens ? h.hours : "Emergencies only"}</td>
                <td className="px-4 py-3 font-semibold text-green-800">Available 24 hours</td>
              </tr>
            ))}
            <tr>
              <th scope="row" className="px-4 py-3 font-semibold text-slate-900">
                Evenings &amp; overnight
              </th>
              <td className="px-4 py-3 text-slate-700">Emergencies only</td>
              <td className="px-4 py-3 font-semibold text-green-800">
                Available ({business.afterHoursCharges.toLowerCase()})
              </td>
            </tr>
            <tr>
              <th scope="row" className="px-4 py-3 font-semibold text-slate-900">
                Holidays
              </th>
              <td className="px-4 py-3 text-slate-700">Emergencies only</td>
              <td className="px-4 py-3 font-semibold text-green-800">Available, holidays included</td>
            </tr>
          </tbody>
        </table>
      </div>
    </Section>
  );
}

/** What to do, and not do, until help arrives. */
function Tips() {
  return (
    <Section id="tips" tone="muted" eyebrow="While you wait" title="What to do in an electrical emergency">
      <div className="mx-auto grid max-w-5xl gap-6 md:grid-cols-2">
        <div className="rounded-2xl border border-green-200 bg-white p-6 shadow-sm">
          <h3 className="flex items-center gap-2 text-lg font-bold text-green-800">
            <CircleCheck aria-hidden="true" className="size-6" />
            Do
          </h3>
          <ul className="mt-4 space-y-3">
            {doTips.map((tip) => (
              <li key={tip} className="flex gap-3 leading-7 text-slate-700">
                <CircleCheck aria-hidden="true" className="mt-1 size-5 shrink-0 text-green-700" />
                {tip}
              </li>
            ))}
          </ul>
        </div>
        <div className="rounded-2xl border border-red-200 bg-white p-6 shadow-sm">
          <h3 className="flex items-center gap-2 text-lg font-bold text-red-800">
            <Ban aria-hidden="true" className="size-6" />
            Don't
          </h3>
          <ul className="mt-4 space-y-3">
            {dontTips.map((tip) => (
              <li key={tip} className="flex gap-3 leading-7 text-slate-700">
                <CircleX aria-hidden="true" className="mt-1 size-5 shrink-0 text-red-700" />
                {tip}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </Section>
  );
}
