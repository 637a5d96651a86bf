/** /admin/closures' forms' intents, shared by the forms (closures-view.tsx) and the action (closed-days.server.ts). */
export const CLOSURE_INTENTS = {
  add: "add-closure",
  remove: "remove-closure",
} as const;
