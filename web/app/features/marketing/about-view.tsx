import {
  BadgeCheck,
  CalendarClock,
  Clock,
  FileCheck,
  HardHat,
  HeartHandshake,
  MapPin,
  Phone,
  ShieldCheck,
  Siren,
  Sparkles,
  ThumbsUp,
  Wrench,
} from "~/components/site/icons";
import { business, formatAddress, serviceAreaSentence } from "@app/shared/business";
import { JsonLd } from "~/components/site/json-ld";
import { useAppUrl } from "~/components/site/site-data";
import { Container, CtaBand, FeatureCard, PageHero, Section } from "~/features/marketing/ui";
import { breadcrumbJsonLd } from "~/utils/seo";
import { useBusinessYear } from "~/utils/business-facts";

const values = [
  {
    icon: ShieldCheck,
    title: "Safety",
    text: "We test before we touch, permit what needs permits and never leave a hazard behind. Your family's and your crew's safety comes before speed or price.",
  },
  {
    icon: BadgeCheck,
    title: "Quality",
    text: "Neat panels, labelled circuits, the right wire for the load and work that passes inspection the first time, because we want to do it once.",
  },
  {
    icon: CalendarClock,
    title: "Reliable Service",
    text: "We arrive in the window we promise, return calls the same day and finish what we start. When something goes wrong at night, we still pick up.",
  },
  {
    icon: HeartHandshake,
    title: "Customer Focus",
    text: "We explain the options in plain English, put the price in writing first and recommend only what you need. Then we clean up like we were never there.",
  },
] as const;

const reasons = [
  {
    icon: HardHat,
    title: "Licensed, insured electricians",
    text: "Every job is led by a Louisiana-licensed electrician and covered by full liability and workers' compensation insurance.",
  },
  {
    icon: FileCheck,
    title: "Written estimates, no surprises",
    text: "Estimates are free and in writing before work starts. If the job changes, you approve the change before we do it.",
  },
  {
    icon: Siren,
    title: "24/7 emergency response",
    text: `${business.emergency.callAnswer}, and an electrician typically arrives in ${business.emergency.responseTime}.`,
  },
  {
    icon: Clock,
    title: "On-time arrival windows",
    text: "You get a two-hour arrival window and a text when your electrician is on the way, so you aren't waiting around all day.",
  },
  {
    icon: Sparkles,
    title: "Clean, respectful crews",
    text: "Drop cloths down, shoe covers on, and every scrap of wire and drywall dust gone before we leave.",
  },
  {
    icon: ThumbsUp,
    title: "Work we stand behind",
    text: "Our workmanship is guaranteed. If something we installed isn't right, we come back and make it right.",
  },
] as const;

const crumbs = [
  { name: "Home", path: "/" },
  { name: "About", path: "/about" },
];

/** The page at /about: the story, values, service area and why customers choose us. Its route keeps the headers and meta. */
export function AboutView() {
  const appUrl = useAppUrl();
  const yearsServing = useBusinessYear() - business.foundedYear;
  return (
    <>
      {appUrl ? <JsonLd data={breadcrumbJsonLd(appUrl, crumbs)} /> : null}
      <PageHero
        breadcrumb={[{ name: "Home", to: "/" }, { name: "About" }]}
        eyebrow={`Serving the Capital Region since ${business.foundedYear}`}
        icon={Wrench}
        title={`About ${business.name}`}
        intro={`A locally owned electrical contractor built on a simple promise: safe, code-compliant work, honest prices and a phone that's answered by a real person, day or night.`}
      />

      <Story yearsServing={yearsServing} />

      <Section
        id="values"
        tone="muted"
        eyebrow="What we stand for"
        title="Our core values"
        intro="Four commitments every one of our electricians makes on every job, large or small."
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {values.map((v) => (
            <li key={v.title} className="h-full">
              <FeatureCard icon={v.icon} title={v.title} className="h-full">
                {v.text}
              </FeatureCard>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="reasons" eyebrow="The difference" title={`Six reasons to choose ${business.name}`}>
        <ol className="grid gap-x-10 gap-y-8 sm:grid-cols-2 lg:grid-cols-3">
          {reasons.map((r, i) => (
            <li key={r.title} className="flex gap-4">
              <span className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-brand-700 text-white">
                <r.icon aria-hidden="true" className="size-6" />
              </span>
              <div>
                <h3 className="text-lg font-bold text-slate-900">
                  <span className="sr-only">{i + 1}. </span>
                  {r.title}
                </h3>
                <p className="mt-1 leading-7 text-slate-600">{r.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </Section>

      <ServiceArea />

      <CtaBand
        title="Let's talk about your project"
        text="Whether it's one outlet or a whole building, we'll give you a clear, written estimate at no cost. Call us or send a message."
      />
    </>
  );
}

/** How the company started and what still runs it, with the figures beside it. */
function Story({ yearsServing }: { yearsServing: number }) {
  return (
    <section id="story" aria-labelledby="story-heading" className="py-16 sm:py-20">
      <Container className="grid gap-12 lg:grid-cols-[1.4fr_1fr] lg:items-center">
        <div>
          <p className="text-sm font-bold uppercase tracking-widest text-brand-700">Our story</p>
          <h2 id="story-heading" className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
            Started with one truck and a promise to pick up the phone
          </h2>
          <div className="mt-6 space-y-4 text-lg leading-8 text-slate-700">
            <p>
              {business.name} began in {business.foundedYear}, the year after Hurricane Gustav left much of Baton Rouge
              in the dark for days. Our founder had spent years wiring homes and plants for larger contractors and
              watched neighbors wait a week for a callback. He started the company with one truck, one phone and one
              rule: answer every call, and show up when you say you will.
            </p>
            <p>
              That rule still runs the business. When floodwater reached thousands of homes across Livingston Parish in
              2016, our crews spent months making houses in Denham Springs and Walker safe to re-energize. Today our
              licensed electricians handle everything from ceiling fans and panel upgrades to standby generators and
              commercial build-outs, across {serviceAreaSentence()}.
            </p>
            <p>
              We're still locally owned, we still answer around the clock, and most of our work still comes from
              neighbors who tell neighbors.
            </p>
          </div>
        </div>
        <dl className="grid grid-cols-2 gap-4">
          {[
            { value: String(business.foundedYear), label: "Founded in Baton Rouge" },
            { value: `${yearsServing}+ years`, label: "Serving local homes and businesses" },
            { value: `${business.reviews.rating} / 5`, label: `From ${business.reviews.count} customer reviews` },
            { value: "24/7", label: "Emergency line, holidays included" },
          ].map((stat) => (
            <div key={stat.label} className="flex flex-col rounded-xl border border-slate-200 bg-slate-50 p-5">
              <dt className="order-2 mt-1 text-sm text-slate-600">{stat.label}</dt>
              <dd className="order-1 text-2xl font-extrabold text-brand-800 sm:text-3xl">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </Container>
    </section>
  );
}

/** Where we work, and the office to visit or call. */
function ServiceArea() {
  return (
    <Section
      id="service-area"
      tone="brand"
      eyebrow="Where we work"
      title="Our service area"
      intro={`From our ${business.address.city} office we serve ${serviceAreaSentence()}, with emergency crews on call across the whole area.`}
    >
      <div className="grid gap-8 lg:grid-cols-[1.3fr_1fr]">
        <ul className="grid gap-3 sm:grid-cols-2">
          {business.serviceAreas.map((area) => (
            <li
              key={area.name}
              className="flex items-center gap-3 rounded-xl bg-white/10 p-4 ring-1 ring-inset ring-white/15"
            >
              <MapPin aria-hidden="true" className="size-5 shrink-0 text-accent-300" />
              <span>
                <span className="block font-bold text-white">{area.name}</span>
                <span className="block text-sm text-brand-100">
                  {area.kind === "City" ? "City and surrounding neighborhoods" : "Parish-wide service"}
                </span>
              </span>
            </li>
          ))}
        </ul>
        <div className="rounded-2xl bg-white p-6 text-slate-900 shadow-xl">
          <h3 className="text-lg font-bold">Visit or call our office</h3>
          <address className="mt-3 flex items-start gap-3 not-italic leading-7 text-slate-700">
            <MapPin aria-hidden="true" className="mt-1 size-5 shrink-0 text-brand-700" />
            <span>
              {business.legalName}
              <br />
              {formatAddress()}
            </span>
          </address>
          <p className="mt-3 flex items-center gap-3">
            <Phone aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
            <a
              href={business.phoneHref}
              className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-4"
            >
              {business.phone}
            </a>
          </p>
          <dl className="mt-4 space-y-1 border-t border-slate-200 pt-4 text-sm">
            {business.hours.map((h) => (
              <div key={h.label} className="flex justify-between gap-4">
                <dt className="font-semibold">{h.label}</dt>
                <dd className="text-right text-slate-700">{h.hours}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
    </Section>
  );
}
