import { useMatches } from "@remix-run/react";

/**
 * What a route says about itself to the page shell, as its `handle` export (Remix hands every
 * matched route's handle to `useMatches`). One place for such per-route choices, so the shell
 * never guesses from the address.
 */
export interface RouteHandle {
  /** A page for the office and technicians (docs/product.md#staff-pages): it carries no visitor chat. */
  staff?: true;
}

/** `export const handle = staffPage;` in the route module of every staff page (/dashboard, /admin/…, /jobs). */
export const staffPage: RouteHandle = { staff: true };

/** Whether the page shown is a staff page (any matched route says so). */
export function useStaffPage(): boolean {
  return useMatches().some((match) => (match.handle as RouteHandle | undefined)?.staff === true);
}
