import { z } from "../zod";
import { formatDateTime } from "../time";

/**
 * What a customer merge keeps so it can be undone (docs/decisions/018-customer-merge-undo.md): the
 * audit entry's details name exactly what moved, and the merged-away record stays with
 * `mergedIntoId` and `mergedAt`. Pure rules, shared by the merge, its undo and the screens that
 * offer the Undo button.
 */

/** How long a merge can be undone. */
export const MERGE_UNDO_DAYS = 7;
const UNDO_MS = MERGE_UNDO_DAYS * 24 * 60 * 60 * 1000;

const ids = z.array(z.number().int());

/** The `customer.merged` audit entry's details. */
export const mergeDetailsSchema = z.object({
  /** The record that joined (kept, hidden) and the one it joined. */
  from: z.number().int(),
  into: z.number().int(),
  /** The booking the merge was started from. */
  bookingId: z.number().int(),
  bookingsMoved: z.number().int(),
  /** Exactly what moved: an undo moves these back, and nothing else. */
  bookingIds: ids,
  requestIds: ids,
  noteIds: ids,
  /** The estimates, invoices and payments that moved (absent from merges made before documents moved: none). */
  estimateIds: ids.default([]),
  invoiceIds: ids.default([]),
  paymentIds: ids.default([]),
  /** The plan memberships that moved (absent from merges made before memberships moved: none). */
  membershipIds: ids.default([]),
  /** The account the merged record was linked to (it is unlinked while merged). */
  leadUserId: z.number().int().nullable(),
  /** Whether the kept record took the merged one's account, or its address, having none. */
  accountMoved: z.boolean(),
  addressMoved: z.boolean(),
  /** The merged record's `mergedAt`: a later merge of the same record is another entry. */
  mergedAt: z.string(),
});

export type MergeDetails = z.infer<typeof mergeDetailsSchema>;

/** The details of a merge entry, or null for one made before merges kept what undo needs. */
export function mergeDetails(details: unknown): MergeDetails | null {
  const parsed = mergeDetailsSchema.safeParse(details);
  return parsed.success ? parsed.data : null;
}

/** Until when a merge made at `at` can be undone. */
export const undoDeadline = (at: Date) => new Date(at.getTime() + UNDO_MS);

/**
 * Why a merge cannot be undone now, or null when it can: it kept nothing to undo with, it was
 * undone already (the merged record is no longer merged by it), or it is more than
 * MERGE_UNDO_DAYS old.
 */
export function undoRefusal(
  entry: { createdAt: Date; details: MergeDetails | null },
  lead: { mergedIntoId: number | null; mergedAt: Date | null } | null,
  now: Date,
): string | null {
  const { details } = entry;
  if (!details) return "This merge was made before merges could be undone: move its visits back by hand.";
  if (!lead || lead.mergedIntoId !== details.into || lead.mergedAt?.toISOString() !== details.mergedAt)
    return "This merge was already undone.";
  if (now.getTime() > undoDeadline(entry.createdAt).getTime())
    return `This merge was made more than ${MERGE_UNDO_DAYS} days ago (${formatDateTime(entry.createdAt)}) and can no longer be undone.`;
  return null;
}
