import { useDraggable, useDroppable } from "@dnd-kit/core";
import { Link, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { ChevronRight, GripVertical, Siren, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import type { TechnicianChoice } from "@app/shared/scheduling/technicians";
import { PriorityBadge, StatusBadge } from "~/features/admin/badges";
import type { StaffActionResult } from "~/features/admin/action-result";
import { MoveVisitForm } from "~/features/admin/move-visit-form";
import { cn } from "~/utils/cn";
import type { DispatchVisit } from "./board";
import { postedMove, type DropTarget } from "./board-drops";

/** What a dragged card carries: its visit and what the screen reader calls it. */
export interface CardData {
  visit: DispatchVisit;
  label: string;
}

/** "#12 Outlet repair (Ann Customer)". */
const cardLabel = (visit: DispatchVisit) =>
  `#${visit.id} ${visit.summary}${visit.customerName ? ` (${visit.customerName})` : ""}`;

/** What every card needs from the page: where its Move form posts, the technicians, the page's own answer. */
export interface CardContext {
  action: string;
  technicians: readonly TechnicianChoice[];
  posted?: StaffActionResult;
}

/**
 * A visit's card: its number (a link to its page), service, time, customer, badges, an
 * emergency marked first, the flags in words, and a Move form (works without JavaScript). The
 * grip is the handle dnd-kit drags, by pointer or by keyboard (Space, the arrows, Space).
 */
function VisitCard({ visit, context }: { visit: DispatchVisit; context: CardContext }) {
  const label = cardLabel(visit);
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: `visit-${visit.id}`,
    data: { visit, label } satisfies CardData,
  });
  const headingId = `card-${visit.id}`;
  return (
    <article
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-visit={visit.id}
      style={transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` } : undefined}
      className={cn(
        "relative rounded-md border bg-white p-2 text-xs shadow-sm",
        visit.emergency ? "border-l-4 border-red-700" : "border-slate-200",
        isDragging && "z-50 shadow-lg ring-2 ring-brand-600",
      )}
    >
      <div className="flex items-start gap-1">
        <button
          type="button"
          className="-ml-1 mt-0.5 shrink-0 cursor-grab rounded p-0.5 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
          aria-label={`Drag ${label}`}
          {...attributes}
          {...listeners}
        >
          <GripVertical aria-hidden="true" className="size-4" />
        </button>
        <div className="min-w-0 flex-1">
          <h3 id={headingId} className="font-semibold text-slate-900">
            <Link to={`/admin/bookings/${visit.id}`} className="text-brand-700 underline">
              #{visit.id}
            </Link>{" "}
            {visit.summary}
          </h3>
          <p className="text-slate-700">
            {visit.time}
            {visit.customerName ? ` · ${visit.customerName}` : ""}
          </p>
        </div>
      </div>
      <div className="mt-1 flex flex-wrap gap-1">
        {visit.emergency ? (
          <span className="inline-flex items-center gap-1 rounded bg-red-700 px-1.5 py-0.5 font-semibold text-white">
            <Siren aria-hidden="true" className="size-3" />
            Emergency
          </span>
        ) : (
          <PriorityBadge priority={visit.priority} />
        )}
        <StatusBadge status={visit.status} />
        {visit.needsPlacing ? (
          <span className="rounded bg-amber-100 px-1.5 py-0.5 font-medium text-amber-900">To be placed</span>
        ) : null}
      </div>
      {visit.flags.map((flag) => (
        <p key={flag.kind} className="mt-1 flex items-start gap-1 font-medium text-amber-900">
          <TriangleAlert aria-hidden="true" className="mt-px size-3 shrink-0" />
          {flag.message}
        </p>
      ))}
      <MoveDisclosure visit={visit} context={context} />
    </article>
  );
}

/**
 * The card's Move form, shown on demand: rendered for every card at once, the forms made a busy
 * day's board several times heavier (docs/benchmarks.md). "Move" is a link to the board with this
 * card's form open (`&move=<id>`), so it works without JavaScript; with it, the link opens and
 * closes the form in place. A refused post from this card's form opens it with the refusal.
 */
function MoveDisclosure({ visit, context }: { visit: DispatchVisit; context: CardContext }) {
  const [params] = useSearchParams();
  const refusedHere =
    context.posted?.ok === false && postedMove(context.posted.result.initialValue)?.bookingId === visit.id;
  const [open, setOpen] = useState(params.get("move") === String(visit.id) || refusedHere);
  const formId = `move-form-${visit.id}`;
  return (
    <div className="mt-1">
      <Link
        to={`${context.action}&move=${visit.id}#card-${visit.id}`}
        preventScrollReset
        aria-expanded={open}
        aria-controls={open ? formId : undefined}
        onClick={(event) => {
          event.preventDefault();
          setOpen((was) => !was);
        }}
        className="inline-flex items-center gap-1 font-medium text-slate-800 underline-offset-2 hover:underline"
      >
        <ChevronRight aria-hidden="true" className={cn("size-3 transition-transform", open && "rotate-90")} />
        Move<span className="sr-only"> #{visit.id}</span>
      </Link>
      {open ? (
        <div id={formId} className="mt-2 min-w-56">
          <MoveVisitForm
            visit={visit}
            technicians={context.technicians}
            action={context.action}
            posted={context.posted}
          />
        </div>
      ) : null}
    </div>
  );
}

/** A place a card can be dropped on: a lane's slot or day, the lane itself, the Unassigned column. */
export function DropCell({
  id,
  target,
  className,
  children,
  as: Tag = "div",
}: {
  id: string;
  target: DropTarget;
  className?: string;
  children?: ReactNode;
  as?: "div" | "td";
}) {
  const { setNodeRef, isOver } = useDroppable({ id, data: target });
  return (
    <Tag
      ref={setNodeRef}
      data-drop={id}
      className={cn("transition-colors", isOver && "bg-brand-50 outline outline-2 outline-brand-600", className)}
    >
      {children}
    </Tag>
  );
}

/** The cards of a cell, one under the other. */
export function CardList({ visits, context }: { visits: readonly DispatchVisit[]; context: CardContext }) {
  if (visits.length === 0) return null;
  return (
    <ul className="grid gap-1.5">
      {visits.map((v) => (
        <li key={v.id}>
          <VisitCard visit={v} context={context} />
        </li>
      ))}
    </ul>
  );
}
