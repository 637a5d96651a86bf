import { describe, expect, it } from "vitest";
import {
  customerVisitStatus,
  nextStatuses,
  statusChangeRefusal,
  timeChangeRefusal,
  VISIT_STATUSES,
  type StatusActor,
  type VisitStatus,
} from "./visit-status";

/** The whole table, written out: "from → to" for every actor (docs/product.md#booking-rules). */
const allowed: Record<StatusActor, string[]> = {
  staff: [
    "pending → in_progress",
    "pending → completed",
    "pending → cancelled",
    "in_progress → pending",
    "in_progress → completed",
    "in_progress → cancelled",
    "completed → pending",
    "completed → in_progress",
    "completed → cancelled",
    "cancelled → pending",
    "cancelled → in_progress",
    "cancelled → completed",
  ],
  technician: ["pending → in_progress", "in_progress → completed"],
  customer: ["pending → cancelled"],
  system: [],
};

const pairs = VISIT_STATUSES.flatMap((from) =>
  VISIT_STATUSES.filter((to) => to !== from).map((to) => [from, to] as [VisitStatus, VisitStatus]),
);

describe("the visit's state machine", () => {
  for (const actor of Object.keys(allowed) as StatusActor[]) {
    it(`lets ${actor} make exactly the changes of the table`, () => {
      const granted = pairs.filter(([from, to]) => statusChangeRefusal(actor, from, to) === null);
      expect(granted.map(([from, to]) => `${from} → ${to}`)).toEqual(allowed[actor]);
      for (const from of VISIT_STATUSES)
        expect(nextStatuses(actor, from)).toEqual(
          allowed[actor].filter((p) => p.startsWith(`${from} →`)).map((p) => p.split(" → ")[1]),
        );
    });
  }

  it("never lets a technician or a customer bring a cancelled visit back, and says who cancelled it", () => {
    for (const to of ["pending", "in_progress", "completed"] as const) {
      expect(statusChangeRefusal("technician", "cancelled", to)).toMatch(/^This visit was cancelled by the office\./);
      expect(statusChangeRefusal("technician", "cancelled", to, { cancelledByCustomer: true })).toMatch(
        /^This visit was cancelled by the customer\./,
      );
      expect(statusChangeRefusal("customer", "cancelled", to)).toMatch(/^This visit is cancelled already/);
    }
  });

  it("treats setting the same status as no change for staff and technicians, and as too late for a customer", () => {
    for (const status of VISIT_STATUSES) {
      expect(statusChangeRefusal("staff", status, status)).toBeNull();
      expect(statusChangeRefusal("technician", status, status)).toBeNull();
    }
    expect(statusChangeRefusal("customer", "cancelled", "cancelled")).toMatch(/cancelled already.*call us at/);
  });

  it("says why in words a person understands", () => {
    expect(statusChangeRefusal("technician", "pending", "completed")).toBe(
      "Start the visit before marking it completed.",
    );
    expect(statusChangeRefusal("technician", "completed", "in_progress")).toBe("This visit is completed already.");
    expect(statusChangeRefusal("technician", "in_progress", "cancelled")).toBe(
      "Only the office can set a visit to cancelled.",
    );
    // The specification (section 4): an admin sets any of the four statuses whatever the current one.
    expect(statusChangeRefusal("staff", "cancelled", "completed")).toBeNull();
    expect(statusChangeRefusal("staff", "completed", "cancelled")).toBeNull();
    expect(statusChangeRefusal("customer", "in_progress", "cancelled")).toMatch(
      /^This visit is in progress and can no longer be changed online\. Please call us at /,
    );
  });

  it("lets staff move any visit, a customer only one still pending, and nobody else", () => {
    for (const status of VISIT_STATUSES) {
      expect(timeChangeRefusal("staff", status)).toBeNull();
      expect(timeChangeRefusal("technician", status)).not.toBeNull();
      expect(timeChangeRefusal("system", status)).not.toBeNull();
      expect(timeChangeRefusal("customer", status) === null).toBe(status === "pending");
    }
  });
});

describe("the status a customer is shown", () => {
  it("is the status in their words, whoever is assigned; a request not yet placed is Requested", () => {
    expect(customerVisitStatus({ status: "pending", needsPlacing: false })).toBe("Booked");
    expect(customerVisitStatus({ status: "pending", needsPlacing: true })).toBe("Requested");
    expect(customerVisitStatus({ status: "in_progress", needsPlacing: false })).toBe("In progress");
    expect(customerVisitStatus({ status: "cancelled", needsPlacing: true })).toBe("Cancelled");
  });
});
