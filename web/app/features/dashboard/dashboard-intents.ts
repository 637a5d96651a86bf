/** The dashboard's forms' intents, shared by each form and the action that reads it (dashboard-actions.server.ts). */

/** Dismiss on an open emergency lead (its leads' keys). */
export const DISMISS_INTENT = "acknowledge-emergency";
