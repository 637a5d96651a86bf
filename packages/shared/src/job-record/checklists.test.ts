import { describe, expect, it } from "vitest";
import { checkedOn, checklistFor } from "./checklists";

describe("checklistFor", () => {
  it("gives a panel upgrade its own list, read from the summary as the rest of the code names services", () => {
    const { service, items } = checklistFor("Panel upgrade 100A to 200A");
    expect(service).toBe("Panel Upgrade");
    expect(items.map((i) => i.label)).toContain("Permit posted");
    expect(items.map((i) => i.label)).toContain("Inspection scheduled");
  });

  it("gives anything else the general list", () => {
    expect(checklistFor("Replace two bathroom GFCI outlets").service).toBe("General Electrical Service");
    expect(checklistFor("Replace two bathroom GFCI outlets").items.map((i) => i.id)).toContain("tested-dead");
  });

  it("keeps only the ids on the list, in its order", () => {
    const { items } = checklistFor("Panel Upgrade");
    expect(checkedOn(items, ["inspection-scheduled", "nope", "permit-posted"])).toEqual([
      "permit-posted",
      "inspection-scheduled",
    ]);
  });
});
