import { useMatches } from "@remix-run/react";

/**
 * What a route says about itself to the page shell, as its `handle` export (Remix hands every
 * matched route's handle to `useMatches`). One place for such per-route choices, so the shell
 * never guesses from the address.
 */
export interface RouteHandle {
  /** A page for the office and technicians (docs/product.md#staff-pages): it carries no visitor chat. */
  staff?: true;
  /**
   * A page that works from its HTML alone (docs/decisions/025-public-pages-without-app-scripts.md):
   * the server renders it without the app's scripts (Remix's "Disabling JavaScript"); its header
   * menus are native disclosures, and a few kilobytes of the site's own script load the chat
   * when the visitor reaches for it.
   */
  document?: true;
}

/** `export const handle = staffPage;` in the route module of every staff page (/dashboard, /admin/…, /jobs). */
export const staffPage: RouteHandle = { staff: true };

/** `export const handle = documentPage;` in the route module of every public page that needs no app code. */
export const documentPage: RouteHandle = { document: true };

const handles = (matches: ReturnType<typeof useMatches>) => matches.map((match) => (match.handle ?? {}) as RouteHandle);

/** Whether the page shown is a staff page (any matched route says so). */
export function useStaffPage(): boolean {
  return handles(useMatches()).some((handle) => handle.staff === true);
}

/**
 * Whether this document carries the app's scripts. The server leaves them out of a page whose
 * deepest route says it is a `documentPage`, when the build has the site's own script to take
 * their place (`siteScripts`; the development server has none). In the browser the answer is
 * always yes: the app runs only in a document that carried it, and keeps it across its own
 * navigations.
 */
export function useAppScripts(siteScripts: boolean): boolean {
  const deepest = handles(useMatches()).at(-1);
  if (typeof document !== "undefined") return true;
  return !(siteScripts && deepest?.document === true);
}
