/**
 * Check-then-write without a lost update: an attempt reads a row, decides,
 * and writes with a condition on what it read (`updateMany({ where: { id,
 * status: before.status } })`). When the condition no longer holds, another
 * change came first: the attempt answers OVERTAKEN and runs again on the new
 * state. Used by booking status and role changes (docs/security.md, "concurrent changes").
 */
export const OVERTAKEN = Symbol("overtaken by a concurrent change");

const MAX_ATTEMPTS = 6;

export async function untilNotOvertaken<T>(what: string, attempt: () => Promise<T | typeof OVERTAKEN>): Promise<T> {
  for (let i = 0; i < MAX_ATTEMPTS; i++) {
    const result = await attempt();
    if (result !== OVERTAKEN) return result;
  }
  throw new Error(`${what} kept changing under concurrent updates`);
}
