import { describe, expect, it } from "vitest";
import { newBookingRefusal, newCustomerRefusal } from "@app/shared/api/admin";
import {
  answersThisOpening,
  initialState,
  newBookingReducer,
  refusalAlert,
  type BookingPrefill,
  type NewBookingEvent,
  type NewBookingState,
} from "./new-booking-state";

const odile = { id: 7, name: "Odile Breaux", email: "odile@example.com", phone: "225-555-0101" };
const run = (state: NewBookingState, ...events: NewBookingEvent[]) => events.reduce(newBookingReducer, state);

describe("the New Booking dialog's steps", () => {
  it("opens on the customer search, with the day it was opened for and the form's defaults", () => {
    const state = initialState("2031-03-12");
    expect(state.step).toBe("customer_selection");
    expect(state.query).toBe("");
    expect(state.booking).toMatchObject({ date: "2031-03-12", time: "09:00", priority: "medium", summary: "" });
  });

  it("a picked customer goes to the booking step; Back returns to the search", () => {
    const picked = run(initialState("2031-03-12"), { type: "pick", customer: odile });
    expect(picked.step).toBe("booking");
    expect(picked.customer).toEqual(odile);
    expect(run(picked, { type: "back" }).step).toBe("customer_selection");
  });

  it("Create New Customer takes the name typed in the search, but not an email address", () => {
    const named = run(initialState("2031-03-12"), { type: "search", query: "  Remy Hebert " }, { type: "create-new" });
    expect(named.step).toBe("new_customer");
    expect(named.newCustomer.name).toBe("Remy Hebert");
    const email = run(
      initialState("2031-03-12"),
      { type: "search", query: "remy@example.com" },
      { type: "create-new" },
    );
    expect(email.newCustomer.name).toBe("");
  });

  it("a created customer is the booking's, on the booking step", () => {
    const state = run(
      initialState("2031-03-12"),
      { type: "create-new" },
      { type: "customer-created", customer: odile },
    );
    expect(state.step).toBe("booking");
    expect(state.customer).toEqual(odile);
  });

  it("each opening starts clean, on its own day", () => {
    const used = run(initialState("2031-03-12"), { type: "search", query: "Odile" }, { type: "pick", customer: odile });
    const reopened = run(used, { type: "open", date: "2031-04-01" });
    expect(reopened.step).toBe("customer_selection");
    expect(reopened.customer).toBeNull();
    expect(reopened.query).toBe("");
    expect(reopened.booking.date).toBe("2031-04-01");
  });
});

describe("opening prefilled from a message", () => {
  const prefill: BookingPrefill = {
    name: "Clotilde Arceneaux",
    email: "clotilde@example.com",
    phone: "225-555-0142",
    summary: "Panel upgrade",
    details: "The breaker buzzes",
    customer: null,
  };

  it("a new person's details fill the new customer step, the message the booking", () => {
    const state = run(initialState("2031-03-12"), { type: "open", date: "2031-03-12", prefill });
    expect(state.step).toBe("new_customer");
    expect(state.newCustomer).toEqual({ name: prefill.name, email: prefill.email, phone: prefill.phone });
    expect(state.booking).toMatchObject({ summary: "Panel upgrade", details: "The breaker buzzes" });
  });

  it("a customer on file goes straight to the booking step", () => {
    const state = initialState("2031-03-12", { ...prefill, customer: odile });
    expect(state.step).toBe("booking");
    expect(state.customer).toEqual(odile);
    expect(state.booking.summary).toBe("Panel upgrade");
  });
});

describe("answers to the dialog's posts", () => {
  it("apply to the opening they were sent in, not to the next one", () => {
    const sent = run(initialState("2031-03-12"), { type: "create-new" }, { type: "posted", form: "customer" });
    expect(answersThisOpening(sent, "customer")).toBe(true);
    expect(answersThisOpening(sent, "booking")).toBe(false);
    // Closed and opened again before the answer came.
    expect(answersThisOpening(run(sent, { type: "open", date: "2031-03-12" }), "customer")).toBe(false);
  });
});

describe("the step's alert", () => {
  it("says the summary when a required field is blank, else the first problem, else the server's refusal", () => {
    const blank = {
      allErrors: { name: ["Name is required"] },
      value: { name: "", email: "a@b.co", phone: "2255550101" },
    };
    expect(refusalAlert(blank, newCustomerRefusal)).toBe("Please fill in all customer fields");
    const bad = {
      allErrors: { email: ["Enter a valid email address"] },
      value: { name: "Odile", email: "nope", phone: "2255550101" },
    };
    expect(refusalAlert(bad, newCustomerRefusal)).toBe("Enter a valid email address");
    const refused = { errors: ["That technician already has a visit at that time"], allErrors: {} };
    expect(refusalAlert(refused, newBookingRefusal)).toBe("That technician already has a visit at that time");
    expect(refusalAlert({ allErrors: {} }, newBookingRefusal)).toBeNull();
  });

  it("for a booking, a missing date counts as missing", () => {
    const form = {
      allErrors: { scheduledDate: ["Date and time are required (ISO 8601)"] },
      value: { customerId: "7", summary: "Visit", date: "" },
    };
    expect(refusalAlert(form, newBookingRefusal)).toBe("Please fill in all required booking fields");
  });
});
