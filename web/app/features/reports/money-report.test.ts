import { describe, expect, it } from "vitest";
import { agingCutoffs, agingRows, approvalRatePercent, exportDays, formatPercent } from "./money-report";

describe("the money report's rules", () => {
  it("rates approvals as a whole percent rounded half up, and none sent as —", () => {
    expect(approvalRatePercent(0, 0)).toBeNull();
    expect(formatPercent(approvalRatePercent(0, 0))).toBe("—");
    expect(approvalRatePercent(3, 1)).toBe(33);
    expect(approvalRatePercent(3, 2)).toBe(67);
    expect(approvalRatePercent(8, 1)).toBe(13); // 12.5 → 13
    expect(approvalRatePercent(4, 4)).toBe(100);
    expect(formatPercent(42)).toBe("42%");
  });

  it("parts the buckets at the start of the Baton Rouge day 30, 60 and 90 days back", () => {
    // 2026-12-01 − 30 days is 2026-11-01 (CDT until 2 AM that day); − 60 is 2026-10-02; − 90 is 2026-09-02.
    expect(agingCutoffs("2026-12-01").map((d) => d.toISOString())).toEqual([
      "2026-11-01T05:00:00.000Z",
      "2026-10-02T05:00:00.000Z",
      "2026-09-02T05:00:00.000Z",
    ]);
  });

  it("lists every bucket in order, the empty ones as zero", () => {
    expect(agingRows([{ bucket: "61-90", count: 2, cents: 500 }])).toEqual([
      { bucket: "0-30", count: 0, cents: 0 },
      { bucket: "31-60", count: 0, cents: 0 },
      { bucket: "61-90", count: 2, cents: 500 },
      { bucket: "90+", count: 0, cents: 0 },
    ]);
  });

  it("exports this month by default, or the month of the one day given", () => {
    expect(exportDays({}, { year: 2028, month: 2 })).toEqual({ from: "2028-02-01", to: "2028-02-29" });
    expect(exportDays({ from: "2026-12-15" }, { year: 2028, month: 2 })).toEqual({
      from: "2026-12-15",
      to: "2026-12-31",
    });
    expect(exportDays({ to: "2026-11-10" }, { year: 2028, month: 2 })).toEqual({
      from: "2026-11-01",
      to: "2026-11-10",
    });
    expect(exportDays({ from: "2026-01-05", to: "2026-03-01" }, { year: 2028, month: 2 })).toEqual({
      from: "2026-01-05",
      to: "2026-03-01",
    });
  });
});
