/**
 * What the appointments feature offers the other features' server code: they import it from here, never
 * from the feature's other modules, which may change freely (docs/decisions/017-walls-between-layers.md).
 */
export {
  throttleLinkRequest,
  accountVisit,
  changeManagedVisit,
  customerVisitView,
  managedVisitPage,
  visitSelect,
  type ManagePage,
  type ManagedVisit,
  type VisitChange,
} from "./manage.server";
export { remindersFor } from "./email-preferences.server";
