/**
 * While a card is being dragged, the board holds still: a live update reloading it then (another
 * dispatcher's move, a new request) could shift the lanes and windows under the dispatcher's hand,
 * and the card would land somewhere they did not aim. A reload asked for meanwhile waits until the
 * card is dropped (the move's own reload brings it) or put back (the board reloads then).
 */
let dragging = false;
let held = false;

/** Whether a live reload must wait (the route's `shouldRevalidate`); one that waits is remembered. */
export function holdForDrag(): boolean {
  if (dragging) held = true;
  return dragging;
}

export function dragStarted(): void {
  dragging = true;
  held = false;
}

/** The drag is over: whether a reload waited meanwhile. */
export function dragEnded(): boolean {
  const waited = held;
  dragging = false;
  held = false;
  return waited;
}
