import { describe, expect, it } from "vitest";
import type { BookingListRow } from "~/features/bookings/bookings-list.server";
import {
  closedDialog,
  countLabel,
  dialogReducer,
  emptyMessage,
  filterSearch,
  isFiltered,
  isUrgent,
  listLoading,
  orderWords,
  pageHref,
  prefillToOpen,
  shownStatus,
  shownTechnician,
  STATUS_CHOICES,
  technicianMenuChoices,
  type DialogState,
} from "./bookings-state";

const none = { status: "", priority: "" };

const row = (fields: Partial<BookingListRow> = {}): BookingListRow => ({
  id: 42,
  customerId: 7,
  customer: "Ada Lovelace",
  summary: "Panel upgrade",
  details: "200 A service",
  scheduled: 1_741_100_400_000,
  needsPlacing: false,
  priority: "medium",
  status: "pending",
  created: 1_741_000_000_000,
  ...fields,
});

const technicians = technicianMenuChoices([
  { id: 3, name: "Sam Boudreaux" },
  { id: 4, name: "Lou Guidry" },
]);

describe("bookings page: filters and pages in the address (docs/decisions/011-staff-screens-at-scale.md)", () => {
  it("links each page with the chosen filters only", () => {
    expect(pageHref(none)).toBe("/admin/bookings");
    expect(pageHref({ status: "pending", priority: "" })).toBe("/admin/bookings?status=pending");
    expect(pageHref({ status: "pending", priority: "emergency" }, { before: "1741000000000_42" })).toBe(
      "/admin/bookings?status=pending&priority=emergency&before=1741000000000_42",
    );
    expect(pageHref(none, { after: "1741000000000_42" })).toBe("/admin/bookings?after=1741000000000_42");
  });

  it("a changed filter puts only the chosen filters in the address, from the newest page", () => {
    const search = filterSearch([
      ["status", "completed"],
      ["priority", ""],
    ]);
    expect(search.toString()).toBe("status=completed");
    expect(isFiltered({ status: "completed", priority: "" })).toBe(true);
    expect(isFiltered(none)).toBe(false);
  });

  it("says how many bookings match in all, and how many this page shows once there is more than one", () => {
    expect(countLabel(1, 1, false, false)).toBe("1 booking");
    expect(countLabel(1204, 50, false, true)).toBe("1,204 bookings · 50 on this page");
    expect(countLabel(53, 3, true, false)).toBe("53 bookings · 3 on this page");
  });

  it("keeps the technician, the visit's days and the order in the address, the default order left out", () => {
    const filters = {
      status: "",
      priority: "",
      technician: "none",
      from: "2026-12-01",
      to: "2026-12-07",
      sort: "visit",
    };
    expect(pageHref(filters, { before: "1764600000000_9" })).toBe(
      "/admin/bookings?technician=none&from=2026-12-01&to=2026-12-07&sort=visit&before=1764600000000_9",
    );
    expect(pageHref({ ...none, sort: "created" })).toBe("/admin/bookings");
    expect(
      filterSearch([
        ["sort", "created"],
        ["technician", "4"],
      ]).toString(),
    ).toBe("technician=4");
    expect(isFiltered({ ...none, technician: "4" })).toBe(true);
    expect(isFiltered({ ...none, sort: "visit" })).toBe(false);
    expect(orderWords("visit")).toMatchObject({ previous: "Earlier", next: "Later" });
    expect(orderWords(undefined)).toMatchObject({ previous: "Newer", next: "Older", first: "Newest" });
  });

  it("says why the list is empty", () => {
    expect(emptyMessage(true, true)).toBe("No bookings match these filters.");
    expect(emptyMessage(false, true)).toBe("There are no bookings on this page.");
    expect(emptyMessage(false, false)).toBe("No service appointments have been created yet.");
  });

  it("dims the list while moving to another page; a live refresh only says it is loading", () => {
    expect(listLoading({ state: "loading", location: { pathname: "/admin/bookings" } }, "idle")).toEqual({
      navigating: true,
      loading: true,
    });
    expect(listLoading({ state: "idle" }, "loading")).toEqual({ navigating: false, loading: true });
    expect(listLoading({ state: "loading", location: { pathname: "/admin/calendar" } }, "idle")).toEqual({
      navigating: false,
      loading: false,
    });
  });
});

describe("bookings page: a row", () => {
  it("shows a changed status at once, while the change is on its way", () => {
    const booking = row();
    expect(shownStatus(booking, undefined)).toBe("pending");
    expect(shownStatus(booking, "in_progress")).toBe("in_progress");
    expect(STATUS_CHOICES.find((c) => c.value === "in_progress")?.label).toBe("In progress");
  });

  it("shows the technician, or the one being assigned, or Unassigned", () => {
    const unassigned = row();
    expect(shownTechnician(unassigned, technicians, undefined)).toMatchObject({ value: "", name: "Unassigned" });
    expect(shownTechnician(unassigned, technicians, "4")).toMatchObject({ value: "4", name: "Lou Guidry" });
    const assigned = row({ technicianId: 3 });
    expect(shownTechnician(assigned, technicians, undefined)).toMatchObject({
      value: "3",
      name: "Sam Boudreaux",
      choices: technicians,
    });
  });

  it("a technician no longer active still shows, marked so, and is on the row's menu", () => {
    const booking = row({ technicianId: 9, technicianName: "Pat Hebert" });
    const shown = shownTechnician(booking, technicians, undefined);
    expect(shown.name).toBe("Pat Hebert (inactive)");
    expect(shown.choices.at(-1)).toEqual({ value: "9", label: "Pat Hebert (inactive)" });
    expect(shownTechnician(row({ technicianId: 9 }), technicians, undefined).name).toBe("Unknown technician");
  });

  it("an emergency stands out until it is completed or cancelled", () => {
    expect(isUrgent({ priority: "emergency", status: "pending" })).toBe(true);
    expect(isUrgent({ priority: "emergency", status: "completed" })).toBe(false);
    expect(isUrgent({ priority: "emergency", status: "cancelled" })).toBe(false);
    expect(isUrgent({ priority: "high", status: "pending" })).toBe(false);
  });
});

describe("bookings page: the New Booking dialog prefilled from the inbox", () => {
  type Prefill = { name: string };
  const link = { name: "Ada Lovelace" };
  const closed = closedDialog<Prefill>();

  it("opens prefilled once hydrated, once per arrival at the link", () => {
    expect(prefillToOpen(closed, false, link, "k1")).toBeNull();
    expect(prefillToOpen(closed, true, null, "k1")).toBeNull();
    const arriving = prefillToOpen(closed, true, link, "k1");
    expect(arriving).toBe(link);
    const opened = dialogReducer(closed, { type: "linkArrived", locationKey: "k1", prefill: link });
    expect(opened).toEqual({ open: true, prefill: link, openedFor: "k1" });
    // The data reloads (same arrival): nothing to open again.
    expect(prefillToOpen(opened, true, link, "k1")).toBeNull();
  });

  it("closing forgets the prefill, so a later New Booking starts clean", () => {
    let state: DialogState<Prefill> = dialogReducer(closed, { type: "linkArrived", locationKey: "k1", prefill: link });
    state = dialogReducer(state, { type: "openChanged", open: false });
    expect(state).toEqual({ open: false, prefill: null, openedFor: "k1" });
    expect(prefillToOpen(state, true, link, "k1")).toBeNull();
    state = dialogReducer(state, { type: "openChanged", open: true });
    expect(state).toMatchObject({ open: true, prefill: null });
  });

  it("arriving at the link again (Back to it) opens it prefilled again", () => {
    const closedAfter: DialogState<Prefill> = { open: false, prefill: null, openedFor: "k1" };
    expect(prefillToOpen(closedAfter, true, link, "k2")).toBe(link);
    expect(dialogReducer(closedAfter, { type: "linkArrived", locationKey: "k2", prefill: link })).toMatchObject({
      open: true,
      prefill: link,
    });
  });
});
