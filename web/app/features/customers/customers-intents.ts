/**
 * A customer's record page's forms' intents, shared by the forms (customer-record-view.tsx) and the
 * action (customer-record-actions.server.ts); `undo-merge` is also posted from the dashboard's audit list.
 */
export const CUSTOMER_INTENTS = {
  update: "update-customer",
  addNote: "add-note",
  resubscribe: "resubscribe",
  undoMerge: "undo-merge",
  askToText: "ask-to-text",
} as const;
