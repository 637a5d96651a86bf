/**
 * The day-then-window choice's keyboard (docs/product.md#booking-rules): its days are one Tab
 * stop, and keys move between the days that can be chosen, skipping full, past and closed ones.
 * Pure, unit-tested beside (picker-keys.test.ts); window-picker.tsx moves the focus.
 */
import type { WindowDay } from "@app/shared/scheduling/window-days";

/**
 * The open day `key` moves to from `date`: Right and Left the next and previous open day, Down
 * and Up the first open day a week or more later and the last a week or more earlier, Home and
 * End the first and last open day. Null when the key is not the grid's (a modified key too) or
 * there is no open day that way.
 */
export function pickerKey(
  days: readonly WindowDay[],
  date: string,
  key: string,
  modifiers: { altKey?: boolean; ctrlKey?: boolean; metaKey?: boolean } = {},
): string | null {
  if (modifiers.altKey || modifiers.ctrlKey || modifiers.metaKey) return null;
  const open = days.filter((d) => d.state === "open").map((d) => d.date);
  const at = days.findIndex((d) => d.date === date);
  if (at < 0 || !open.length) return null;
  const after = (offset: number) => open.find((d) => d >= (days[at + offset]?.date ?? "\uffff")) ?? null;
  const before = (offset: number) => open.findLast((d) => d <= (days[at - offset]?.date ?? "")) ?? null;
  switch (key) {
    case "ArrowRight":
      return after(1);
    case "ArrowLeft":
      return before(1);
    case "ArrowDown":
      return after(7);
    case "ArrowUp":
      return before(7);
    case "Home":
      return open[0]!;
    case "End":
      return open[open.length - 1]!;
    default:
      return null;
  }
}

/** The day holding the days' one Tab stop: the chosen day when it is open, else the first open day. */
export function pickerTabStop(days: readonly WindowDay[], chosen: string | null): string | null {
  const open = days.filter((d) => d.state === "open");
  return open.find((d) => d.date === chosen)?.date ?? open[0]?.date ?? null;
}
