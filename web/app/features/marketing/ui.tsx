/**
 * Building blocks of the marketing pages: layout bands, headings, hero,
 * breadcrumb, call and contact buttons, lists, process steps, the closing
 * call-to-action. Server-rendered markup only (no client state).
 */
import { Link } from "@remix-run/react";
import {
  ArrowLeft,
  ArrowRight,
  CalendarCheck,
  ChevronRight,
  CircleCheck,
  Phone,
  type SiteIcon,
} from "~/components/site/icons";
import { useId, type ReactNode } from "react";
import { buttonVariants } from "~/components/ui/button-variants";
import { clsx as cn } from "clsx";
import { useBusinessFacts } from "~/utils/business-facts";
import type { ServiceSlug } from "@app/shared/business";

export function Container({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cn("mx-auto max-w-6xl px-4 sm:px-6", className)}>{children}</div>;
}

type Tone = "white" | "muted" | "brand";

const toneClass: Record<Tone, string> = {
  white: "bg-white",
  muted: "bg-slate-50",
  brand: "on-dark bg-brand-900 text-white",
};

/** A full-width band with an h2 (labelled for assistive technology) and its content. */
export function Section({
  id,
  eyebrow,
  title,
  intro,
  tone = "white",
  align = "center",
  className,
  children,
}: {
  id: string;
  eyebrow?: string;
  title: ReactNode;
  intro?: ReactNode;
  tone?: Tone;
  align?: "center" | "left";
  className?: string;
  children?: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className={cn("py-16 sm:py-20", toneClass[tone], className)}>
      <Container>
        <SectionHeading
          id={`${id}-heading`}
          eyebrow={eyebrow}
          title={title}
          intro={intro}
          align={align}
          inverse={tone === "brand"}
        />
        {children ? <div className="mt-10 sm:mt-12">{children}</div> : null}
      </Container>
    </section>
  );
}

function SectionHeading({
  id,
  eyebrow,
  title,
  intro,
  align = "center",
  inverse = false,
}: {
  id: string;
  eyebrow?: string;
  title: ReactNode;
  intro?: ReactNode;
  align?: "center" | "left";
  inverse?: boolean;
}) {
  return (
    <div className={cn("max-w-3xl", align === "center" && "mx-auto text-center")}>
      {eyebrow ? (
        <p
          className={cn("text-sm font-bold uppercase tracking-widest", inverse ? "text-accent-300" : "text-brand-700")}
        >
          {eyebrow}
        </p>
      ) : null}
      <h2
        id={id}
        className={cn(
          "mt-2 text-3xl font-extrabold tracking-tight sm:text-4xl",
          inverse ? "text-white" : "text-slate-900",
        )}
      >
        {title}
      </h2>
      {intro ? (
        <p className={cn("mt-4 text-lg leading-8", inverse ? "text-brand-100" : "text-slate-600")}>{intro}</p>
      ) : null}
    </div>
  );
}

export interface BreadcrumbItem {
  name: string;
  /** Omitted for the current page. */
  to?: string;
}

/** Home / … / current page, as a labelled nav with the last item marked current. */
function Breadcrumbs({ items }: { items: readonly BreadcrumbItem[] }) {
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex flex-wrap items-center gap-x-1 gap-y-1 text-sm text-brand-100">
        {items.map((item, i) => (
          <li key={item.name} className="flex items-center gap-1">
            {i > 0 ? <ChevronRight aria-hidden="true" className="size-4 text-brand-300" /> : null}
            {item.to ? (
              <Link
                to={item.to}
                className="inline-flex min-h-11 min-w-11 items-center rounded-sm underline-offset-4 hover:text-white hover:underline"
              >
                {item.name}
              </Link>
            ) : (
              <span aria-current="page" className="font-semibold text-white">
                {item.name}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** Decorative circuit traces for dark hero bands; pure SVG, no request. */
export function CircuitPattern({ className }: { className?: string }) {
  const id = `circuit${useId().replace(/:/g, "")}`;
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      className={cn("pointer-events-none absolute inset-0 h-full w-full", className)}
    >
      <defs>
        <pattern id={id} width="120" height="120" patternUnits="userSpaceOnUse">
          <path
            d="M0 60h36l12-12h24l12 12h36M60 0v30l-8 8M60 120V90l10-10"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.2"
          />
          <circle cx="36" cy="60" r="3" fill="currentColor" />
          <circle cx="84" cy="60" r="3" fill="currentColor" />
          <circle cx="52" cy="38" r="2.5" fill="currentColor" />
          <circle cx="70" cy="80" r="2.5" fill="currentColor" />
        </pattern>
      </defs>
      <rect width="100%" height="100%" fill={`url(#${id})`} />
    </svg>
  );
}

/** The dark band that opens every marketing page, with the page's h1. */
export function PageHero({
  breadcrumb,
  eyebrow,
  icon: Icon,
  title,
  intro,
  actions,
  aside,
}: {
  breadcrumb?: readonly BreadcrumbItem[];
  eyebrow?: string;
  icon?: SiteIcon;
  title: ReactNode;
  intro: ReactNode;
  actions?: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <section className="on-dark relative isolate overflow-hidden bg-brand-900 text-white">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top_right,_#1e40af_0%,_transparent_60%)]"
      />
      <CircuitPattern className="-z-10 text-white/[0.06]" />
      <Container className="py-12 sm:py-16 lg:py-20">
        {breadcrumb ? <Breadcrumbs items={breadcrumb} /> : null}
        <div className={cn("grid items-center gap-10", aside && "lg:grid-cols-[1.5fr_1fr]", breadcrumb && "mt-6")}>
          <div>
            {eyebrow ? (
              <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-semibold text-accent-300 ring-1 ring-inset ring-white/15">
                {Icon ? <Icon aria-hidden="true" className="size-4" /> : null}
                {eyebrow}
              </p>
            ) : null}
            <h1 className="mt-4 max-w-3xl text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">{title}</h1>
            <p className="mt-5 max-w-2xl text-lg leading-8 text-brand-100">{intro}</p>
            {actions ? <div className="mt-8 flex flex-wrap gap-3">{actions}</div> : null}
          </div>
          {aside ? <div>{aside}</div> : null}
        </div>
      </Container>
    </section>
  );
}

type ButtonLook = {
  variant?: "accent" | "default" | "inverse" | "outline-inverse" | "outline" | "destructive";
  size?: "default" | "lg";
};

/** Tap-to-call: "Call (225) 555-0142". */
export function CallButton({
  variant = "accent",
  size = "lg",
  className,
  label = "Call",
}: ButtonLook & { className?: string; label?: string }) {
  const business = useBusinessFacts();
  return (
    <a href={business.phoneHref} className={cn(buttonVariants({ variant, size }), className)}>
      <Phone aria-hidden="true" />
      {label} {business.phone}
    </a>
  );
}

/** A call to action that books a visit of this service online (/book, its service already chosen). */
export function BookOnlineButton({
  slug,
  variant = "inverse",
  size = "lg",
  className,
}: ButtonLook & { slug: ServiceSlug; className?: string }) {
  return (
    <Link to={`/book?service=${slug}`} prefetch="intent" className={cn(buttonVariants({ variant, size }), className)}>
      <CalendarCheck aria-hidden="true" />
      Book online
    </Link>
  );
}

/** A call to action that leads to the contact page (quotes, consultations, inspections). */
export function ContactButton({
  children,
  variant = "outline-inverse",
  size = "lg",
  className,
}: ButtonLook & { children: ReactNode; className?: string }) {
  return (
    <Link to="/contact" prefetch="intent" className={cn(buttonVariants({ variant, size }), className)}>
      {children}
      <ArrowRight aria-hidden="true" />
    </Link>
  );
}

export function CheckList({
  items,
  className,
  inverse = false,
}: {
  items: readonly ReactNode[];
  className?: string;
  inverse?: boolean;
}) {
  return (
    <ul className={cn("space-y-2.5", className)}>
      {items.map((item, i) => (
        <li key={i} className="flex gap-2.5">
          <CircleCheck
            aria-hidden="true"
            className={cn("mt-0.5 size-5 shrink-0", inverse ? "text-accent-300" : "text-brand-600")}
          />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** An icon tile with a heading and text; the heading level follows the page outline. */
export function FeatureCard({
  icon: Icon,
  title,
  children,
  level = 3,
  className,
}: {
  icon: SiteIcon;
  title: string;
  children: ReactNode;
  level?: 2 | 3;
  className?: string;
}) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <div className={cn("rounded-xl border border-slate-200 bg-white p-6 shadow-sm", className)}>
      <span className="flex size-12 items-center justify-center rounded-lg bg-brand-50 text-brand-700 ring-1 ring-inset ring-brand-100">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <Heading className="mt-4 text-lg font-bold text-slate-900">{title}</Heading>
      <div className="mt-2 leading-7 text-slate-600">{children}</div>
    </div>
  );
}

export interface Step {
  title: string;
  text: string;
}

/** A numbered, ordered process ("1 Assessment → 2 … "). */
export function ProcessSteps({ steps }: { steps: readonly Step[] }) {
  return (
    <ol className={cn("grid gap-6 sm:grid-cols-2", steps.length === 3 ? "lg:grid-cols-3" : "lg:grid-cols-4")}>
      {steps.map((step, i) => (
        <li key={step.title} className="relative rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <span
            aria-hidden="true"
            className="flex size-10 items-center justify-center rounded-full bg-accent-400 text-lg font-extrabold text-slate-900"
          >
            {i + 1}
          </span>
          <h3 className="mt-4 text-lg font-bold text-slate-900">
            <span className="sr-only">Step {i + 1}: </span>
            {step.title}
          </h3>
          <p className="mt-2 leading-7 text-slate-600">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}

/** The closing band: call, and (unless `contactLabel` is null) a link to the contact page. */
export function CtaBand({
  title,
  text,
  contactLabel = "Request a Free Estimate",
}: {
  title: string;
  text: ReactNode;
  contactLabel?: string | null;
}) {
  return (
    <section aria-labelledby="cta-heading" className="bg-white py-16 sm:py-20">
      <Container>
        <div className="on-dark relative isolate overflow-hidden rounded-2xl bg-gradient-to-br from-brand-800 to-brand-950 px-6 py-12 text-center text-white shadow-xl sm:px-12 sm:py-14">
          <CircuitPattern className="-z-10 text-white/[0.05]" />
          <h2 id="cta-heading" className="text-3xl font-extrabold tracking-tight sm:text-4xl">
            {title}
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg leading-8 text-brand-100">{text}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <CallButton />
            {contactLabel ? <ContactButton>{contactLabel}</ContactButton> : null}
          </div>
        </div>
      </Container>
    </section>
  );
}

export function BackToServices() {
  return (
    <Container className="pt-10">
      <Link to="/services" prefetch="intent" className={buttonVariants({ variant: "outline" })}>
        <ArrowLeft aria-hidden="true" />
        Back to Services
      </Link>
    </Container>
  );
}

/** Five stars filled to `rating` (e.g. 4.9), drawn with SVG; decorative, the number is in the text. */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  const id = `stars${useId().replace(/:/g, "")}`;
  return (
    <span aria-hidden="true" className={cn("inline-flex gap-0.5", className)}>
      {[0, 1, 2, 3, 4].map((i) => {
        const fill = Math.max(0, Math.min(1, rating - i));
        return (
          <svg key={i} viewBox="0 0 20 20" className="size-5">
            <defs>
              <linearGradient id={`${id}-${i}`}>
                <stop offset={`${fill * 100}%`} stopColor="#eab308" />
                <stop offset={`${fill * 100}%`} stopColor="#cbd5e1" />
              </linearGradient>
            </defs>
            <path
              fill={`url(#${id}-${i})`}
              d="M10 1.5l2.6 5.4 5.9.8-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.8z"
            />
          </svg>
        );
      })}
    </span>
  );
}

/**
 * A service page's word about the maintenance plans (docs/product.md#plans): what a plan does for this service,
 * and the link to /plans.
 */
export function PlansCallout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <aside
      aria-label={title}
      className="mx-auto mt-10 flex max-w-2xl flex-col items-start gap-3 rounded-xl bg-accent-50 p-5 text-slate-900 ring-1 ring-inset ring-accent-200 sm:flex-row sm:items-center sm:justify-between"
    >
      <p>
        <strong>{title}</strong> {children}
      </p>
      <Link
        to="/plans"
        className="inline-flex min-h-11 shrink-0 items-center gap-1 font-semibold text-brand-800 underline"
      >
        See the plans
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </aside>
  );
}
