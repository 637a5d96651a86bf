import { useEffect, useRef, type HTMLAttributes } from "react";
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
