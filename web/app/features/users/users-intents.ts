/** The Users page's intents, shared by its forms and its action (users-actions.server.ts). */
export const USER_INTENTS = {
  /** A role's selector (and the confirmed change to admin). */
  changeRole: "change-role",
  /** The action's answer to a change to admin not yet confirmed: the page asks first. */
  confirmAdmin: "confirm-admin",
} as const;
