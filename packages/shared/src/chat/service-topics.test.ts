import { describe, expect, it } from "vitest";
import { chatServiceOptions } from "../business";
import { composeReply, detectService, type ChatTurn } from "./engine";

/** A weekday at 10 AM in Baton Rouge: the office is open, so no after-hours notice comes first. */
const now = new Date("2026-03-10T15:00:00Z");

describe("the service a visitor names", () => {
  it.each([
    ["I need a panel upgrade, I have a Federal Pacific panel", "Panel Upgrade"],
    ["We've got an old FPE Stab-Lok box in the garage", "Panel Upgrade"],
    ["my house still has a Zinsco panel", "Panel Upgrade"],
    ["can you replace a fuse box?", "Panel Upgrade"],
    ["thinking about going from 100 amp to 200 amp service", "Panel Upgrade"],
    ["I need a breaker box upgrade", "Panel Upgrade"],
    ["I want an EV charger installed in my garage", "Panel Upgrade"],
    ["charger for my tesla", "Panel Upgrade"],
    ["do you install Generac generators?", "Generator Installation"],
    ["I need a whole house generater", "Generator Installation"],
    ["quote for a transfer switch", "Generator Installation"],
    ["the breaker keeps tripping in the kitchen", "Electrical Repair"],
    ["half my outlets stopped working", "Electrical Repair"],
    ["my lights keep flickering", "Electrical Repair"],
    ["can you hang two ceiling fans", "Ceiling Fan Installation"],
    ["I want to replace the fan in the bedroom", "Ceiling Fan Installation"],
    ["recessed lighting in the living room", "Lighting Installation"],
    ["install landscape lights out front", "Lighting Installation"],
    ["need GFCI outlets in the bathroom", "Outlet Installation"],
    ["add an outlet on the porch", "Outlet Installation"],
    ["wiring for a restaurant build out", "Commercial Wiring"],
    ["do you do commercial work? we have a warehouse", "Commercial Wiring"],
  ])("%s → %s", (text, service) => {
    expect(detectService(text)).toBe(service);
  });

  it.each([
    ["What are your hours?"],
    ["Do you serve Walker?"],
    ["hello"],
    ["Is the estimate free?"],
    ["I'm a big fan of your work"],
    ["I saw your commercial on TV last night"],
    ["we have solar panels on the roof"],
    ["a light rain is falling, can you still come?"],
    ["what's your phone number"],
    ["can someone come Friday?"],
    ["thanks, that's all"],
    ["I shop at the hardware store on Airline"],
    ["is the office open on Saturday?"],
  ])("%s → none", (text) => {
    expect(detectService(text)).toBeNull();
  });

  it("names only services of the appointment form's menu", () => {
    const texts = ["Federal Pacific", "EV charger", "generator", "flickering lights", "ceiling fan", "pendant"];
    for (const text of texts) expect(chatServiceOptions).toContain(detectService(text));
  });
});

describe("the chat's answer to a named service", () => {
  it("a Federal Pacific panel: the hazard, the panel upgrade that fixes it, and the form with Panel Upgrade", () => {
    const r = composeReply("I need a panel upgrade, I have a Federal Pacific panel", [], { now });
    expect(r.service).toBe("Panel Upgrade");
    expect(r.message).toContain("Federal Pacific panels are a known fire hazard");
    expect(r.message).toContain("panel upgrade");
    expect(r.message).toContain("Shall I open the booking form with Panel Upgrade chosen?");
    // Not the generic list of everything the company does.
    expect(r.message).not.toContain("generator installation and maintenance");
    expect(r.suggestedActions).toContain("Open booking form");
  });

  it("a yes to the offer opens the form with the service named earlier", () => {
    const history: ChatTurn[] = [
      { sender: "user", message: "my generator won't start after the storm" },
      {
        sender: "assistant",
        message: "Shall I open the booking form with Generator Installation chosen?",
        intent: "services",
        suggestedActions: ["Open booking form"],
      },
    ];
    const r = composeReply("yes please", history, { now });
    expect(r.openBookingForm).toBe(true);
    expect(r.service).toBe("Generator Installation");
    expect(r.message).toContain("with Generator Installation chosen");
  });

  it("a day asked for carries the service, for the form the windows open", () => {
    const r = composeReply("can someone come Friday to look at my fuse box?", [], { now });
    expect(r.windowDay).toBeDefined();
    expect(r.service).toBe("Panel Upgrade");
  });

  it("an emergency is answered as one, with no service", () => {
    const r = composeReply("sparks are coming out of my Zinsco panel", [], { now });
    expect(r.intent).toBe("emergency");
    expect(r.service).toBeUndefined();
  });

  it("a question with no service named carries none, and does not take one from an unrelated earlier turn", () => {
    const history: ChatTurn[] = [{ sender: "user", message: "do you install ceiling fans" }];
    expect(composeReply("What are your hours?", history, { now }).service).toBeUndefined();
  });
});
