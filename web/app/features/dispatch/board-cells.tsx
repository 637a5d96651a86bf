import { useDraggable, useDroppable } from "@dnd-kit/core";
import { Link, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { ChevronRight, GripVertical, Siren, TriangleAlert } from "~/components/staff/mask-icons";
import type { ReactNode } from "react";
import type { TechnicianChoice } from "@app/shared/scheduling/technicians";
import { PriorityBadge, StatusBadge } from "~/components/staff/badges";
import { MemberBadge } from "~/components/staff/member-badge";
import type { StaffActionResult } from "~/features/bookings/action-result";
import { MoveVisitForm } from "~/features/bookings/move-visit-form";
import { formatShortWeekdayDate, requireBusinessInstant } from "@app/shared/time";
import { cn } from "~/utils/cn";
import type { DispatchVisit } from "./board";
import { postedMove, type DropTarget } from "./board-drops";

/** What a dragged card carries: its visit, what the screen reader calls it, and whether it shows its day. */
export interface CardData {
  visit: DispatchVisit;
  label: string;
  withDay?: boolean;
}

/** "#12 Outlet repair (Ann Customer)". */
const cardLabel = (visit: DispatchVisit) =>
  `#${visit.id} ${visit.summary}${visit.customerName ? ` (${visit.customerName})` : ""}`;

/** What every card needs from the page: where its Move form posts, the technicians, the page's own answer. */
export interface CardContext {
  action: string;
  technicians: readonly TechnicianChoice[];
  posted?: StaffActionResult;
  /** The board's fetcher, through which each card's Move form posts (the board says what a move did). */
  fetcherKey: string;
}

/**
 * What a card shows: its number (a link to its page), service, time (with its day when the card is
 * not on its day's column: Unassigned, waiting), customer, badges (an emergency marked first; "Member" when the
 * customer is one, docs/product.md#plans), and the flags in words. The board's card and the one that follows the pointer while dragging both show it.
 */
function CardFace({
  visit,
  withDay,
  headingId,
  linked = true,
}: {
  visit: DispatchVisit;
  withDay?: boolean;
  headingId?: string;
  /** The number as a link to the booking's page (not on the likeness that follows the pointer). */
  linked?: boolean;
}) {
  return (
    <>
      <h3 id={headingId} className="font-semibold text-slate-900">
        {linked ? (
          <Link to={`/admin/bookings/${visit.id}`} className="text-brand-700 underline">
            {`#${visit.id}`}
          </Link>
        ) : (
          <span className="text-brand-700 underline">{`#${visit.id}`}</span>
        )}
        {` ${visit.summary}`}
      </h3>
      <p className="text-slate-700">
        {`${withDay ? `${formatShortWeekdayDate(requireBusinessInstant(visit.date, 12 * 60))}, ` : ""}${visit.time}${
          visit.customerName ? ` · ${visit.customerName}` : ""
        }`}
      </p>
    </>
  );
}

function CardBadges({ visit }: { visit: DispatchVisit }) {
  return (
    <>
      <div className="mt-1 flex flex-wrap gap-1">
        {visit.emergency ? (
          <span className="visit-card-emergency">
            <Siren aria-hidden="true" className="size-3" />
            Emergency
          </span>
        ) : (
          <PriorityBadge priority={visit.priority} />
        )}
        <StatusBadge status={visit.status} />
        {visit.member ? <MemberBadge mark={visit.member} short /> : null}
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
    </>
  );
}

/** The card's frame (styles.css: a week shows hundreds of cards, each with the same few classes). */
const cardClass = (visit: DispatchVisit) => cn("visit-card", visit.emergency && "visit-card-urgent");

/**
 * A visit's card on the board, with a Move form (works without JavaScript). The grip is the handle
 * dnd-kit drags, by pointer or by keyboard (Space, the arrows, Space); while it is dragged, the card
 * stays in its place, dimmed, and its likeness follows the pointer above the board
 * (`DraggedCard`, in dnd-kit's DragOverlay), so it can leave the Unassigned list's own scroll area.
 */
function VisitCard({ visit, context, withDay }: { visit: DispatchVisit; context: CardContext; withDay?: boolean }) {
  const label = cardLabel(visit);
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: `visit-${visit.id}`,
    data: { visit, label, withDay } satisfies CardData,
  });
  const headingId = `card-${visit.id}`;
  return (
    <article
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-visit={visit.id}
      className={cn(cardClass(visit), isDragging && "opacity-40")}
    >
      <div className="flex items-start gap-1">
        <button type="button" className="visit-card-grip" aria-label={`Drag ${label}`} {...attributes} {...listeners}>
          <GripVertical aria-hidden="true" className="size-4" />
        </button>
        <div className="min-w-0 flex-1">
          <CardFace visit={visit} withDay={withDay} headingId={headingId} />
        </div>
      </div>
      <CardBadges visit={visit} />
      <MoveDisclosure visit={visit} context={context} />
    </article>
  );
}

/** The likeness of the card being dragged, above the board (not read out: the announcements say where it is). */
export function DraggedCard({ card }: { card: CardData }) {
  return (
    <div
      aria-hidden="true"
      data-dragged-card
      className={cn(cardClass(card.visit), "cursor-grabbing shadow-lg ring-2 ring-brand-600")}
    >
      <div className="flex items-start gap-1">
        <GripVertical aria-hidden="true" className="-ml-1 mt-0.5 size-4 shrink-0 text-slate-600" />
        <div className="min-w-0 flex-1">
          <CardFace visit={card.visit} withDay={card.withDay} linked={false} />
        </div>
      </div>
      <CardBadges visit={card.visit} />
    </div>
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
        className="visit-card-move"
      >
        <ChevronRight aria-hidden="true" className={cn("size-3 transition-transform", open && "rotate-90")} />
        Move<span className="sr-only">{` #${visit.id}`}</span>
      </Link>
      {open ? (
        <div id={formId} className="mt-2 min-w-56">
          <MoveVisitForm
            visit={visit}
            technicians={context.technicians}
            action={context.action}
            posted={context.posted}
            answeredAbove={{ fetcherKey: context.fetcherKey }}
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

/** The cards of a cell, one under the other (`withDay`: each names its day, where cards of several days meet). */
export function CardList({
  visits,
  context,
  withDay,
}: {
  visits: readonly DispatchVisit[];
  context: CardContext;
  withDay?: boolean;
}) {
  if (visits.length === 0) return null;
  return (
    <ul className="grid gap-1.5">
      {visits.map((v) => (
        <li key={v.id}>
          <VisitCard visit={v} context={context} withDay={withDay} />
        </li>
      ))}
    </ul>
  );
}
