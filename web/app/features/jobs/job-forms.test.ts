import { getZodConstraint } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { jobRecordFormSchema } from "@app/shared/api/job-record";

describe("the job record's form on /jobs", () => {
  it("saves blank notes and no ticked item alike: neither is required of the browser", () => {
    expect(getZodConstraint(jobRecordFormSchema)).toMatchObject({ notes: { required: false } });
    expect(jobRecordFormSchema.parse({ bookingId: "7" })).toEqual({ bookingId: 7, notes: "", checked: [] });
    expect(jobRecordFormSchema.parse({ bookingId: "7", notes: "Loose neutral", checked: "power-off" })).toEqual({
      bookingId: 7,
      notes: "Loose neutral",
      checked: ["power-off"],
    });
  });
});
