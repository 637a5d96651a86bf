/**
 * What the plans feature offers the other features' server code: they import it from here, never from the
 * feature's other modules, which may change freely (docs/decisions/017-walls-between-layers.md).
 */
export {
  accountMemberships,
  customerMemberships,
  isMembershipIntent,
  membershipIntentAction,
} from "./customer-memberships.server";
