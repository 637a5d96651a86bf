/**
 * The keyboard and pointer manners of the site header's menus. Each menu is a native disclosure
 * (`<details data-menu>`: its `<summary>` opens and closes it without any script, so the header
 * works on pages that carry no app code, docs/decisions/025-public-pages-without-app-scripts.md).
 * This adds what a visitor expects of a menu (the WAI "disclosure navigation" pattern): Escape
 * closes it and returns focus to its toggle; a click elsewhere or focus leaving it closes it; the
 * arrow keys open it from the toggle and move between its links, Home and End to the ends.
 * Plain DOM: the site's own script runs it on pages without the app, the header's effect on the rest.
 */

const MENU = "details[data-menu]";

const openMenus = (root: ParentNode) => Array.from(root.querySelectorAll<HTMLDetailsElement>(`${MENU}[open]`));

/** Closes every open menu under `root`. */
export function closeMenus(root: ParentNode) {
  for (const menu of openMenus(root)) menu.open = false;
}

/** Moves focus among the menu's links for an arrow, Home or End key; false for any other key. */
function moveAmongLinks(menu: HTMLDetailsElement, key: string): boolean {
  const links = Array.from(menu.querySelectorAll<HTMLAnchorElement>("a[href]"));
  if (links.length === 0) return false;
  const current = links.indexOf(document.activeElement as HTMLAnchorElement);
  const next: Record<string, number> = {
    ArrowDown: current + 1,
    ArrowUp: current - 1,
    Home: 0,
    End: -1,
  };
  const index = next[key];
  if (index === undefined) return false;
  links[(index + links.length) % links.length]?.focus();
  return true;
}

function onKeyDown(event: KeyboardEvent) {
  const target = event.target as Element | null;
  const menu = target?.closest<HTMLDetailsElement>(MENU);
  if (!menu) return;
  const summary = menu.querySelector("summary");
  if (event.key === "Escape" && menu.open) {
    event.preventDefault();
    menu.open = false;
    summary?.focus();
    return;
  }
  if (target === summary && (event.key === "ArrowDown" || event.key === "ArrowUp")) {
    event.preventDefault();
    menu.open = true;
    moveAmongLinks(menu, event.key === "ArrowUp" ? "End" : "Home");
    return;
  }
  if (target !== summary && menu.open && moveAmongLinks(menu, event.key)) event.preventDefault();
}

/** Listens under `root` (the header); returns the function that stops listening. */
export function enhanceMenus(root: HTMLElement): () => void {
  const onPointerDown = (event: PointerEvent) => {
    for (const menu of openMenus(root)) if (!menu.contains(event.target as Node)) menu.open = false;
  };
  // Tabbing away closes a menu (a tap elsewhere is the pointer's case above).
  const onFocusOut = (event: FocusEvent) => {
    const menu = (event.target as Element | null)?.closest<HTMLDetailsElement>(MENU);
    const to = event.relatedTarget as Node | null;
    if (menu?.open && to && !menu.contains(to)) menu.open = false;
  };
  root.addEventListener("keydown", onKeyDown);
  root.addEventListener("focusout", onFocusOut);
  document.addEventListener("pointerdown", onPointerDown);
  return () => {
    root.removeEventListener("keydown", onKeyDown);
    root.removeEventListener("focusout", onFocusOut);
    document.removeEventListener("pointerdown", onPointerDown);
  };
}
