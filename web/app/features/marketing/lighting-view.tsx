import {
  Fan,
  Lamp,
  LampCeiling,
  Lightbulb,
  ShieldCheck,
  SlidersHorizontal,
  Sun,
  TreePine,
} from "~/components/site/icons";
import { GlanceCard, ServicePage } from "~/features/marketing/service-page";
import {
  CallButton,
  CheckList,
  ContactButton,
  CtaBand,
  FeatureCard,
  ProcessSteps,
  Section,
} from "~/features/marketing/ui";

/** Yearly running cost of one bulb, used by the comparison below. */
const TRADITIONAL_PER_YEAR = 60;
const LED_PER_YEAR = 12;
const SAVING_PER_YEAR = TRADITIONAL_PER_YEAR - LED_PER_YEAR;

const lightingServices = [
  {
    icon: LampCeiling,
    title: "Indoor Lighting",
    text: "Recessed cans, pendants, chandeliers and under-cabinet lights that make kitchens, living rooms and offices brighter and easier to use.",
  },
  {
    icon: TreePine,
    title: "Outdoor Lighting",
    text: "Landscape, patio, path and security lighting, rated for Louisiana humidity and storms and wired on timers or photocells.",
  },
  {
    icon: Fan,
    title: "Ceiling Fans",
    text: "New and replacement fans on fan-rated boxes, with wall controls or remotes, for cooler rooms and lower AC bills.",
  },
  {
    icon: Lightbulb,
    title: "LED Upgrades",
    text: "Swap old incandescent, halogen and fluorescent fixtures for LEDs that use far less power and rarely need changing.",
  },
] as const;

const popularOptions = [
  { icon: Sun, name: "Recessed LED lighting", note: "Slim wafer lights, no attic cans needed" },
  { icon: Lamp, name: "Under-cabinet lighting", note: "Task light for kitchen counters" },
  { icon: LampCeiling, name: "Pendants & chandeliers", note: "Over islands, tables and entries" },
  { icon: TreePine, name: "Landscape lighting", note: "Paths, trees and the front of the house" },
  { icon: ShieldCheck, name: "Motion security lights", note: "Driveways, back doors and sheds" },
  { icon: SlidersHorizontal, name: "Dimmers & smart switches", note: "Set the mood, schedule from your phone" },
] as const;

/** The page at /services/lighting: the lighting services, popular options and the LED savings. Its route keeps the headers and meta. */
export function LightingView() {
  return (
    <ServicePage
      slug="lighting"
      title="Lighting Installation"
      intro="Light that makes your home or business look its best and costs less to run. We design and install indoor, outdoor and LED lighting and ceiling fans, neatly and to code."
      actions={
        <>
          <CallButton />
          <ContactButton>Get Lighting Quote</ContactButton>
        </>
      }
      aside={
        <GlanceCard
          title="Why LED"
          items={[
            { value: "Up to 80%", label: "Less energy than traditional bulbs" },
            { value: "25,000+ hours", label: "Rated life of a quality LED" },
            { value: `$${SAVING_PER_YEAR} a year`, label: "Saved per bulb" },
          ]}
        />
      }
      closing={
        <CtaBand
          title="Ready for better lighting?"
          text="Tell us about the rooms or outdoor spaces you'd like to light. We'll suggest fixtures and layouts and send a free, itemized quote."
          contactLabel="Get Lighting Quote"
        />
      }
    >
      <Section id="lighting-services" eyebrow="What we install" title="Lighting services">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {lightingServices.map((s) => (
            <li key={s.title} className="h-full">
              <FeatureCard icon={s.icon} title={s.title} className="h-full">
                {s.text}
              </FeatureCard>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="popular" tone="muted" eyebrow="Ideas" title="Popular lighting options">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {popularOptions.map((o) => (
            <li
              key={o.name}
              className="flex items-center gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
            >
              <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-accent-100 text-accent-700">
                <o.icon aria-hidden="true" className="size-5" />
              </span>
              <span>
                <span className="block font-bold text-slate-900">{o.name}</span>
                <span className="block text-sm text-slate-600">{o.note}</span>
              </span>
            </li>
          ))}
        </ul>
      </Section>

      <LedSavings />

      <Section id="process" tone="muted" eyebrow="How it works" title="Our four-step process">
        <ProcessSteps
          steps={[
            {
              title: "Consultation",
              text: "We look at the space, how you use it and what you'd like to change, indoors or out.",
            },
            {
              title: "Lighting Plan & Quote",
              text: "You get a simple layout, fixture suggestions for your budget and an itemized price.",
            },
            {
              title: "Installation",
              text: "We install fixtures, fans and controls, patching and cleaning up as we go.",
            },
            {
              title: "Walkthrough",
              text: "We test everything, set dimmers and timers, and show you how it all works.",
            },
          ]}
        />
      </Section>
    </ServicePage>
  );
}

/** What one bulb costs to run for a year, traditional against LED. */
function LedSavings() {
  return (
    <Section
      id="led-savings"
      eyebrow="LED cost comparison"
      title="What one bulb costs to run for a year"
      intro="Based on a typical bulb used several hours a day at Louisiana electricity rates."
    >
      <div className="mx-auto grid max-w-4xl gap-8 lg:grid-cols-[1.4fr_1fr] lg:items-center">
        <ul className="space-y-6">
          <li>
            <p className="flex items-baseline justify-between gap-4">
              <span className="flex items-center gap-2 font-semibold text-slate-900">
                <Lightbulb aria-hidden="true" className="size-5 text-slate-500" />
                Traditional bulb
              </span>
              <span className="text-2xl font-extrabold text-slate-900">${TRADITIONAL_PER_YEAR}/year</span>
            </p>
            <div aria-hidden="true" className="mt-2 h-4 rounded-full bg-slate-400" />
          </li>
          <li>
            <p className="flex items-baseline justify-between gap-4">
              <span className="flex items-center gap-2 font-semibold text-slate-900">
                <Lightbulb aria-hidden="true" className="size-5 text-accent-600" />
                LED bulb
              </span>
              <span className="text-2xl font-extrabold text-brand-800">${LED_PER_YEAR}/year</span>
            </p>
            <div aria-hidden="true" className="mt-2 h-4 rounded-full bg-slate-100">
              <div
                className="h-4 rounded-full bg-accent-400"
                style={{ width: `${(LED_PER_YEAR / TRADITIONAL_PER_YEAR) * 100}%` }}
              />
            </div>
          </li>
        </ul>
        <div className="on-dark rounded-2xl bg-brand-900 p-6 text-center text-white shadow-lg">
          <p className="text-sm font-bold uppercase tracking-widest text-accent-300">You save</p>
          <p className="mt-2 text-5xl font-extrabold">${SAVING_PER_YEAR}/year</p>
          <p className="mt-2 text-brand-100">per bulb, with up to 80% less energy and 25,000+ hours of life</p>
        </div>
      </div>
      <CheckList
        className="mx-auto mt-10 grid max-w-4xl gap-3 text-slate-700 sm:grid-cols-3 sm:space-y-0"
        items={[
          "Less heat in the house, so the AC works less",
          "Instant full brightness, with dimmable options",
          "Fewer ladder trips to change bulbs",
        ]}
      />
    </Section>
  );
}
