import { useEffect, useState, type RefObject } from "react";
import { useHydrated } from "~/utils/use-hydrated";

/**
 * Focuses `ref` when its component appears after the page was hydrated (the visitor came from
 * another step in the page, a client-side navigation), so a screen reader reads where they are; on
 * a page load, focus stays at the start of the page.
 */
export function useFocusOnArrival(ref: RefObject<HTMLElement>) {
  const hydrated = useHydrated();
  const [arrivedLater] = useState(hydrated);
  useEffect(() => {
    if (arrivedLater) ref.current?.focus();
  }, [arrivedLater, ref]);
}
