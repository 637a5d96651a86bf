import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef, type HTMLAttributes, type RefObject } from "react";
import { Alert } from "~/components/ui/alert";
import { cn } from "~/utils/cn";
import { revealResult } from "~/utils/reveal";

/**
 * What a form's post led to ("Payment recorded.", "Your visit is moved"), where the eye is: it takes
 * focus and comes into view wherever the form was on the page, so a phone shows the answer and not
 * the form, and a screen reader reads it.
 *
 * - Without JavaScript the page the post answered is rendered with the notice `autofocus`, which the
 *   browser focuses (and so scrolls to) as the page loads.
 * - With JavaScript it is revealed when it appears, and again whenever `revealKey` changes (a second
 *   answer in the same place: pass something that differs per answer, e.g. its message or time).
 *
 * - A live refresh (the staff pages' `useRevalidator`, which a post's own event sets off) ends by putting
 *   the page back where it was scrolled when the refresh began (Remix's scroll restoration does that for
 *   every revalidation), which can undo the reveal; while the notice keeps the focus, it is shown again.
 *   That scroll is smooth (html's `scroll-behavior`), so the notice is looked at again once the page has
 *   stopped moving, not only as the refresh ends (when the restoring scroll has not yet begun to move it).
 *
 * One page, one outcome at a time: a document honours only its first `autofocus`.
 */
export function Outcome({
  tone = "success",
  revealKey,
  className,
  ...props
}: HTMLAttributes<HTMLDivElement> & {
  tone?: "success" | "destructive" | "info" | "warning";
  revealKey?: unknown;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    revealResult(ref.current);
  }, [revealKey]);
  useInViewAfterRefresh(ref, revealKey);
  return (
    <Alert
      ref={ref}
      role={tone === "destructive" ? "alert" : "status"}
      tone={tone}
      tabIndex={-1}
      // eslint-disable-next-line jsx-a11y/no-autofocus -- the answer to the visitor's own post, see above
      autoFocus
      className={cn("scroll-mt-24 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600", className)}
      {...props}
    />
  );
}

/** A page that has not scrolled for this long has stopped moving. */
const SETTLED_MS = 150;
/** How long after a refresh its restoring scroll is watched for (a busy phone animates slowly). */
const WATCH_MS = 5_000;

/** What the visitor does to move about a page: after any of these the page is theirs to scroll. */
const TAKING_OVER = ["wheel", "touchstart", "pointerdown", "keydown"] as const;

/**
 * Shows the notice again when a live refresh ends with it out of view, while it keeps the focus and
 * the visitor has not moved about the page since it was revealed (a page they scrolled stays put).
 */
function useInViewAfterRefresh(ref: RefObject<HTMLElement>, revealKey: unknown) {
  const { state } = useRevalidator();
  const refreshing = useRef(false);
  const takenOver = useRef(false);
  useEffect(() => {
    takenOver.current = false;
    const takeOver = () => {
      takenOver.current = true;
    };
    for (const type of TAKING_OVER) window.addEventListener(type, takeOver, { passive: true, once: true });
    return () => {
      for (const type of TAKING_OVER) window.removeEventListener(type, takeOver);
    };
  }, [revealKey]);
  useEffect(() => {
    const ended = refreshing.current && state === "idle";
    refreshing.current = state !== "idle";
    const element = ref.current;
    if (!ended || !element) return;
    const showIfHidden = () => {
      if (takenOver.current || document.activeElement !== element) return;
      const { top, bottom } = element.getBoundingClientRect();
      if (top < 0 || bottom > window.innerHeight) revealResult(element);
    };
    showIfHidden();
    // Each scroll for a while after the refresh (its restoring one, however slow) looks again when it settles.
    let settle: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      clearTimeout(settle);
      settle = setTimeout(showIfHidden, SETTLED_MS);
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    const stop = setTimeout(() => window.removeEventListener("scroll", onScroll), WATCH_MS);
    return () => {
      clearTimeout(settle);
      clearTimeout(stop);
      window.removeEventListener("scroll", onScroll);
    };
  }, [state, ref]);
}
