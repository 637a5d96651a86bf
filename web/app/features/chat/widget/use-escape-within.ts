import { useEffect, type RefObject } from "react";
import { useLatest } from "~/utils/use-latest";

/**
 * Escape pressed inside `ref`'s element calls `onEscape` (the dialog pattern:
 * Escape closes it), while `active`. Listened for on the document, after the
 * page's own handlers, so a control inside that used Escape first
 * (preventDefault) keeps it.
 */
export function useEscapeWithin(ref: RefObject<HTMLElement | null>, active: boolean, onEscape: () => void) {
  const callback = useLatest(onEscape);
  useEffect(() => {
    if (!active) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      if (!(event.target instanceof Node) || !ref.current?.contains(event.target)) return;
      event.preventDefault();
      callback.current();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [active, ref, callback]);
}
