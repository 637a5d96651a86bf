/** The header's top-level pages (Services is the dropdown between About and Contact). */
export const primaryNav = {
  before: [
    { to: "/", label: "Home", end: true },
    { to: "/about", label: "About", end: false },
  ],
  after: [{ to: "/contact", label: "Contact", end: false }],
} as const;

/** Is `pathname` the services overview or one of its detail pages? */
export function isServicesPath(pathname: string): boolean {
  return pathname === "/services" || pathname.startsWith("/services/");
}

/**
 * Called on every navigation click in the frame. A click on the current page
 * changes no route, so scroll to the top here (CSS `scroll-behavior: smooth`
 * animates it, or not, per prefers-reduced-motion); real route changes are
 * scrolled to the top by <ScrollRestoration>.
 */
export function scrollToTopIfSamePage(to: string) {
  if (typeof window === "undefined") return;
  if (window.location.pathname === to && !window.location.hash) window.scrollTo({ top: 0 });
}
