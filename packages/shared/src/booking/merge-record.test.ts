import { describe, expect, it } from "vitest";
import { mergeDetails, undoDeadline, undoRefusal, type MergeDetails } from "./merge-record";

const mergedAt = new Date("2026-11-20T15:00:00.000Z");
const details: MergeDetails = {
  from: 12,
  into: 3,
  bookingId: 40,
  bookingsMoved: 1,
  bookingIds: [40],
  requestIds: [7],
  noteIds: [],
  estimateIds: [5],
  invoiceIds: [9],
  paymentIds: [],
  membershipIds: [],
  leadUserId: null,
  accountMoved: false,
  addressMoved: true,
  mergedAt: mergedAt.toISOString(),
};
const entry = { createdAt: mergedAt, details };
const stillMerged = { mergedIntoId: 3, mergedAt };

describe("undoing a merge (docs/decisions/018-customer-merge-undo.md)", () => {
  it("is allowed for 7 days while the record is still merged by this merge", () => {
    expect(undoRefusal(entry, stillMerged, new Date("2026-11-27T14:59:59.000Z"))).toBeNull();
    expect(undoDeadline(mergedAt).toISOString()).toBe("2026-11-27T15:00:00.000Z");
  });

  it("is refused after 7 days, once undone, after a later merge, and for an entry that kept nothing", () => {
    expect(undoRefusal(entry, stillMerged, new Date("2026-11-27T15:00:01.000Z"))).toMatch(
      /more than 7 days ago \(Nov 20, 2026, 9:00 AM\)/,
    );
    expect(undoRefusal(entry, { mergedIntoId: null, mergedAt: null }, mergedAt)).toBe("This merge was already undone.");
    expect(undoRefusal(entry, { mergedIntoId: 3, mergedAt: new Date("2026-11-21T00:00:00Z") }, mergedAt)).toBe(
      "This merge was already undone.",
    );
    expect(undoRefusal(entry, null, mergedAt)).toBe("This merge was already undone.");
    const old = mergeDetails({ from: 12, into: 3, bookingId: 40, bookingsMoved: 1 });
    expect(old).toBeNull();
    expect(undoRefusal({ createdAt: mergedAt, details: old }, stillMerged, mergedAt)).toMatch(/by hand/);
  });

  it("reads a merge made before documents moved with it as one that moved none", () => {
    const { estimateIds: _e, invoiceIds: _i, paymentIds: _p, ...before } = details;
    expect(mergeDetails(before)).toMatchObject({ estimateIds: [], invoiceIds: [], paymentIds: [], bookingIds: [40] });
    expect(mergeDetails(details)).toMatchObject({ estimateIds: [5], invoiceIds: [9] });
  });
});
