import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { ArrowRight, CalendarCheck, Phone, Siren, TriangleAlert } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { bookOnlineSchema, bookWindowSchema, onlineServices } from "@app/shared/api/book-online";
import { serviceBySlug, type ServiceSlug } from "@app/shared/business";
import { dayOfWindow, windowChoiceLabel, type WindowChoices } from "@app/shared/scheduling/window-days";
import { formatWindow, type WindowJson } from "@app/shared/scheduling/windows";
import { formatShortWeekdayDate } from "@app/shared/time";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { TextareaField, TextField } from "~/components/ui/field";
import { EmailField, FullNameField, PhoneField, TextConsentField } from "~/components/ui/person-fields";
import { WindowPicker } from "~/features/scheduling/window-picker";
import { useBusinessFacts } from "~/utils/business-facts";
import { useSchemaForm } from "~/utils/schema-form";
import { cn } from "~/utils/cn";
import type { BookPage } from "./book-online.server";
import { useFocusOnArrival } from "./focus-on-arrival";

/**
 * The steps of /book (docs/product.md#book-online), one page each: the service, the day and its
 * windows, the visitor's details. Every step is a plain form or link (GET for the first steps, POST
 * for the last), so all of it works without JavaScript; with it, the same forms go through the
 * page's own data requests and a day's windows show without leaving the page.
 */

const STEPS = ["Service", "Day", "Time", "Your details"] as const;

/** Where the visitor is: the four steps, the current one marked. */
function StepList({ current }: { current: 1 | 2 | 3 | 4 }) {
  return (
    <ol aria-label="Booking steps" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {STEPS.map((name, i) => (
        <li
          key={name}
          aria-current={i + 1 === current ? "step" : undefined}
          className={cn(i + 1 === current ? "font-semibold text-brand-800" : "text-slate-600")}
        >
          <span aria-hidden="true">{i + 1}. </span>
          {name}
        </li>
      ))}
    </ol>
  );
}

/**
 * A step's heading: it takes focus when the visitor arrived here from another step in the page
 * (a client-side navigation), so a screen reader reads where they are; a page load starts at the top.
 */
function StepHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useFocusOnArrival(ref);
  return (
    <h2
      ref={ref}
      tabIndex={-1}
      id="step-heading"
      className="scroll-mt-24 text-2xl font-bold text-slate-900 focus:outline-none"
    >
      {children}
    </h2>
  );
}

/** Step 1: the services, each a link to its calendar; an emergency is a call. */
export function ServiceStep({ notice }: { notice: string | null }) {
  const business = useBusinessFacts();
  return (
    <section aria-labelledby="step-heading" className="space-y-6">
      <StepList current={1} />
      <StepHeading>What do you need?</StepHeading>
      {notice ? (
        <Alert tone="warning" role="alert">
          {notice}
        </Alert>
      ) : null}
      <ul className="grid gap-3 sm:grid-cols-2">
        {onlineServices.map((s) => (
          <li key={s.slug}>
            <Link
              to={`/book?service=${s.slug}`}
              className="group flex h-full flex-col gap-1 rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-400 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              <span className="flex items-center justify-between gap-2 text-lg font-semibold text-brand-900">
                {s.name}
                <ArrowRight aria-hidden="true" className="size-5 shrink-0" />
              </span>
              <span className="text-sm text-slate-700">{s.summary}</span>
            </Link>
          </li>
        ))}
        <li>
          <a
            href={business.phoneHref}
            className="flex h-full flex-col gap-1 rounded-xl border border-red-200 bg-red-50 p-4 text-red-900 hover:bg-red-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
          >
            <span className="flex items-center gap-2 text-lg font-semibold">
              <Siren aria-hidden="true" className="size-5 shrink-0" />
              Emergency? Call {business.phone} now
            </span>
            <span className="text-sm">
              Emergencies are not booked online: a live person answers {business.emergency.available}.
            </span>
          </a>
        </li>
      </ul>
    </section>
  );
}

/** /book?service=emergency: never a window; call now. */
export function EmergencyStep() {
  const business = useBusinessFacts();
  return (
    <section aria-labelledby="step-heading" className="space-y-5">
      <StepHeading>Emergency service: call us now</StepHeading>
      <Alert tone="destructive" className="space-y-3 text-base">
        <p>
          An electrical emergency is not booked into a time: call our emergency line now. A live person answers{" "}
          {business.emergency.available}, and an electrician is usually with you in {business.emergency.responseTime}{" "}
          minutes.
        </p>
        <a href={business.phoneHref} className={buttonVariants({ variant: "destructive", size: "lg" })}>
          <Phone aria-hidden="true" />
          Call {business.phone} now
        </a>
      </Alert>
      <p>
        <Link to="/book" className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
          Book a visit for something else
        </Link>
      </p>
    </section>
  );
}

/** The service chosen, with the way back to step 1. */
function ChosenService({ service }: { service: ServiceSlug }) {
  return (
    <p className="text-slate-700">
      Service: <strong className="text-slate-900">{serviceBySlug(service).name}</strong>{" "}
      <Link to="/book" className="ml-1 font-semibold text-brand-700 underline">
        Change<span className="sr-only"> the service</span>
      </Link>
    </p>
  );
}

/** Steps 2 and 3: a day, then one of its windows; "Continue" goes to the details (a GET with the window chosen). */
export function DayStep({
  service,
  choices,
  notice,
  answer,
}: {
  service: ServiceSlug;
  choices: WindowChoices;
  notice: string | null;
  /** A post refused for its window (one that is no window at all): its messages show here. */
  answer?: DetailsAnswer;
}) {
  const { search } = useLocation();
  const [form, fields] = useSchemaForm(bookWindowSchema, {
    id: "book-window",
    defaultValue: { service },
    lastResult: answer?.result,
  });
  const shown = answer && !answer.ok ? answer.message : notice;
  const [dayChosen, setDayChosen] = useState(new URLSearchParams(search).has("day"));
  return (
    <section aria-labelledby="step-heading" className="space-y-5">
      <StepList current={dayChosen ? 3 : 2} />
      <StepHeading>When should we come?</StepHeading>
      <ChosenService service={service} />
      {shown ? (
        <Alert tone="warning" role="alert">
          {shown}
        </Alert>
      ) : null}
      {choices.windows.length === 0 ? (
        <NoOpenTimes />
      ) : (
        <Form method="get" action="/book" {...getFormProps(form)} className="space-y-5">
          <input {...getInputProps(fields.service, { type: "hidden" })} key={fields.service.key} />
          <WindowPicker
            key={fields.windowStart.key}
            field={fields.windowStart}
            choices={choices}
            label="Choose a day, then an arrival window"
            hint="Baton Rouge time. Your technician arrives within the window you choose."
            dayLinks
            onDayChange={() => setDayChosen(true)}
          />
          <Button type="submit" size="lg">
            Continue
            <ArrowRight aria-hidden="true" />
          </Button>
        </Form>
      )}
    </section>
  );
}

function NoOpenTimes() {
  const business = useBusinessFacts();
  return (
    <Alert tone="warning">
      No times are open online in the coming weeks. Please call us at{" "}
      <a className="font-semibold underline" href={business.phoneHref}>
        {business.phone}
      </a>{" "}
      and we&apos;ll find you one.
    </Alert>
  );
}

/** What the last post answered, for the details form. */
export interface DetailsAnswer {
  ok: boolean;
  message: string;
  result: SubmissionResult<string[]>;
}

type DetailsPage = Extract<BookPage, { step: "details" }>;

/** Step 4: the window chosen (or, when it filled up meanwhile, the next open ones) and who and where; "Confirm booking" posts. */
export function DetailsStep({ page, answer }: { page: DetailsPage; answer: DetailsAnswer | undefined }) {
  const { search } = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const { service, window, notice, alternatives, prefill, texting } = page;
  const [form, fields] = useSchemaForm(bookOnlineSchema, {
    id: "book-details",
    lastResult: answer?.result,
    defaultValue: { service, windowStart: window.start, ...prefill },
  });
  const refusal = answer && !answer.ok ? answer.message : notice;
  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (answer && !answer.ok) alertRef.current?.focus();
  }, [answer]);
  const dayHref = `/book?${new URLSearchParams({ service, day: dayOfWindow(window.start) })}#step-heading`;
  return (
    <section aria-labelledby="step-heading" className="space-y-5">
      <StepList current={4} />
      <StepHeading>Your details</StepHeading>
      <dl className="grid gap-x-6 gap-y-2 rounded-lg bg-slate-50 p-4 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold text-slate-700">Service</dt>
        <dd className="text-slate-900">
          {serviceBySlug(service).name}{" "}
          <Link to="/book" className="ml-1 font-semibold text-brand-700 underline">
            Change<span className="sr-only"> the service</span>
          </Link>
        </dd>
        <dt className="font-semibold text-slate-700">Arrival window</dt>
        <dd className="text-slate-900">
          <span className={cn(notice && "line-through")}>
            {formatWindow({ start: new Date(window.start), end: new Date(window.end) })}
          </span>{" "}
          <Link to={dayHref} className="ml-1 font-semibold text-brand-700 underline">
            Change<span className="sr-only"> the time</span>
          </Link>
          <span className="block text-sm text-slate-600">Baton Rouge time</span>
        </dd>
      </dl>
      {refusal ? (
        <div
          ref={alertRef}
          tabIndex={-1}
          className="scroll-mt-24 rounded-lg focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <Alert tone="destructive" role="alert" className="flex items-start gap-3 text-base">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <span>{refusal}</span>
          </Alert>
        </div>
      ) : null}
      <Form method="post" action={`/book${search}`} {...getFormProps(form)} className="space-y-5">
        <input {...getInputProps(fields.service, { type: "hidden" })} key={fields.service.key} />
        {notice ? (
          <Alternatives field={fields.windowStart} windows={alternatives} dayHref={dayHref} />
        ) : (
          <input type="hidden" name={fields.windowStart.name} value={window.start} />
        )}
        <div className="grid gap-5 sm:grid-cols-2">
          <FullNameField field={fields.customerName} />
          <PhoneField field={fields.customerPhone} />
          <EmailField
            field={fields.customerEmail}
            hint={prefill ? "Your account's confirmed address." : "We email your confirmation here."}
            readOnly={Boolean(prefill)}
          />
          <TextField field={fields.address} label="Service address" autoComplete="street-address" />
        </div>
        <TextareaField
          field={fields.description}
          label="Anything we should know?"
          hint="Optional: what's going on, the panel's brand, how to get in."
          rows={3}
        />
        {texting ? <TextConsentField field={fields.textConsent} /> : null}
        <Button type="submit" size="lg" aria-disabled={busy || undefined} className="aria-disabled:opacity-70">
          <CalendarCheck aria-hidden="true" />
          {busy ? "Booking…" : "Confirm booking"}
        </Button>
      </Form>
    </section>
  );
}

/** When the window chosen filled up: the next open ones, to choose from without typing anything again. */
function Alternatives({
  field,
  windows,
  dayHref,
}: {
  field: { name: string; initialValue?: unknown };
  windows: WindowJson[];
  dayHref: string;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold text-slate-900">Open times instead</legend>
      <div className="grid gap-2">
        {windows.map((w) => (
          <label
            key={w.start}
            className="flex cursor-pointer items-center gap-3 rounded-md border border-slate-300 bg-white px-3 py-2.5 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
          >
            <input
              type="radio"
              name={field.name}
              value={w.start}
              defaultChecked={field.initialValue === w.start}
              required
              className="size-4 accent-brand-700"
            />
            {formatShortWeekdayDate(new Date(w.start))}, {windowChoiceLabel(w)}
          </label>
        ))}
      </div>
      <p className="text-sm">
        <Link to={dayHref} className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
          Choose another day
        </Link>
      </p>
    </fieldset>
  );
}
