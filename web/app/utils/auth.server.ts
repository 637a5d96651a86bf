import type { AppLoadContext } from "@remix-run/node";

/** The signed-in user as pages and the header see it (never a password or hash). */
export interface SessionUser {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  role: "customer" | "technician" | "admin";
}

/**
 * The user of this request's session, or null when signed out.
 * (Accounts are being built: see the "Accounts" issue; until then everyone is signed out.)
 */
export async function getOptionalUser(_request: Request, _context: AppLoadContext): Promise<SessionUser | null> {
  return null;
}
