/**
 * A member's discount as documents carry it (docs/product.md#plans, docs/decisions/029-maintenance-plans.md): the
 * plan's name and the percent copied onto an estimate or an invoice when it is written, and the one wording of its
 * line on every page, PDF and email. Its amount is the money module's (`documentTotals`, ../money/money.ts). Safe
 * for the browser.
 */
import { z } from "../zod";

/** A type, not an interface: the audit log's details (JSON) take it as it is. */
export type MemberDiscount = {
  planName: string;
  /** A whole percent of the subtotal, before tax. */
  percent: number;
};

/** The columns a document stores its member's discount in: both set, or both null (none). */
interface StoredColumns {
  memberPlanName: string | null;
  memberDiscountPercent: number | null;
}

/** What a document stored: null when it has none (not a member when it was written, or taken off a draft). */
export function storedMemberDiscount(row: StoredColumns): MemberDiscount | null {
  return row.memberPlanName !== null && row.memberDiscountPercent !== null
    ? { planName: row.memberPlanName, percent: row.memberDiscountPercent }
    : null;
}

/** A member's discount (or none) as the document's columns. */
export function memberDiscountColumns(discount: MemberDiscount | null): StoredColumns {
  return { memberPlanName: discount?.planName ?? null, memberDiscountPercent: discount?.percent ?? null };
}

/** An estimate's or an invoice's member discount in the JSON API: the plan, the percent and the line's words; or null. */
export const memberDiscountJsonSchema = z
  .object({ planName: z.string(), percent: z.number().int(), label: z.string() })
  .nullable();

/** A member's discount with its line's words, "Generator Care member discount (10%)"; or null. */
export function memberDiscountLine(discount: MemberDiscount | null): z.output<typeof memberDiscountJsonSchema> {
  return discount ? { ...discount, label: `${discount.planName} member discount (${discount.percent}%)` } : null;
}

/** A document's stored member discount with its line's words; or null. */
export const memberDiscountJson = (row: StoredColumns) => memberDiscountLine(storedMemberDiscount(row));
