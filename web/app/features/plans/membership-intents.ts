/** The customer record's forms of memberships (docs/product.md#plans): shared by the view and the action. */
export const MEMBERSHIP_INTENTS = {
  enrol: "enrol-plan",
  cancel: "cancel-membership",
  pause: "pause-membership",
  resume: "resume-membership",
  renew: "renew-membership",
} as const;
