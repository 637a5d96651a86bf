import { BadgeCheck, ClipboardCheck, Fan, HandCoins, House, Plug, ShieldCheck, Wrench } from "~/components/site/icons";
import { business } from "@app/shared/business";
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

const offerings = [
  {
    icon: Wrench,
    title: "Electrical Repairs",
    text: "Flickering lights, dead outlets, breakers that won't stay on and switches that spark. We trace the fault to its cause and repair it properly.",
    points: ["Troubleshooting and fault finding", "Breaker and wiring repairs", "Storm and surge damage"],
  },
  {
    icon: Plug,
    title: "Outlet Installation",
    text: "More outlets where you actually need them, and the right kind for each room, from kitchen counters to the garage workbench.",
    points: [
      "GFCI outlets for kitchens, baths and outdoors",
      "USB and 240V appliance outlets",
      "Three-prong upgrades for older homes",
    ],
  },
  {
    icon: ClipboardCheck,
    title: "Safety Inspections",
    text: "A room-by-room check of your panel, wiring, outlets and smoke detectors, with a written report and prices for anything that needs attention.",
    points: [
      "Home purchase and insurance inspections",
      "Aluminum and old cloth wiring checks",
      "Smoke and CO detector testing",
    ],
  },
  {
    icon: Fan,
    title: "Ceiling Fan Installation",
    text: "New fans, replacements for old fixtures and rooms that never had a ceiling box, mounted on a fan-rated box so they run quiet and wobble-free.",
    points: ["Fan-rated box and new wiring", "Wall controls and remotes", "High and vaulted ceilings"],
  },
] as const;

const trustPoints = [
  {
    icon: ShieldCheck,
    title: "Licensed & insured",
    text: "A Louisiana-licensed electrician on every job, fully insured for your protection.",
  },
  {
    icon: HandCoins,
    title: "Price before work",
    text: "You approve a written price before we start. No hourly surprises.",
  },
  {
    icon: House,
    title: "Respect for your home",
    text: "Shoe covers, drop cloths and a full clean-up. We leave rooms as we found them.",
  },
  {
    icon: BadgeCheck,
    title: "Work guaranteed",
    text: "If something we installed isn't right, we come back and make it right.",
  },
] as const;

/** The page at /services/residential: the home services, why homeowners trust us and the process. Its route keeps the headers and meta. */
export function ResidentialView() {
  return (
    <ServicePage
      slug="residential"
      title="Residential Electrical Services"
      intro="From a dead outlet to a full safety inspection, our licensed electricians find the real cause, fix it to code and make sure the rest of your home's wiring is sound."
      actions={
        <>
          <CallButton />
          <ContactButton>Request a Free Estimate</ContactButton>
        </>
      }
      aside={
        <GlanceCard
          title="For your home"
          items={[
            { value: "Free", label: "Written estimates before any work" },
            { value: "24/7", label: "Emergency line for urgent problems" },
            { value: `${business.reviews.rating} / 5`, label: `Rated by ${business.reviews.count} customers` },
          ]}
        />
      }
      closing={
        <CtaBand
          title="Have a problem or a project at home?"
          text="Tell us what's going on and we'll schedule a licensed electrician at a time that suits you, with the price agreed up front."
        />
      }
    >
      <Section
        id="offerings"
        eyebrow="What we do"
        title="Home electrical services"
        intro="Everyday repairs and upgrades, done safely and neatly."
      >
        <ul className="grid gap-6 md:grid-cols-2">
          {offerings.map((o) => (
            <li key={o.title} className="h-full">
              <FeatureCard icon={o.icon} title={o.title} className="h-full">
                <p>{o.text}</p>
                <CheckList items={o.points} className="mt-4 text-sm text-slate-700" />
              </FeatureCard>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="trust" tone="muted" eyebrow="Peace of mind" title="Why homeowners trust us">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {trustPoints.map((t) => (
            <li key={t.title} className="h-full">
              <FeatureCard icon={t.icon} title={t.title} className="h-full">
                {t.text}
              </FeatureCard>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="process" eyebrow="How it works" title="Our three-step process">
        <ProcessSteps
          steps={[
            {
              title: "Assessment",
              text: "We listen, inspect and test to find the real cause, then explain your options and give you a written price.",
            },
            {
              title: "Professional Work",
              text: "A licensed electrician does the work to the National Electrical Code, protecting your floors and furniture as we go.",
            },
            {
              title: "Quality Assurance",
              text: "We test every circuit we touched, walk you through what was done and clean up completely before we leave.",
            },
          ]}
        />
      </Section>
    </ServicePage>
  );
}
