import { BOOKING_INTENTS } from "~/features/bookings/bookings-intents";
import {
  closestCenter,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import { useFetcher, useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { Alert } from "~/components/ui/alert";
import { Outcome } from "~/components/ui/outcome";
import type { StaffActionResult } from "~/features/bookings/action-result";
import { MoveAlternatives } from "~/features/bookings/move-visit-form";
import type { DispatchBoard } from "./board";
import { DraggedCard, type CardData, type CardContext } from "./board-cells";
import { dropFields, postedMove, withPendingMove, type DropTarget } from "./board-drops";
import { DayLanes, UNASSIGNED_SCROLL, UnassignedColumn, WeekLanes } from "./board-lanes";
import { dragEnded, dragStarted } from "./drag-hold";
import { centeredOn, nearestInDirection, type Direction } from "./keyboard-moves";

const DROP_FETCHER = "dispatch-drop";
const ARROWS: readonly string[] = ["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"];

/**
 * With a card picked up, an arrow key goes to the nearest place to drop it that way (keyboard-moves.ts).
 * Both the card and the places are measured as the page is now, not as dnd-kit measured them at
 * pick-up: a move can scroll the page (a board taller than the screen), and the answer is where the
 * card goes from where it is now.
 */
const boardKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  if (!ARROWS.includes(event.code)) return undefined;
  event.preventDefault();
  const { activeNode, droppableContainers, over } = context;
  if (!activeNode) return undefined;
  const places = droppableContainers
    .getEnabled()
    .flatMap((place): Array<[UniqueIdentifier, DOMRect]> =>
      place.node.current ? [[place.id, place.node.current.getBoundingClientRect()]] : [],
    );
  // The likeness that moves (DragOverlay) is where the card is now; the card itself stays in its place.
  const card = (document.querySelector("[data-dragged-card]") ?? activeNode).getBoundingClientRect();
  const from = places.find(([id]) => id === over?.id)?.[1] ?? card;
  const next = nearestInDirection(from, places, event.code as Direction, over?.id);
  const target = places.find(([id]) => id === next)?.[1];
  if (!target) return undefined;
  const to = centeredOn(card, target);
  return { x: currentCoordinates.x + to.x - card.left, y: currentCoordinates.y + to.y - card.top };
};

/** The pointer's place when there is a pointer; the nearest place by its center for the keyboard. */
const collision: CollisionDetection = (args) => (args.pointerCoordinates ? pointerWithin(args) : closestCenter(args));

const cardOf = (data: unknown) => (data as CardData | undefined)?.label ?? "The visit";
const placeOf = (data: unknown) => (data as DropTarget | undefined)?.label ?? "that place";

/** What a screen reader hears while a card moves (dnd-kit's live region). */
const announcements: Announcements = {
  onDragStart: ({ active }) =>
    `Picked up ${cardOf(active.data.current)}. Use the arrow keys to choose a technician and window, Space or Enter to drop it there, Escape to put it back.`,
  onDragOver: ({ active, over }) =>
    over
      ? `${cardOf(active.data.current)} is over ${placeOf(over.data.current)}.`
      : `${cardOf(active.data.current)} is not over a place to drop it.`,
  onDragEnd: ({ active, over }) =>
    over
      ? `${cardOf(active.data.current)} was dropped on ${placeOf(over.data.current)}. Moving it.`
      : `${cardOf(active.data.current)} was put back.`,
  onDragCancel: ({ active }) => `Moving was cancelled. ${cardOf(active.data.current)} is back where it was.`,
};

const screenReaderInstructions = {
  draggable:
    "To move this visit, press Space or Enter to pick it up, the arrow keys to choose a technician and window, then Space or Enter to drop it, or Escape to cancel. Each card also has a Move form.",
};

/**
 * While a card is dragged, the board stays on the screen: the page itself never scrolls (a card
 * picked up low on the page used to scroll it for seconds and land elsewhere), nor does the
 * Unassigned list the card leaves; only the lanes' own area scrolls when the pointer nears its edge.
 */
const autoScroll = {
  canScroll: (element: Element) =>
    element !== document.scrollingElement && element !== document.body && !element.hasAttribute(UNASSIGNED_SCROLL),
};

/**
 * The dispatch board (docs/product.md#dispatch-board): the Unassigned column and the technicians'
 * lanes, a day by arrival window or a week by day, each as tall as the screen at most and scrolling
 * on its own. A card dropped somewhere posts the one move (`intent=move-visit`) through a fetcher:
 * it shows there at once, and returns where it was if the move is refused, with the reason and the
 * alternatives above the board.
 */
export function DispatchBoardView({
  board,
  action,
  posted,
}: {
  board: DispatchBoard;
  action: string;
  posted?: StaffActionResult;
}) {
  const fetcher = useFetcher<StaffActionResult>({ key: DROP_FETCHER });
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: boardKeyboardCoordinates }),
  );
  // On its way (a drop, or one of a refusal's alternatives): the card shows where it goes.
  const moving = fetcher.state !== "idle" ? postedMove(fetcher.formData) : null;
  const shown = moving ? withPendingMove(board, moving.bookingId, moving.fields) : board;
  const context: CardContext = {
    action,
    technicians: board.technicians.map(({ id, name }) => ({ id, name })),
    posted,
    fetcherKey: DROP_FETCHER,
  };

  const revalidator = useRevalidator();
  const [dragged, setDragged] = useState<CardData | null>(null);
  const onDragStart = ({ active }: DragStartEvent) => {
    dragStarted();
    setDragged((active.data.current as CardData | undefined) ?? null);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    const waited = dragEnded();
    const card = active.data.current as CardData | undefined;
    const target = over?.data.current as DropTarget | undefined;
    const fields = card && target ? dropFields(card.visit, target) : null;
    if (!card || !fields) {
      // Put back where it was: the reload that waited during the drag happens now.
      if (waited) revalidator.revalidate();
      return;
    }
    fetcher.submit(
      { intent: BOOKING_INTENTS.moveVisit, bookingId: String(card.visit.id), ...fields },
      { method: "post", action },
    );
  };

  // A card's Move form posts through this fetcher too (`via=form`): its answer is said here, in view and
  // focused, since the card itself moves away; a drag's answer is only announced (the eye is on the card).
  const via = fetcher.formData?.get("via") === "form" ? "form" : "drop";
  const [lastVia, setLastVia] = useState<"form" | "drop">("drop");
  if (fetcher.state === "submitting" && via !== lastVia) setLastVia(via);
  // The page's own answer, after a Move form posted without JavaScript.
  const answer = fetcher.state === "idle" ? (fetcher.data ?? posted) : undefined;
  const fromForm = answer !== undefined && (answer === posted || lastVia === "form");
  // Refused: the card is back where it was, and the move it asked for is the alternatives' base.
  const refused = answer && !answer.ok ? postedMove(answer.result.initialValue) : null;
  return (
    <DndContext
      id="dispatch-board"
      sensors={sensors}
      collisionDetection={collision}
      autoScroll={autoScroll}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => {
        setDragged(null);
        if (dragEnded()) revalidator.revalidate();
      }}
      accessibility={{ announcements, screenReaderInstructions }}
    >
      <div role="status" aria-live="polite" className="mb-2 min-h-5 text-sm text-slate-700">
        {moving ? `Moving #${moving.bookingId}...` : answer?.ok && !fromForm ? answer.message : ""}
      </div>
      {answer?.ok && fromForm ? (
        <Outcome revealKey={answer.at} className="mb-3">
          {answer.message}
        </Outcome>
      ) : null}
      <div role={fromForm ? undefined : "alert"} className="empty:hidden">
        {answer && !answer.ok && refused ? (
          <div className="mb-3 space-y-2" data-testid="drop-refused">
            {fromForm ? (
              <Outcome tone="destructive" revealKey={answer.at}>
                <strong className="font-semibold">#{refused.bookingId} was not moved:</strong> {answer.message}
              </Outcome>
            ) : (
              <Alert tone="destructive">
                <strong className="font-semibold">#{refused.bookingId} was not moved:</strong> {answer.message}
              </Alert>
            )}
            <MoveAlternatives
              refusal={answer}
              bookingId={refused.bookingId}
              tried={refused.fields}
              action={action}
              fetcherKey={DROP_FETCHER}
            />
          </div>
        ) : null}
      </div>
      {/* Held on the screen once scrolled to (sticky), each side as tall as the screen at most, scrolling on its own. */}
      <div className="sticky top-4 grid grid-cols-[14rem_minmax(0,1fr)] items-start gap-3">
        <UnassignedColumn board={shown} context={context} />
        <div className="max-h-[max(24rem,calc(100dvh-20rem))] overflow-auto rounded-lg">
          {board.view === "week" ? (
            <WeekLanes board={shown} context={context} />
          ) : (
            <DayLanes board={shown} context={context} />
          )}
        </div>
      </div>
      <DragOverlay dropAnimation={null}>{dragged ? <DraggedCard card={dragged} /> : null}</DragOverlay>
    </DndContext>
  );
}
