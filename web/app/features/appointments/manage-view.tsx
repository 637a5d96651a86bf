import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { CalendarClock, Phone, TriangleAlert, XCircle, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { rescheduleVisitSchema } from "@app/shared/api/appointments";
import { formatWindow, type WindowJson } from "@app/shared/scheduling/windows";
import type { WindowChoices } from "@app/shared/scheduling/window-days";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { ActionOutcome } from "~/features/account/account-view";
import { WindowPicker } from "~/features/scheduling/window-picker";
import { useBusinessFacts } from "~/utils/business-facts";
import { useSchemaForm } from "~/utils/schema-form";
import type { ManagedVisit } from "./manage.server";

/**
 * The pieces of the visit's own page (/appointments/<token>): fixed words
 * about the visit, the form that moves it, the cancel step. Every form is a
 * plain POST to the page, so all of it works without JavaScript.
 */

/** The frame every state of the page shares: one card under one h1. */
export function LinkPageFrame({
  title,
  icon: Icon = CalendarClock,
  wide = false,
  children,
}: {
  title: string;
  icon?: LucideIcon;
  /** Room for several columns on a desk (an estimate's options side by side). */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby="page-heading" className="bg-slate-50 px-4 py-12 sm:py-16">
      <div
        className={`mx-auto ${wide ? "max-w-5xl" : "max-w-2xl"} space-y-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-8`}
      >
        <h1 id="page-heading" className="flex items-center gap-2 text-2xl font-bold text-slate-900 sm:text-3xl">
          <Icon aria-hidden="true" className="size-7 shrink-0 text-brand-700" />
          {title}
        </h1>
        {children}
      </div>
    </section>
  );
}

export function CallUs({ lead = "Questions? Call us at" }: { lead?: string }) {
  const business = useBusinessFacts();
  return (
    <p className="text-slate-700">
      {lead}{" "}
      <a className="inline-flex items-center gap-1 font-semibold text-brand-700 underline" href={business.phoneHref}>
        <Phone aria-hidden="true" className="size-4" />
        {business.phone}
      </a>
      .
    </p>
  );
}

/** An unknown, malformed or expired link, or too many requests: the message, and the phone. */
export function LinkProblem({
  message,
  next = { to: "/", label: "Go to the home page" },
}: {
  message: string;
  /** The way on from here (the home page unless said). */
  next?: { to: string; label: string };
}) {
  return (
    <>
      <Alert tone="warning" role="alert" className="flex items-start gap-3 text-base">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <span>{message}</span>
      </Alert>
      <p>
        <Link to={next.to} className={buttonVariants({ variant: "outline" })}>
          {next.label}
        </Link>
      </p>
    </>
  );
}

function VisitDetails({ visit }: { visit: ManagedVisit }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 rounded-lg bg-slate-50 p-4 sm:grid-cols-[auto_1fr]">
      <dt className="font-semibold text-slate-700">Service</dt>
      <dd className="text-slate-900">{visit.service}</dd>
      <dt className="font-semibold text-slate-700">{visit.isWindow ? "Arrival window" : "Time"}</dt>
      <dd className="text-slate-900">
        <time dateTime={visit.scheduledAt} data-testid="visit-time">
          {visit.time}
        </time>
        {visit.isWindow ? <span className="block text-sm text-slate-600">Baton Rouge time</span> : null}
      </dd>
      <dt className="font-semibold text-slate-700">Status</dt>
      <dd className="text-slate-900" data-testid="visit-status">
        {visit.statusLabel}
      </dd>
      <dt className="font-semibold text-slate-700">Technician</dt>
      <dd className="text-slate-900">{visit.technicianFirstName ?? "We'll assign your technician before the visit"}</dd>
      <dt className="font-semibold text-slate-700">Visit number</dt>
      <dd className="text-slate-900">{`#${visit.id}`}</dd>
    </dl>
  );
}

interface PostedOutcome {
  ok: boolean;
  message: string;
  alternatives?: WindowJson[];
}

/** What the last post did: the message, and after a taken window the next open ones, each a button that moves the visit there. */
function Outcome({ result, canMove }: { result: PostedOutcome | null; canMove: boolean }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const alternatives = canMove && result && !result.ok ? (result.alternatives ?? []) : [];
  return (
    <>
      <ActionOutcome result={result} className="text-base" />
      {alternatives.length ? (
        <Form method="post" aria-labelledby="alternatives-heading" className="space-y-2">
          <h2 id="alternatives-heading" className="text-lg font-semibold text-slate-900">
            Open times instead
          </h2>
          <input type="hidden" name="intent" value="reschedule" />
          <ul className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            {alternatives.map((w) => (
              <li key={w.start}>
                <Button type="submit" variant="outline" name="windowStart" value={w.start} disabled={busy}>
                  {formatWindow({ start: new Date(w.start), end: new Date(w.end) })}
                </Button>
              </li>
            ))}
          </ul>
        </Form>
      ) : null}
    </>
  );
}

/**
 * "Change the time": a day, then one of its open windows (the visit's own left out); it starts
 * afresh once the visit moved.
 */
function RescheduleForm({ choices, result }: { choices: WindowChoices; result?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const moving = navigation.state !== "idle" && navigation.formData?.get("intent") === "reschedule";
  const [form, fields] = useSchemaForm(rescheduleVisitSchema, { id: "reschedule-visit", lastResult: result });
  if (choices.windows.length === 0)
    return <CallUs lead="No other times are open online right now. To move your visit, call us at" />;
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="reschedule" />
      <WindowPicker
        key={fields.windowStart.key}
        field={fields.windowStart}
        choices={choices}
        label="New arrival window"
        hint="Baton Rouge time. Your technician arrives within the window."
        dayLinks
      />
      <Button type="submit" disabled={moving}>
        <CalendarClock aria-hidden="true" />
        {moving ? "Moving your visit..." : "Move my visit"}
      </Button>
    </Form>
  );
}

/** `?step=cancel`: one question, one button, and the way back. */
function CancelStep({ visit, manageHref }: { visit: ManagedVisit; manageHref: string }) {
  const navigation = useNavigation();
  const cancelling = navigation.state !== "idle" && navigation.formData?.get("intent") === "cancel";
  return (
    <section aria-labelledby="cancel-heading" className="space-y-4">
      <h2 id="cancel-heading" className="text-xl font-semibold text-slate-900">
        {visit.timeSet ? `Cancel your visit on ${visit.time}?` : `Cancel your visit #${visit.id}?`}
      </h2>
      <p className="text-slate-700">Our office is told at once, and we email you a confirmation.</p>
      <div className="flex flex-wrap gap-3">
        <Form method="post">
          <input type="hidden" name="intent" value="cancel" />
          <Button type="submit" variant="destructive" disabled={cancelling}>
            <XCircle aria-hidden="true" />
            {cancelling ? "Cancelling..." : "Yes, cancel my visit"}
          </Button>
        </Form>
        <Link to={manageHref} className={buttonVariants({ variant: "outline" })}>
          Keep my visit
        </Link>
      </div>
    </section>
  );
}

/** A cancelled visit: nothing to change; how to book again. */
function CancelledVisit() {
  return (
    <section aria-labelledby="again-heading" className="space-y-3">
      <h2 id="again-heading" className="text-xl font-semibold text-slate-900">
        This visit is cancelled
      </h2>
      <p>
        <Link to="/book" className={buttonVariants()}>
          Book a visit
        </Link>
      </p>
      <CallUs lead="Or call us at" />
    </section>
  );
}

/** What the page's last post answered, as the route's action data carries it. */
export interface ManagePost {
  ok: boolean;
  message: string;
  intent: string | null;
  alternatives?: WindowJson[];
  result?: SubmissionResult<string[]>;
}

/**
 * The visit's page, however the customer reached it (their emailed link, /appointments/<token>, or
 * their account, /account/visits/<id>): its details, then what they may do. `manageHref` is the
 * page's own address (its cancel step is `?step=cancel`).
 */
export function ManageVisit({
  visit,
  choices,
  step,
  post,
  manageHref,
  back,
}: {
  visit: ManagedVisit;
  choices: WindowChoices;
  step: "manage" | "cancel";
  post: ManagePost | undefined;
  manageHref: string;
  /** A way back, shown last (the account's list of visits). */
  back?: ReactNode;
}) {
  const outcome = post
    ? { ok: post.ok, message: post.message, alternatives: post.ok ? undefined : post.alternatives }
    : null;
  const asking = step === "cancel" && visit.changeable;
  return (
    <LinkPageFrame title={asking ? "Cancel your visit?" : "Your visit"}>
      <Outcome result={outcome} canMove={visit.changeable} />
      <VisitDetails visit={visit} />
      {visit.status === "cancelled" ? (
        <CancelledVisit />
      ) : !visit.changeable ? (
        <CallUs lead="This visit can no longer be changed online. To change it, call us at" />
      ) : asking ? (
        <CancelStep visit={visit} manageHref={manageHref} />
      ) : (
        <>
          <section aria-labelledby="reschedule-heading" className="space-y-4">
            <h2 id="reschedule-heading" className="text-xl font-semibold text-slate-900">
              Change the time
            </h2>
            <RescheduleForm choices={choices} result={post?.intent === "reschedule" ? post.result : undefined} />
          </section>
          <section aria-labelledby="cancel-link-heading" className="space-y-2">
            <h2 id="cancel-link-heading" className="text-xl font-semibold text-slate-900">
              Can&apos;t make it?
            </h2>
            <p>
              <Link
                to={`${manageHref}?step=cancel`}
                className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
              >
                Cancel this visit
              </Link>
            </p>
          </section>
          <CallUs />
        </>
      )}
      {back}
    </LinkPageFrame>
  );
}
