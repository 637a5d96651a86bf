/**
 * Touch targets and text on a phone, measured in the page (run with `page.evaluate`): the walk's measure
 * (walk.spec.ts), used by any test that checks a page at phone size. A box or a radio button is tapped by
 * its label, so its label is what is measured; a link inside a sentence is read, not tapped, and left out.
 */

/** The smallest touch target on a phone (docs/product.md#site-wide, WCAG 2.5.5), in CSS px, each way. */
export const TOUCH_PX = 44;
/** The smallest text on a phone, in CSS px. */
export const TEXT_PX = 12;

/**
 * What a phone user cannot hit or read: the visible controls (a, button, input, select, textarea,
 * summary, [role=button]) smaller than `touch`×`touch` CSS px, and the visible texts smaller than
 * `text` px. The one rule, as WCAG 2.5.8 words its exceptions:
 *
 * - What is measured is what a tap hits: a radio button or checkbox by its label when it is inside
 *   one (the label takes the tap), every other control by its own box.
 * - A link inside a sentence or a block of text is exempt (WCAG's "inline" exception): a link
 *   laid out inline (`inline`, `inline-flex`, `inline-block`) whose block says more than the link (the "Change" after a chosen service, a
 *   phone number in a paragraph). A link alone in its block (a list of links, a menu) is not.
 * - Not visible: no box, not rendered (`checkVisibility()`: a closed disclosure's content), `visibility: hidden`, screen-reader text (clipped to nothing, or inside
 *   it), a form's trap for robots far to the left of the page.
 */
export function measureTouchAndText({ touch, text }: { touch: number; text: number }) {
  const clipped = new Map<Element, boolean>();
  const unseen = (el: Element): boolean => {
    if (clipped.has(el)) return clipped.get(el)!;
    const style = getComputedStyle(el);
    const rect = el.getBoundingClientRect();
    const hidden =
      // Not rendered at all: a closed <details>'s content (a header menu) is skipped, though it has a box.
      !el.checkVisibility() ||
      style.visibility === "hidden" ||
      style.clip === "rect(0px, 0px, 0px, 0px)" ||
      /inset\(50%\)/.test(style.clipPath) ||
      (rect.width <= 1 && rect.height <= 1 && style.overflow === "hidden") ||
      rect.right <= 0 ||
      (el.parentElement ? unseen(el.parentElement) : false);
    clipped.set(el, hidden);
    return hidden;
  };
  const name = (el: Element) => {
    const label = (el.getAttribute("aria-label") ?? el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40);
    return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${label ? ` "${label}"` : ""}`;
  };
  /** A link in running text: shown inline, in a block that says more than it. */
  const inline = (el: Element) => {
    if (el.tagName !== "A" || !getComputedStyle(el).display.startsWith("inline")) return false;
    let block = el.parentElement;
    while (block && getComputedStyle(block).display.startsWith("inline")) block = block.parentElement;
    const own = (el.textContent ?? "").trim().length;
    return Boolean(block && (block.textContent ?? "").replace(/\s+/g, " ").trim().length > own + 1);
  };

  const small: string[] = [];
  const controls = document.body.querySelectorAll(
    'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"]',
  );
  for (const control of Array.from(controls)) {
    const rect = control.getBoundingClientRect();
    if ((rect.width === 0 && rect.height === 0) || unseen(control) || inline(control)) continue;
    const box =
      control instanceof HTMLInputElement && (control.type === "radio" || control.type === "checkbox")
        ? (control.closest("label") ?? control).getBoundingClientRect()
        : rect;
    if (box.width < touch - 0.5 || box.height < touch - 0.5)
      small.push(`${name(control)} (${Math.round(box.width)}×${Math.round(box.height)})`);
  }

  const tiny: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const seen = new Set<Element>();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || seen.has(el) || !node.textContent?.trim()) continue;
    seen.add(el);
    if (el.closest("script, style, noscript, template, svg") || unseen(el)) continue;
    const rect = el.getBoundingClientRect();
    if (rect.width === 0 && rect.height === 0) continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < text - 0.01) tiny.push(`${name(el)} (${size} px)`);
  }
  return { small: small.slice(0, 40), tiny: tiny.slice(0, 40) };
}
