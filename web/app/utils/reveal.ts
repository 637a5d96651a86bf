/**
 * Brings what a form's post led to (a sent message's notice) into view and gives it focus, so a
 * visitor on a phone sees it and a screen reader reads it, wherever on the page the form was sent
 * from. The element needs `tabIndex={-1}`. Centred, so a sticky header never covers it; smooth
 * unless the visitor asked for reduced motion.
 */
export function revealResult(element: HTMLElement | null) {
  if (!element) return;
  element.focus({ preventScroll: true });
  const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  element.scrollIntoView({ block: "center", behavior: smooth ? "smooth" : "auto" });
}
