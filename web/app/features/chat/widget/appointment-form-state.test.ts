import { describe, expect, it } from "vitest";
import { APPOINTMENT_REQUIRED_MESSAGE } from "@app/shared/api/chat";
import {
  appointmentAlert,
  appointmentFormReducer,
  CHECK_FIELDS_MESSAGE,
  initialAppointmentForm,
  SEND_FAILED_MESSAGE,
  windowTaken,
  type AppointmentFormEvent,
  type AppointmentFormState,
} from "./appointment-form-state";

const run = (...events: AppointmentFormEvent[]) =>
  events.reduce<AppointmentFormState>(appointmentFormReducer, initialAppointmentForm);
const window = { start: "2031-03-12T15:00:00.000Z", end: "2031-03-12T17:00:00.000Z", available: 2 };
const choices = { from: "2031-03-12", days: 14, windows: [window], closures: [] };

describe("the chat's appointment form", () => {
  it("offers the open windows once they are read, and waits while a request is on its way", () => {
    expect(initialAppointmentForm.windows).toBeNull();
    const state = run({ type: "windows", windows: choices }, { type: "submit" });
    expect(state.windows).toEqual(choices);
    expect(state.submitting).toBe(true);
  });

  it("after a success shows no refusal", () => {
    const state = run({ type: "submit" }, { type: "answer", result: { kind: "success", message: "Booked" } });
    expect(state.submitting).toBe(false);
    expect(state.refusal).toBeNull();
  });

  it("a window taken meanwhile says so beside the window and reads the open windows again", () => {
    const message = "Sorry, that time is no longer available. Please choose another.";
    const taken = { kind: "refused", status: 409, message, errors: {} } as const;
    expect(windowTaken(taken)).toBe(true);
    const state = run({ type: "submit" }, { type: "answer", result: taken });
    expect(state.windowsReading).toBe(1);
    expect(state.refusal?.error).toEqual({ "": [message], windowStart: [message] });
  });

  it("the server's field errors show beside the form's own fields, under one alert", () => {
    const state = run({
      type: "answer",
      result: {
        kind: "refused",
        status: 400,
        message: "Please correct the highlighted fields",
        errors: { customerEmail: "Enter a valid email address", sessionId: "Invalid chat session id" },
      },
    });
    expect(state.refusal?.error).toEqual({
      "": [CHECK_FIELDS_MESSAGE],
      customerEmail: ["Enter a valid email address"],
    });
  });

  it("a refusal about no field says the server's words; no answer at all says to try again or call", () => {
    const throttled = run({
      type: "answer",
      result: { kind: "refused", status: 429, message: "Too many requests.", errors: {} },
    });
    expect(throttled.refusal?.error).toEqual({ "": ["Too many requests."] });
    const failed = run({ type: "answer", result: { kind: "error", status: null } });
    expect(failed.refusal?.error).toEqual({ "": [SEND_FAILED_MESSAGE] });
    expect(windowTaken({ kind: "error", status: 409 })).toBe(false);
  });
});

describe("the form's alert for the browser's own checks", () => {
  it("names the required fields when one is blank, else asks to check the highlighted ones", () => {
    const blank = { allErrors: { serviceType: ["Choose the service you need"] }, value: { customerName: "Remy" } };
    expect(appointmentAlert(blank)).toBe(APPOINTMENT_REQUIRED_MESSAGE);
    const filled = {
      allErrors: { customerEmail: ["Enter a valid email address"] },
      value: { customerName: "Remy", customerPhone: "2255550133", customerEmail: "nope", serviceType: "Panel Upgrade" },
    };
    expect(appointmentAlert(filled)).toBe(CHECK_FIELDS_MESSAGE);
    expect(appointmentAlert({ errors: ["Too many requests."], allErrors: {} })).toBe("Too many requests.");
    expect(appointmentAlert({ allErrors: {} })).toBeNull();
  });
});
