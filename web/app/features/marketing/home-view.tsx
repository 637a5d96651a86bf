import { Link } from "@remix-run/react";
import {
  ArrowRight,
  BadgeCheck,
  Clock,
  ExternalLink,
  HandCoins,
  MapPin,
  Quote,
  ShieldCheck,
  Siren,
} from "~/components/site/icons";
import { business, serviceAreaSentence, services } from "@app/shared/business";
import { serviceIcons } from "~/components/site/service-icons";
import { testimonials } from "~/features/marketing/testimonials";
import {
  CallButton,
  CircuitPattern,
  Container,
  ContactButton,
  CtaBand,
  FeatureCard,
  Section,
  Stars,
} from "~/features/marketing/ui";

const reasons = [
  {
    icon: ShieldCheck,
    title: "Licensed & Insured",
    text: "Every job is led by a Louisiana-licensed electrician, fully insured, and permitted and inspected wherever the code calls for it.",
  },
  {
    icon: Clock,
    title: "24/7 Emergency Service",
    text: `Power out, sparks or a burning smell at 2 a.m.? A live person answers immediately and an electrician is typically on the way in ${business.emergency.responseTime}.`,
  },
  {
    icon: HandCoins,
    title: "Upfront, Honest Pricing",
    text: "Free estimates and a written price before any work starts. No surprise fees, and no pressure to buy what you don't need.",
  },
  {
    icon: MapPin,
    title: "Local & Family-Owned",
    text: `We live where we work. Since ${business.foundedYear} we've wired homes and businesses from Mid City to Prairieville, and we stand behind every job.`,
  },
] as const;

/** The home page (/): the hero, the services, why choose us and the reviews. Its route keeps the headers and meta. */
export function HomeView() {
  return (
    <>
      <Hero />

      <Section
        id="why-choose"
        eyebrow="Why choose us"
        title={`Why homeowners and businesses choose ${business.name}`}
        intro={`Electrical work should be safe, on time and priced honestly. That's the standard we've held on every job since ${business.foundedYear}.`}
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {reasons.map((r) => (
            <li key={r.title} className="h-full">
              <FeatureCard icon={r.icon} title={r.title} className="h-full">
                {r.text}
              </FeatureCard>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="services"
        tone="muted"
        eyebrow="What we do"
        title="Electrical services for every kind of property"
        intro="One licensed team for the whole job, whether it's a new outlet in the kitchen or the power plan for a new building."
      >
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {services.map((s) => {
            const Icon = serviceIcons[s.slug];
            return (
              <li key={s.slug}>
                <Link
                  to={s.path}
                  prefetch="intent"
                  className="group flex h-full gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-300 hover:shadow-md"
                >
                  <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-brand-700 text-white group-hover:bg-accent-400 group-hover:text-slate-900">
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  <span>
                    <span className="flex items-center gap-1 font-bold text-slate-900">
                      {s.name}
                      <ArrowRight
                        aria-hidden="true"
                        className="size-4 text-brand-700 transition group-hover:translate-x-0.5"
                      />
                    </span>
                    <span className="mt-1 block text-sm leading-6 text-slate-600">{s.features.join(" · ")}</span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </Section>

      <Reviews />

      <CtaBand
        title="Ready when you are"
        text="Tell us what you need and we'll send a free, no-obligation estimate, usually the same business day. For anything urgent, just call."
      />
    </>
  );
}

/** The opening: what we do and where, the ways to reach us, and the emergency card. */
function Hero() {
  return (
    <section className="on-dark relative isolate overflow-hidden bg-brand-900 text-white">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top_right,_#1e40af_0%,_transparent_65%)]"
      />
      <CircuitPattern className="-z-10 text-white/[0.06]" />
      <Container className="grid items-center gap-12 py-14 sm:py-20 lg:grid-cols-[1.45fr_1fr] lg:py-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-semibold text-accent-300 ring-1 ring-inset ring-white/15">
            <BadgeCheck aria-hidden="true" className="size-4" />
            Licensed &amp; insured since {business.foundedYear}
          </p>
          <h1 className="mt-5 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-[3.5rem] lg:leading-[1.05]">
            Baton Rouge electricians who do it right the first time
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-8 text-brand-100">
            From a tripping breaker to a whole-home generator, {business.name} keeps homes and businesses across{" "}
            {serviceAreaSentence()} safely powered, with upfront prices, tidy work and a live person answering around
            the clock for emergencies.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <CallButton />
            <ContactButton>Get a Free Estimate</ContactButton>
          </div>
          <p className="mt-8 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-brand-100">
            <Stars rating={business.reviews.rating} />
            <span>
              <strong className="text-white">{business.reviews.rating}</strong> out of 5 from {business.reviews.count}{" "}
              customer reviews
            </span>
          </p>
        </div>
        <div className="rounded-2xl bg-white p-6 text-slate-900 shadow-2xl shadow-brand-950/40 sm:p-8">
          <p className="flex items-center gap-2 text-sm font-bold uppercase tracking-widest text-red-700">
            <Siren aria-hidden="true" className="size-5" />
            Electrical emergency?
          </p>
          <p className="mt-3 text-2xl font-extrabold tracking-tight">We answer {business.emergency.available}.</p>
          <p className="mt-2 leading-7 text-slate-600">
            Sparking outlets, a burning smell, storm damage or no power at all: call now and a licensed electrician is
            typically on the way in {business.emergency.responseTime}.
          </p>
          <dl className="mt-6 grid grid-cols-3 divide-x divide-slate-200 rounded-xl bg-slate-50 py-4 text-center ring-1 ring-inset ring-slate-200">
            <div className="flex flex-col px-2">
              <dt className="order-2 text-xs text-slate-600">always on call</dt>
              <dd className="order-1 text-xl font-extrabold text-brand-800">24/7</dd>
            </div>
            <div className="flex flex-col px-2">
              <dt className="order-2 text-xs text-slate-600">average response</dt>
              <dd className="order-1 whitespace-nowrap text-xl font-extrabold text-brand-800">
                {business.emergency.responseTime.replace(/ minutes$/, "")}
                <span className="text-base"> min</span>
              </dd>
            </div>
            <div className="flex flex-col px-2">
              <dt className="order-2 text-xs text-slate-600">estimates</dt>
              <dd className="order-1 text-xl font-extrabold text-brand-800">Free</dd>
            </div>
          </dl>
          <CallButton variant="destructive" label="Call now:" className="mt-6 w-full" />
        </div>
      </Container>
    </section>
  );
}

/** The rating, what customers say, and the way to every review. */
function Reviews() {
  return (
    <Section id="reviews" eyebrow="Reviews" title="What our customers say">
      <div className="mx-auto flex max-w-md flex-col items-center rounded-2xl border border-slate-200 bg-white px-6 py-6 text-center shadow-sm">
        <p className="text-5xl font-extrabold text-slate-900">{business.reviews.rating}</p>
        <Stars rating={business.reviews.rating} className="mt-2 [&_svg]:size-6" />
        <p className="mt-2 text-slate-700">
          <span className="font-semibold">{business.reviews.rating} out of 5</span> from {business.reviews.count}{" "}
          reviews
        </p>
      </div>
      <ul className="mt-10 grid gap-6 lg:grid-cols-3">
        {testimonials.map((t) => (
          <li key={t.name}>
            <figure className="flex h-full flex-col rounded-xl border border-slate-200 bg-slate-50 p-6">
              <Quote aria-hidden="true" className="size-8 text-accent-500" />
              <blockquote className="mt-4 flex-1 leading-7 text-slate-700">
                <p>{t.quote}</p>
              </blockquote>
              <figcaption className="mt-6 border-t border-slate-200 pt-4">
                <span className="block font-bold text-slate-900">{t.name}</span>
                <span className="block text-sm text-slate-600">
                  {t.place} · {t.service}
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <p className="mt-10 text-center">
        <a
          href={business.reviews.url}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-11 items-center gap-2 font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900"
        >
          Read all {business.reviews.count} reviews
          <ExternalLink aria-hidden="true" className="size-4" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </p>
    </Section>
  );
}
