/**
 * Which customers are members (docs/product.md#plans): read once for all the customers a screen shows (the dispatch
 * board's visits, the staff search's customers, the customer record) or an emergency's alerts name, in one query
 * over the memberships' customerId index, never one per customer.
 */
import type { Reader } from "../db.server";
import { z } from "../zod";
import type { MemberMark } from "./member-marks";
import { MEMBER_STATUSES } from "./memberships.server";

/** A member's mark in the JSON API's answers (GET /api/dispatch, GET /api/search); null for a customer who is none. */
export const memberMarkJson = z
  .object({ plans: z.array(z.string()), priorityPlans: z.array(z.string()) })
  .nullable()
  .meta({
    description: "The plans the customer is a member of (active or past due), and those giving emergency priority",
  });

/**
 * The members among `customerIds`, by customer id: each with the plans of their memberships in force (active or
 * past due, `MEMBER_STATUSES`: a member whose renewal failed keeps their discount and priority until it ends), A to
 * Z. A customer who is no member is not in the map.
 */
export async function membersAmong(db: Reader, customerIds: Iterable<number>): Promise<Map<number, MemberMark>> {
  const ids = [...new Set(customerIds)];
  const marks = new Map<number, MemberMark>();
  if (!ids.length) return marks;
  const rows = await db.membership.findMany({
    where: { customerId: { in: ids }, status: { in: [...MEMBER_STATUSES] } },
    select: { customerId: true, plan: { select: { name: true, emergencyPriority: true } } },
    orderBy: [{ customerId: "asc" }, { plan: { name: "asc" } }],
  });
  for (const { customerId, plan } of rows) {
    const mark = marks.get(customerId) ?? { plans: [], priorityPlans: [] };
    // A customer with two memberships of one plan (a renewal made anew) is named a member of it once.
    if (!mark.plans.includes(plan.name)) {
      mark.plans.push(plan.name);
      if (plan.emergencyPriority) mark.priorityPlans.push(plan.name);
    }
    marks.set(customerId, mark);
  }
  return marks;
}
