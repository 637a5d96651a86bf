import { BOOKING_INTENTS } from "~/features/bookings/bookings-intents";
import { getFormProps } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { CalendarClock } from "lucide-react";
import { moveFields, moveVisitSchema, windowStartLabel, windowStarts, type MoveFields } from "@app/shared/api/dispatch";
import type { TechnicianChoice } from "@app/shared/scheduling/technicians";
import { formatWindowRange } from "@app/shared/scheduling/windows";
import { formatShortWeekdayDate } from "@app/shared/time";
import { Alert } from "~/components/ui/alert";
import { Outcome } from "~/components/ui/outcome";
import { Button } from "~/components/ui/button";
import { SelectField, TextField } from "~/components/ui/field";
import { useSchemaForm, type ActionFailure } from "~/utils/schema-form";
import type { StaffActionResult } from "./action-result";
import { TechnicianOptions } from "./technician-select";

/** The visit a Move form moves: its number, time and technician as the page has them. */
export interface MovableVisit {
  id: number;
  /** ISO 8601. */
  scheduledDate: string;
  technicianId: number | null;
  technicianName: string | null;
}

/** Whether a page's answer is this visit's move (a post without JavaScript answers the whole page). */
function answerFor(result: StaffActionResult | undefined, bookingId: number) {
  if (result?.intent !== "move-visit") return undefined;
  const posted: unknown = result.ok ? result.bookingId : result.result.initialValue?.bookingId;
  return (typeof posted === "number" || typeof posted === "string") && String(posted) === String(bookingId)
    ? result
    : undefined;
}

/**
 * Moves a visit (docs/product.md#moving-a-visit): its day, an arrival window or an exact time, and
 * its technician, in one post (`intent=move-visit`, moveVisitSchema) to `action`, the page whose
 * action takes it (the booking's page, the calendar, the dispatch board). A plain form without
 * JavaScript; with it, a fetcher, so the page stays where it is. What it did is said under it, in
 * view and focused; a refusal says why and offers the alternatives the server found, each one button.
 */
export function MoveVisitForm({
  visit,
  technicians,
  action,
  posted,
  answeredAbove,
}: {
  visit: MovableVisit;
  technicians: readonly TechnicianChoice[];
  action?: string;
  /** The page's own answer, after a post without JavaScript. */
  posted?: StaffActionResult;
  /**
   * The page shows the answer of every move in one place (the dispatch board, whose cards move when
   * they are moved): the form posts through the page's fetcher (`fetcherKey`), marked `via=form` so
   * the page knows a form asked, and shows nothing of its own.
   */
  answeredAbove?: { fetcherKey: string };
}) {
  const fetcher = useFetcher<StaffActionResult>({ key: answeredAbove?.fetcherKey ?? `move-visit-${visit.id}` });
  const result = answeredAbove ? undefined : (answerFor(fetcher.data, visit.id) ?? answerFor(posted, visit.id));
  const start = moveFields(new Date(visit.scheduledDate), visit.technicianId);
  const [form, fields] = useSchemaForm(moveVisitSchema, {
    id: `move-${visit.id}`,
    lastResult: fetcher.state === "idle" ? result?.result : undefined,
    defaultValue: start,
  });
  const busy = fetcher.state !== "idle";
  return (
    <div className="space-y-3">
      <fetcher.Form method="post" action={action} {...getFormProps(form)} className="grid gap-3">
        <input type="hidden" name="intent" value={BOOKING_INTENTS.moveVisit} />
        <input type="hidden" name="bookingId" value={visit.id} />
        {answeredAbove ? <input type="hidden" name="via" value="form" /> : null}
        <TextField field={fields.date} label="Day" type="date" />
        <SelectField field={fields.window} label="Arrival window">
          <option value="">Exact time instead</option>
          {windowStarts.map((w) => (
            <option key={w} value={w}>
              {windowStartLabel(w)}
            </option>
          ))}
        </SelectField>
        <TextField
          field={fields.time}
          label="Exact time"
          type="time"
          hint="Used when the window is “Exact time instead”."
        />
        <SelectField field={fields.technicianId} label="Technician">
          <TechnicianOptions booking={visit} technicians={technicians} />
        </SelectField>
        <div>
          <Button type="submit" disabled={busy}>
            <CalendarClock aria-hidden="true" />
            {busy ? "Moving..." : "Move visit"}
            <span className="sr-only"> #{visit.id}</span>
          </Button>
        </div>
      </fetcher.Form>
      {/* What the move did, in view and focused (with JavaScript or without: components/ui/outcome.tsx). */}
      {result && !busy ? (
        <Outcome
          id={result.ok ? undefined : form.errorId}
          tone={result.ok ? "success" : "destructive"}
          revealKey={result.at}
          className="p-3 font-medium"
        >
          {result.message}
        </Outcome>
      ) : null}
      {result && !result.ok && !busy ? (
        <MoveAlternatives
          refusal={result}
          bookingId={visit.id}
          tried={triedFields(result, start)}
          action={action}
          fetcherKey={`move-visit-${visit.id}`}
        />
      ) : null}
    </div>
  );
}

/** The fields a refused move posted (Conform gives them back), else the visit's own. */
function triedFields(refusal: ActionFailure, fallback: MoveFields): MoveFields {
  const sent = (refusal.result.initialValue ?? {}) as Partial<Record<keyof MoveFields, unknown>>;
  const text = (key: keyof MoveFields) => {
    const value = sent[key];
    return typeof value === "string" ? value : fallback[key];
  };
  return { date: text("date"), window: text("window"), time: text("time"), technicianId: text("technicianId") };
}

/**
 * What a refused move may do instead: give the visit to a technician free then, or keep the
 * technician and take one of their nearest open windows. Each is a form of hidden fields and one
 * button, posting the same move with that one change (with or without JavaScript).
 */
export function MoveAlternatives({
  refusal,
  bookingId,
  tried,
  action,
  fetcherKey,
}: {
  refusal: Pick<ActionFailure, "alternatives" | "freeTechnicians">;
  bookingId: number;
  tried: MoveFields;
  action?: string;
  fetcherKey: string;
}) {
  const fetcher = useFetcher<StaffActionResult>({ key: fetcherKey });
  const technicians = refusal.freeTechnicians ?? [];
  const windows = refusal.alternatives ?? [];
  if (technicians.length === 0 && windows.length === 0) return null;
  const choices = [
    ...technicians.map((t) => ({
      key: `t${t.id}`,
      label: `Give it to ${t.name}`,
      fields: { ...tried, technicianId: String(t.id) },
    })),
    ...windows.map((w) => {
      const window = { start: new Date(w.start), end: new Date(w.end) };
      return {
        key: `w${w.start}`,
        label: `Keep the technician: ${formatShortWeekdayDate(window.start)}, ${formatWindowRange(window)}`,
        fields: { ...moveFields(window.start, null), technicianId: tried.technicianId },
      };
    }),
  ];
  return (
    <Alert tone="warning" className="space-y-2">
      <p className="font-semibold">Open instead</p>
      <ul className="flex flex-wrap gap-2">
        {choices.map((choice) => (
          <li key={choice.key}>
            <fetcher.Form method="post" action={action}>
              <input type="hidden" name="intent" value={BOOKING_INTENTS.moveVisit} />
              <input type="hidden" name="bookingId" value={bookingId} />
              {Object.entries(choice.fields).map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
              <Button type="submit" size="sm" variant="outline" disabled={fetcher.state !== "idle"}>
                {choice.label}
              </Button>
            </fetcher.Form>
          </li>
        ))}
      </ul>
    </Alert>
  );
}
