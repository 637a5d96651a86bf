/**
 * A customer who is a member, as the staff's screens mark them (docs/product.md#plans): the dispatch board's cards,
 * the customer record, the staff search and an emergency's alerts. Browser-safe: the pages' badges write these
 * words; ./members.server.ts reads the marks, one query per screen.
 */

/** The plans a customer is a member of (their memberships active or past due: their discount and priority hold). */
export interface MemberMark {
  /** The plans' names, A to Z. */
  plans: string[];
  /** Those of them that give priority for emergencies. */
  priorityPlans: string[];
}

/** "Member: Generator Care" (two plans: "Member: Generator Care, Home Safety Check"). */
export const memberLabel = (mark: MemberMark) => `Member: ${mark.plans.join(", ")}`;

/** "Member (Generator Care): priority" for an emergency's alerts; null when none of the plans gives priority. */
export const priorityNote = (mark: MemberMark | null | undefined): string | null =>
  mark?.priorityPlans.length ? `Member (${mark.priorityPlans.join(", ")}): priority` : null;
