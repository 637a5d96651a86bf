/**
 * The board's keyboard moves (docs/product.md#dispatch-board): with a card picked up, an arrow key
 * goes to the nearest place to drop it in that direction (a lane, a window slot, the Unassigned
 * column), not 25 pixels at a time as dnd-kit's default does. Pure, unit-tested beside; the board
 * gives it dnd-kit's measured rectangles.
 */

export interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

export type Direction = "ArrowUp" | "ArrowDown" | "ArrowLeft" | "ArrowRight";

const center = (b: Box) => ({ x: b.left + b.width / 2, y: b.top + b.height / 2 });

/**
 * The id of the nearest box whose center lies in `direction` from `from`'s center, or null. Nearest
 * counts the distance along the direction, plus twice the distance across it, so the arrow keys
 * keep to a row or a column.
 */
export function nearestInDirection<Id>(
  from: Box,
  boxes: Iterable<[Id, Box]>,
  direction: Direction,
  current?: Id,
): Id | null {
  const origin = center(from);
  let best: { id: Id; score: number } | null = null;
  for (const [id, box] of boxes) {
    if (id === current) continue;
    const c = center(box);
    const dx = c.x - origin.x;
    const dy = c.y - origin.y;
    const [along, across] =
      direction === "ArrowRight"
        ? [dx, dy]
        : direction === "ArrowLeft"
          ? [-dx, dy]
          : direction === "ArrowDown"
            ? [dy, dx]
            : [-dy, dx];
    if (along <= 1) continue;
    const score = along + 2 * Math.abs(across);
    if (!best || score < best.score) best = { id, score };
  }
  return best?.id ?? null;
}

/** Where the dragged box's top left goes so that its center is `target`'s center. */
export function centeredOn(dragged: Box, target: Box): { x: number; y: number } {
  const c = center(target);
  return { x: c.x - dragged.width / 2, y: c.y - dragged.height / 2 };
}
