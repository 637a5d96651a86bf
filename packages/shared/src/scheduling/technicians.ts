/**
 * The technicians as the schedule counts them: who works which weekdays, and how menus and pages
 * name them. Pure and safe for the browser; they are read and their days saved in
 * ./schedule.server.ts.
 */

export interface ScheduledTechnician {
  id: number;
  firstName: string;
  lastName: string;
  /** Weekdays worked, 0 = Sunday. */
  workingDays: readonly number[];
}

/** A technician as a menu lists them. */
export interface TechnicianChoice {
  id: number;
  name: string;
}

/** "Sam Boudreaux": a technician's (or any staff member's) name as the pages and emails show it. */
export const personName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

/** The technicians as the staff pages' menus list them. */
export function technicianChoices(technicians: readonly ScheduledTechnician[]): TechnicianChoice[] {
  return technicians.map((t) => ({ id: t.id, name: personName(t) }));
}
