import { useLocation } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from "react";
import {
  dayNote,
  dayOfWindow,
  dayWords,
  windowChoiceLabel,
  windowDays,
  windowsOfDay,
  type WindowChoices,
  type WindowDay,
} from "@app/shared/scheduling/window-days";
import { addLocalDays, formatLocalDay, parseLocalDate } from "@app/shared/time";
import type { FieldMeta } from "~/components/ui/field";
import { cn } from "~/utils/cn";
import { useHydrated } from "~/utils/use-hydrated";
import { pickerKey, pickerTabStop } from "./picker-keys";

/**
 * The day-then-window choice (docs/product.md#booking-rules) of every form that asks a customer
 * for an arrival window: /book, the chat's appointment form, the portal's request form and the
 * manage link's "Change the time". A calendar of the coming days (open ones chosen, fully booked
 * and closed ones named as such), then the chosen day's open windows as radio buttons, each with
 * the places it has left. The form posts the window's start under the field's name, as the
 * schedule gave it.
 *
 * Without JavaScript (`dayLinks`) each open day is a link to this page with `?day=`, which the
 * server renders with that day's windows, scrolled to them (the link's `#` names them); once the
 * page's code runs, the days are buttons that show a day's windows in place (nothing typed
 * elsewhere in the form is lost) and bring them into view, and they are one Tab stop: the arrow
 * keys, Home and End move between the open days (picker-keys.ts).
 */

/** The hint of an optional window choice. */
export const WINDOW_HINT = "Baton Rouge time. With no preference, we call you to arrange a time.";

/** The optional choice's way out. */
const NO_WINDOW_PREFERENCE = "No preference: call me to arrange";

const WEEKDAY_INITIALS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;
/** The first day's column (Tailwind needs each class written out). */
const COLUMN_START = [
  "col-start-1",
  "col-start-2",
  "col-start-3",
  "col-start-4",
  "col-start-5",
  "col-start-6",
  "col-start-7",
];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

export interface WindowPickerProps {
  /** The form's window field (Conform's `fields.windowStart`): its name, ids, starting value and errors. */
  field: FieldMeta;
  /** What the schedule offers; null while it loads. */
  choices: WindowChoices | null;
  label: string;
  hint?: string;
  /** An optional choice: the day's list ends with "No preference: call me to arrange". */
  noPreference?: boolean;
  /**
   * Days are links without JavaScript: this page with `?day=` (and the day's windows as its `#`),
   * read back as the day shown. Left out (the chat, which runs only with JavaScript), days are buttons.
   */
  dayLinks?: boolean;
  /** Told when the visitor chooses a day (with JavaScript). */
  onDayChange?: (date: string) => void;
}

/** The day a page's `?day=` names, when it is a real date. */
function dayParam(search: string): string | null {
  const day = new URLSearchParams(search).get("day");
  return day && parseLocalDate(day) ? day : null;
}

/** The day of a chosen window's start, when it reads as an instant (a refused post may send back anything). */
function dayOfChosen(value: string): string | null {
  return value && !Number.isNaN(new Date(value).getTime()) ? dayOfWindow(value) : null;
}

/** Whether `day` is one of the days the choice shows. */
const shows = (choices: WindowChoices, day: string) =>
  day >= choices.from && day <= addLocalDays(choices.from, choices.days - 1);

export function WindowPicker(props: WindowPickerProps) {
  return props.dayLinks ? <PageWindowPicker {...props} /> : <Picker {...props} search="" />;
}

/** A page's picker: its days link to the page itself with `?day=`, and the page's `?day=` is the day shown. */
function PageWindowPicker(props: WindowPickerProps) {
  const { search } = useLocation();
  return <Picker {...props} search={search} />;
}

/**
 * The picker itself, outside any router: the chat's form also runs on pages without the app
 * (docs/decisions/025-public-pages-without-app-scripts.md), so only a page's picker reads its address.
 */
function Picker({
  field,
  choices,
  label,
  hint,
  noPreference = false,
  dayLinks = false,
  onDayChange,
  search,
}: WindowPickerProps & { search: string }) {
  const hydrated = useHydrated();
  const initial = typeof field.initialValue === "string" ? field.initialValue : "";
  const [chosen, setChosen] = useState(initial);
  const [picked, setDay] = useState<string | null>(() => dayOfChosen(initial) ?? (dayLinks ? dayParam(search) : null));
  const day = picked && choices && shows(choices, picked) ? picked : null;
  const error = field.errors?.[0];
  const labelId = `${field.id}-label`;
  const describedBy = [hint ? field.descriptionId : null, error ? field.errorId : null].filter(Boolean).join(" ");
  const windowsId = `${field.id}-day`;
  // A day chosen with a tap: its windows come into view (a phone shows them below the calendar).
  const windowsRef = useRef<HTMLFieldSetElement>(null);
  const [tapped, setTapped] = useState(0);
  useEffect(() => {
    if (tapped) bringIntoView(windowsRef.current);
  }, [tapped]);

  const choose = (date: string) => {
    setDay(date);
    setTapped((n) => n + 1);
    onDayChange?.(date);
    if (chosen && dayOfChosen(chosen) !== date) setChosen("");
  };
  const hrefOf = (date: string) => {
    const params = new URLSearchParams(search);
    params.set("day", date);
    params.delete(field.name);
    return `?${params}#${windowsId}`;
  };
  const link = dayLinks && !hydrated ? hrefOf : null;

  return (
    <div role="group" aria-labelledby={labelId} aria-describedby={describedBy || undefined} className="space-y-3">
      <p id={labelId} className="text-sm font-medium text-slate-800">
        {label}
        {field.required ? (
          <span aria-hidden="true" className="text-destructive">
            {" "}
            *
          </span>
        ) : null}
      </p>
      {hint ? (
        <p id={field.descriptionId} className="-mt-2 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {choices === null ? (
        <p role="status" className="text-sm text-slate-700">
          Loading open times…
        </p>
      ) : (
        <DayGrid choices={choices} selected={day} onChoose={choose} link={link} />
      )}
      {choices && day ? (
        <DayWindows
          listRef={windowsRef}
          id={windowsId}
          field={field}
          day={day}
          choices={choices}
          chosen={chosen}
          onChange={setChosen}
          noPreference={noPreference}
          invalid={Boolean(error)}
        />
      ) : choices ? (
        <p className="text-sm text-slate-700">
          {noPreference
            ? "Choose a day to see its open times, or choose none and we call you to arrange one."
            : "Choose a day to see its open times."}
        </p>
      ) : null}
      {error ? (
        <p id={field.errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The calendar: a week to a row, Sunday first; each day a link or button when it has open windows.
 * As buttons, the days are one Tab stop (the chosen day, else the first open one) and keys move it.
 */
function DayGrid({
  choices,
  selected,
  onChoose,
  link,
}: {
  choices: WindowChoices;
  selected: string | null;
  onChoose: (date: string) => void;
  link: ((date: string) => string) | null;
}) {
  const [moved, setMoved] = useState<string | null>(null);
  const keys = useId();
  const days = windowDays(choices.from, choices.days, choices.windows, choices.closures);
  const [first, last] = [days[0], days[days.length - 1]];
  if (!first || !last) return null;
  const tabStop = pickerTabStop(days, moved ?? selected);
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const from = event.currentTarget.dataset.date;
    const to = from ? pickerKey(days, from, event.key, event) : null;
    if (!to) return;
    event.preventDefault();
    setMoved(to);
    event.currentTarget.closest("ol")?.querySelector<HTMLButtonElement>(`button[data-date="${to}"]`)?.focus();
  };
  return (
    <div>
      <div
        aria-hidden="true"
        className="grid grid-cols-7 gap-0.5 text-center text-xs font-semibold text-slate-600 sm:gap-1"
      >
        {WEEKDAY_INITIALS.map((d) => (
          <span key={d}>{d}</span>
        ))}
      </div>
      {link ? null : (
        <p id={keys} className="sr-only">
          Arrow keys move between the open days.
        </p>
      )}
      <ol
        aria-label={`Days from ${formatLocalDay(first.date)} to ${formatLocalDay(last.date)}`}
        aria-describedby={link ? undefined : keys}
        className="mt-1 grid grid-cols-7 gap-0.5 sm:gap-1"
      >
        {days.map((d, i) => (
          <li key={d.date} className={i === 0 ? COLUMN_START[d.weekday] : undefined}>
            <DayCell
              day={d}
              first={i === 0}
              selected={d.date === selected}
              tabStop={d.date === tabStop}
              onChoose={(date) => {
                setMoved(date);
                onChoose(date);
              }}
              onKeyDown={onKeyDown}
              link={link}
            />
          </li>
        ))}
      </ol>
    </div>
  );
}

const cell = "flex h-14 w-full flex-col items-center justify-center rounded-md text-center leading-none";

function DayCell({
  day,
  first,
  selected,
  tabStop,
  onChoose,
  onKeyDown,
  link,
}: {
  day: WindowDay;
  first: boolean;
  selected: boolean;
  tabStop: boolean;
  onChoose: (date: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
  link: ((date: string) => string) | null;
}) {
  const dayOfMonth = Number(day.date.slice(8));
  const month = first || dayOfMonth === 1 ? MONTHS[Number(day.date.slice(5, 7)) - 1] : null;
  const face = (
    <span aria-hidden="true" className="flex flex-col items-center">
      {month ? <span className="text-xs font-semibold uppercase">{month}</span> : null}
      <span className="text-base">{dayOfMonth}</span>
      <span className="text-xs font-medium">{dayNote(day)}</span>
    </span>
  );
  const words = <span className="sr-only">{dayWords(day)}</span>;
  if (day.state !== "open")
    return (
      <span className={cn(cell, "bg-slate-100 text-slate-600")}>
        {face}
        {words}
      </span>
    );
  const look = cn(
    cell,
    "border font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
    selected
      ? "border-brand-700 bg-brand-700 text-white"
      : "border-brand-200 bg-white text-brand-900 hover:border-brand-400 hover:bg-brand-50",
  );
  if (link)
    return (
      <a href={link(day.date)} aria-current={selected ? "true" : undefined} className={look}>
        {face}
        {words}
      </a>
    );
  return (
    <button
      type="button"
      aria-pressed={selected}
      data-date={day.date}
      tabIndex={tabStop ? 0 : -1}
      onClick={() => onChoose(day.date)}
      onKeyDown={onKeyDown}
      className={look}
    >
      {face}
      {words}
    </button>
  );
}

/**
 * Scrolls `element` just into view (within the chat's own scroller, or the page), smoothly unless the
 * visitor asked for reduced motion; nothing moves when it is in view already.
 */
function bringIntoView(element: HTMLElement | null) {
  if (!element) return;
  const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  element.scrollIntoView({ block: "nearest", behavior: smooth ? "smooth" : "auto" });
}

/** The chosen day's open windows, as radio buttons under the field's name. */
function DayWindows({
  listRef,
  id,
  field,
  day,
  choices,
  chosen,
  onChange,
  noPreference,
  invalid,
}: {
  listRef: RefObject<HTMLFieldSetElement>;
  id: string;
  field: FieldMeta;
  day: string;
  choices: WindowChoices;
  chosen: string;
  onChange: (value: string) => void;
  noPreference: boolean;
  invalid: boolean;
}) {
  const windows = windowsOfDay(choices.windows, day);
  const radio = (value: string, text: string) => (
    <label
      key={value || "none"}
      className="flex cursor-pointer items-center gap-3 rounded-md border border-slate-300 bg-white px-3 py-2.5 text-sm text-slate-900 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
    >
      <input
        type="radio"
        name={field.name}
        value={value}
        checked={chosen === value}
        onChange={() => onChange(value)}
        required={field.required}
        className="size-4 accent-brand-700"
      />
      <span>{text}</span>
    </label>
  );
  return (
    <fieldset
      ref={listRef}
      id={id}
      className="scroll-mb-4 scroll-mt-24 space-y-2"
      aria-describedby={invalid ? field.errorId : undefined}
    >
      <legend className="text-sm font-semibold text-slate-900">Open times on {formatLocalDay(day)}</legend>
      {windows.length === 0 ? (
        <p className="text-sm text-slate-700">No open times are left on this day. Please choose another day.</p>
      ) : null}
      <div className="grid gap-2 sm:grid-cols-2">
        {windows.map((w) => radio(w.start, windowChoiceLabel(w)))}
        {noPreference ? radio("", NO_WINDOW_PREFERENCE) : null}
      </div>
    </fieldset>
  );
}
