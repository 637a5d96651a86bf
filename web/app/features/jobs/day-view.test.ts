import { describe, expect, it } from "vitest";
import { areaOf, openVisitId, shownDay, shownStatus, type DayData } from "./day-view";
import type { Visit } from "./jobs.server";

const visit = (id: number, date: string, status: Visit["status"], onTheWay: Visit["onTheWay"] = null): Visit => ({
  id,
  date,
  when: "between 8 AM and 10 AM",
  startsAt: "8 AM",
  summary: `Visit ${id}`,
  details: null,
  priority: "medium",
  status,
  customerName: "Clotilde Arceneaux",
  phone: "(225) 555-0142",
  address: null,
  mapUrl: null,
  onTheWay,
  emailCustomer: true,
});

const TODAY = "2026-12-03";

describe("the open visit", () => {
  const done = visit(1, TODAY, "completed");
  const next = visit(2, TODAY, "pending");
  const later = visit(3, "2026-12-04", "pending");

  it("is the next one not completed, by default", () => {
    expect(openVisitId([done, next, later], TODAY, {})).toBe(2);
  });

  it("is the one the technician is on, even from an earlier day", () => {
    const running = visit(4, "2026-12-02", "in_progress");
    expect(openVisitId([running, done, next], TODAY, {})).toBe(4);
  });

  it("is today's next before one left pending on an earlier day, which opens when nothing else is left", () => {
    const missed = visit(5, "2026-12-01", "pending");
    expect(openVisitId([missed, done, next], TODAY, {})).toBe(2);
    expect(openVisitId([missed, done], TODAY, {})).toBe(5);
  });

  it("is the one asked for, or the one a post was just about, when the page lists it", () => {
    expect(openVisitId([done, next, later], TODAY, { requested: 3 })).toBe(3);
    expect(openVisitId([done, next, later], TODAY, { requested: 3, posted: 1 })).toBe(1);
    expect(openVisitId([done, next, later], TODAY, { requested: 99 })).toBe(2);
  });

  it("is the last one completed when nothing is left to do (its invoice may be collected), none when none is listed", () => {
    expect(openVisitId([done, visit(6, TODAY, "completed")], TODAY, {})).toBe(6);
    expect(openVisitId([], TODAY, {})).toBeNull();
  });
});

describe("the status shown", () => {
  it("is On the way for a pending visit whose customer was told, else the visit's own", () => {
    expect(shownStatus({ status: "pending", onTheWay: { at: "9:12 AM", minutes: 30 } })).toBe("on_the_way");
    expect(shownStatus({ status: "pending", onTheWay: null })).toBe("pending");
    expect(shownStatus({ status: "in_progress", onTheWay: { at: "9:12 AM", minutes: 30 } })).toBe("in_progress");
  });
});

describe("the day with a post's answer", () => {
  const pending = visit(7, TODAY, "pending");
  const data: DayData = {
    earlier: [],
    days: [{ date: TODAY, visits: [pending] }],
    records: {},
    invoices: {},
    loadedAt: 1_000,
  };
  const started = { ...pending, status: "in_progress" as const };
  const invoice = {
    id: 3,
    number: "INV-2026-0003",
    status: "sent" as const,
    totalCents: 100,
    paidCents: 0,
    balanceCents: 100,
  };

  it("shows the answer's visit and invoice when the answer is newer than the page's data", () => {
    const shown = shownDay(data, { at: 2_000, bookingId: 7, view: { visit: started, record: null, invoice } });
    expect(shown.days[0]!.visits[0]!.status).toBe("in_progress");
    expect(shown.invoices[7]).toEqual(invoice);
    expect(shown.extra).toBeNull();
  });

  it("shows the page's data once it was read after the answer", () => {
    const shown = shownDay(
      { ...data, loadedAt: 3_000 },
      { at: 2_000, bookingId: 7, view: { visit: started, record: null, invoice } },
    );
    expect(shown.days[0]!.visits[0]!.status).toBe("pending");
  });

  it("keeps a visit the day no longer lists (cancelled meanwhile) as the extra one", () => {
    const cancelled = { ...visit(8, TODAY, "cancelled") };
    const shown = shownDay(data, { at: 2_000, bookingId: 8, view: { visit: cancelled, record: null, invoice: null } });
    expect(shown.extra).toEqual(cancelled);
  });
});

describe("where an answer shows", () => {
  it("is beside the form that was sent", () => {
    expect(areaOf("set-status")).toBe("status");
    expect(areaOf("on-the-way")).toBe("status");
    expect(areaOf("job-record:7")).toBe("record");
    expect(areaOf("job-item-add:7")).toBe("items");
    expect(areaOf("job-item-remove:7")).toBe("items");
    expect(areaOf("job-photos:7")).toBe("photos");
    expect(areaOf("job-photo-remove:7")).toBe("photos");
    expect(areaOf("invoice-payment:3")).toBe("invoice");
    expect(areaOf("invoice-send:3")).toBe("invoice");
    expect(areaOf("working-days")).toBeNull();
    expect(areaOf(null)).toBeNull();
  });
});
