import { chatServiceOptions } from "../business";
import { customerServiceName } from "../booking/visits";

/**
 * The checklist a technician works through on a visit (docs/product.md#job-record), by the visit's
 * service: the name `customerServiceName` reads from its summary (one of `chatServiceOptions`, the
 * names every appointment form and booked visit use). A service without its own list gets the
 * general one. An item's id is what the job record stores for a checked item, so ids never change
 * meaning; a label may be reworded.
 */

export interface ChecklistItem {
  id: string;
  label: string;
}

type ServiceName = (typeof chatServiceOptions)[number];

const GENERAL: ChecklistItem[] = [
  { id: "scope-confirmed", label: "Work confirmed with the customer" },
  { id: "power-off", label: "Power off and locked out at the panel" },
  { id: "tested-dead", label: "Circuit tested dead before work" },
  { id: "work-tested", label: "Finished work tested (GFCI/AFCI tripped and reset)" },
  { id: "area-clean", label: "Work area cleaned up" },
  { id: "customer-walkthrough", label: "Walked the customer through the work" },
];

const PANEL_UPGRADE: ChecklistItem[] = [
  { id: "permit-posted", label: "Permit posted" },
  { id: "power-off", label: "Power off and locked out" },
  { id: "grounding-bonding", label: "Grounding and bonding checked" },
  { id: "torque-to-spec", label: "Terminals torqued to spec" },
  { id: "panel-labels", label: "Circuits labeled on the new panel" },
  { id: "inspection-scheduled", label: "Inspection scheduled" },
];

const GENERATOR: ChecklistItem[] = [
  { id: "permit-posted", label: "Permit posted" },
  { id: "pad-clearances", label: "Pad placed with clearances from windows and doors" },
  { id: "transfer-switch", label: "Transfer switch installed and tested" },
  { id: "gas-line-checked", label: "Gas line leak-checked by the plumber" },
  { id: "load-test", label: "Load test run" },
  { id: "customer-walkthrough", label: "Showed the customer the exercise schedule" },
];

const EMERGENCY: ChecklistItem[] = [
  { id: "hazard-made-safe", label: "Hazard made safe" },
  { id: "power-off", label: "Power off and locked out" },
  { id: "cause-found", label: "Cause found" },
  { id: "repair-tested", label: "Repair tested" },
  { id: "follow-up-noted", label: "Follow-up work noted for the office" },
];

const BY_SERVICE: Partial<Record<ServiceName, ChecklistItem[]>> = {
  "Panel Upgrade": PANEL_UPGRADE,
  "Generator Installation": GENERATOR,
  "Emergency Electrical Service": EMERGENCY,
};

/** The checklist of a visit, from its summary ("Panel upgrade 100A to 200A" gets the panel upgrade's). */
export function checklistFor(summary: string): { service: string; items: ChecklistItem[] } {
  const service = customerServiceName(summary);
  return { service, items: BY_SERVICE[service as ServiceName] ?? GENERAL };
}

/** The checked ids that are on the visit's list, in the list's order (anything else is dropped). */
export function checkedOn(items: readonly ChecklistItem[], checked: readonly string[]): string[] {
  const set = new Set(checked);
  return items.filter((item) => set.has(item.id)).map((item) => item.id);
}
