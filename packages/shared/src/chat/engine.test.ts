import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { business, createBusinessFacts } from "../business";
import { isWindowAction } from "./rules";
import { requireBusinessInstant } from "../time";
import {
  askedVisitDay,
  chatIntents,
  classifyIntent,
  composeReply,
  greetingMessage,
  isBookingAction,
  type ChatIntent,
  type ChatTurn,
} from "./engine";

interface Labelled {
  text: string;
  intent: ChatIntent;
}

const fixture = JSON.parse(
  readFileSync(new URL("./fixtures/labelled-messages.json", import.meta.url), "utf8"),
) as Labelled[];

/** Every 5th message is held out: never looked at while tuning the lexicon. */
const isHeldOut = (index: number) => index % 5 === 4;

function confusionTable(rows: Array<{ actual: ChatIntent; predicted: ChatIntent }>): string {
  const short: Record<ChatIntent, string> = {
    greeting: "greet",
    booking: "book",
    emergency: "emerg",
    pricing: "price",
    services: "serv",
    hours: "hours",
    service_area: "area",
    contact: "cont",
    thanks: "thank",
    other: "other",
  };
  const width = 7;
  const cell = (s: string | number) => String(s).padStart(width);
  const lines = [`${"actual \\ predicted".padEnd(18)}${chatIntents.map((i) => cell(short[i])).join("")}${cell("n")}`];
  for (const actual of chatIntents) {
    const mine = rows.filter((r) => r.actual === actual);
    const counts = chatIntents.map((p) => mine.filter((r) => r.predicted === p).length);
    lines.push(`${actual.padEnd(18)}${counts.map((c) => cell(c || ".")).join("")}${cell(mine.length)}`);
  }
  return lines.join("\n");
}

const accuracy = (rows: Array<{ actual: ChatIntent; predicted: ChatIntent }>) =>
  rows.filter((r) => r.actual === r.predicted).length / rows.length;

const firstSentence = (text: string) => text.split(/(?<=[.!?])\s+/)[0] ?? "";

const afterOffer = (): ChatTurn[] => {
  const offer = composeReply("I'd like to book an appointment");
  return [
    { sender: "user", message: "I'd like to book an appointment" },
    { sender: "assistant", message: offer.message, intent: offer.intent, suggestedActions: offer.suggestedActions },
  ];
};

describe("labelled fixture", () => {
  it("is a fair set: at least 240 messages, at least 15 per intent, known intents only", () => {
    expect(fixture.length).toBeGreaterThanOrEqual(240);
    for (const row of fixture) expect(chatIntents).toContain(row.intent);
    for (const intent of chatIntents)
      expect(fixture.filter((r) => r.intent === intent).length).toBeGreaterThanOrEqual(15);
  });

  it("classifies at least 90% correctly (prints accuracy and confusion table)", () => {
    const rows = fixture.map((r, index) => ({
      ...r,
      index,
      actual: r.intent,
      predicted: classifyIntent(r.text).intent,
    }));
    const heldOut = rows.filter((r) => isHeldOut(r.index));
    const tuned = rows.filter((r) => !isHeldOut(r.index));
    const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
    const misses = rows.filter((r) => r.actual !== r.predicted);

    console.log(
      [
        `Intent accuracy: overall ${pct(accuracy(rows))} (${rows.length - misses.length}/${rows.length}), ` +
          `tuning split ${pct(accuracy(tuned))} (${tuned.length}), held-out every 5th ${pct(accuracy(heldOut))} (${heldOut.length})`,
        "",
        confusionTable(rows),
        "",
        misses.length ? "Misclassified:" : "No misclassifications.",
        ...misses.map((m) => `  [${m.actual} → ${m.predicted}]${isHeldOut(m.index) ? " (held out)" : ""} ${m.text}`),
      ].join("\n"),
    );

    expect(accuracy(rows)).toBeGreaterThanOrEqual(0.9);
  });
});

describe("classifyIntent", () => {
  it("returns a score for every intent and a confidence between 0 and 1", () => {
    const result = classifyIntent("what are your hours");
    expect(result.intent).toBe("hours");
    expect(Object.keys(result.scores).sort()).toEqual([...chatIntents].sort());
    expect(result.confidence).toBeGreaterThan(0.5);
    expect(result.confidence).toBeLessThanOrEqual(1);
  });

  it("lets danger win over booking and pricing beat services", () => {
    expect(classifyIntent("my panel is sparking can someone come today").intent).toBe("emergency");
    expect(classifyIntent("how much to upgrade my panel").intent).toBe("pricing");
  });

  it("tolerates typos", () => {
    expect(classifyIntent("emergancy").intent).toBe("emergency");
    expect(classifyIntent("sechedule an apointment").intent).toBe("booking");
    expect(classifyIntent("horus of operation").intent).toBe("hours");
  });

  it("notices cheap negation", () => {
    expect(classifyIntent("not an emergency, just need a new outlet installed").intent).toBe("booking");
    expect(classifyIntent("no sparks or smoke, the outlet just stopped working").intent).toBe("booking");
  });

  it("does not read hazards into harmless phrases", () => {
    expect(classifyIntent("can you hook up a hot tub").intent).toBe("services");
    expect(classifyIntent("do you install smoke detectors").intent).toBe("services");
  });
});

describe("composeReply", () => {
  const tuesdayMorning = new Date("2025-06-10T15:00:00Z"); // 10:00 in Baton Rouge
  const tuesdayNight = new Date("2025-06-11T02:00:00Z"); // 21:00 in Baton Rouge

  it("hours: every hours line from the facts, the after-hours note, and whether the office is open now", () => {
    const open = composeReply("what are your hours", [], { now: tuesdayMorning });
    expect(open.intent).toBe("hours");
    for (const h of business.hours) expect(open.message).toContain(`${h.label}: ${h.hours}`);
    expect(open.message).toContain(business.afterHours);
    expect(open.message).toContain("Open now until 6:00 PM");
    expect(composeReply("are you open now", [], { now: tuesdayNight }).message).toContain(
      "Closed now — opens Wednesday at 7:00 AM",
    );
  });

  it("emergency: the phone number is in the first sentence, with safety advice", () => {
    for (const text of [
      "my panel is sparking can someone come today",
      "I smell burning from the outlet",
      "power line down in my yard",
    ]) {
      const r = composeReply(text);
      expect(r.intent).toBe("emergency");
      expect(firstSentence(r.message)).toContain(business.phone);
      expect(r.message).toContain("911");
      expect(r.message).toMatch(/stay away from sparking/i);
      expect(r.message).toContain(business.emergency.available);
    }
  });

  it("service area: names every area, says yes to a known town, sends out-of-area visitors to the phone", () => {
    const general = composeReply("what areas do you serve");
    for (const area of business.serviceAreas) expect(general.message).toContain(area.name);

    const yes = composeReply("Do you come out to Prairieville?");
    expect(yes.intent).toBe("service_area");
    expect(yes.message).toMatch(/^Yes, we serve Prairieville/);
    for (const area of business.serviceAreas) expect(yes.message).toContain(area.name);

    for (const town of ["New Orleans", "Lafayette"]) {
      const no = composeReply(`do you serve ${town}?`);
      expect(no.intent).toBe("service_area");
      expect(no.message).toContain(`${town} is outside our usual service area`);
      expect(no.message).toContain(business.phone);
    }
  });

  it("pricing: free estimates", () => {
    const r = composeReply("how much to upgrade my panel");
    expect(r.intent).toBe("pricing");
    expect(r.message).toMatch(/estimates are free/i);
    expect(r.suggestsBooking).toBe(true);
  });

  it("services: the full list when no service is named", () => {
    const r = composeReply("what services do you offer");
    expect(r.intent).toBe("services");
    expect(r.service).toBeUndefined();
    for (const s of [
      "electrical repairs",
      "panel upgrades",
      "generator installation and maintenance",
      "lighting and ceiling fans",
      "commercial wiring",
      "emergency services",
    ])
      expect(r.message).toContain(s);
  });

  it("services: a named service is answered about that service, with the form offered with it chosen", () => {
    const r = composeReply("do you install ceiling fans");
    expect(r.intent).toBe("services");
    expect(r.service).toBe("Ceiling Fan Installation");
    expect(r.message).toContain("ceiling fans");
    expect(r.message).toContain("Shall I open the booking form with Ceiling Fan Installation chosen?");
    expect(r.message).not.toContain("commercial wiring");
    expect(r.suggestedActions[0]).toBe("Open booking form");
    expect(r.suggestsBooking).toBe(true);
  });

  it("contact: phone, email and the reply promise", () => {
    const r = composeReply("how can I contact you");
    expect(r.message).toContain(business.phone);
    expect(r.message).toContain(business.email);
    expect(r.message).toContain(business.contactReplyPromise);
  });

  it("booking: explains the form and the call back, and offers it", () => {
    const r = composeReply("I'd like to schedule an appointment");
    expect(r.intent).toBe("booking");
    expect(r.suggestsBooking).toBe(true);
    expect(r.openBookingForm).toBe(false);
    expect(r.message).toMatch(/name, phone, email and the service/);
    expect(r.message).toContain(business.contactReplyPromise);
    expect(r.suggestedActions.some(isBookingAction)).toBe(true);
  });

  it("a yes after a booking offer opens the form; a no thanks does not", () => {
    for (const yes of ["yes", "Yeah", "sure", "ok", "please", "yep", "yse", "yes please", "sure thing"]) {
      const r = composeReply(yes, afterOffer());
      expect(r, yes).toMatchObject({ intent: "booking", openBookingForm: true });
    }
    const no = composeReply("no thanks", afterOffer());
    expect(no.intent).toBe("thanks");
    expect(no.openBookingForm).toBe(false);
    // Without an offer, "yes" opens nothing.
    expect(composeReply("yes").openBookingForm).toBe(false);
    // A new question after an offer is answered as a question.
    expect(composeReply("yes, what are your hours?", afterOffer()).intent).toBe("hours");
  });

  it("never suggests more than 3 actions; booking actions say so, the rest are questions it understands", () => {
    const texts = [...fixture.map((r) => r.text), "yes", "no thanks", "do you serve New Orleans", "im in port allen"];
    for (const text of texts) {
      const r = composeReply(text, [], { now: tuesdayMorning });
      expect(r.suggestedActions.length, text).toBeLessThanOrEqual(3);
      expect(r.message, text).not.toMatch(/<[a-z/]|\*\*|\]\(|^#|`/m);
      for (const action of r.suggestedActions) {
        if (isBookingAction(action)) continue;
        expect(action, `${text} → ${action}`).toMatch(/\?$/);
        expect(classifyIntent(action).intent, action).not.toBe("other");
      }
    }
  });

  it("takes every fact from the facts it is given", () => {
    const facts = createBusinessFacts({ phone: "(225) 555-0199" });
    for (const text of [
      "my outlet is smoking",
      "what's your phone number",
      "what are your hours",
      "do you serve Lafayette",
      "asdf",
    ]) {
      const r = composeReply(text, [], { facts, now: tuesdayMorning });
      expect(r.message, text).toContain("(225) 555-0199");
      expect(r.message, text).not.toContain(business.phone);
    }
    expect(firstSentence(composeReply("sparks from my panel", [], { facts }).message)).toContain("(225) 555-0199");
    expect(greetingMessage(facts)).toContain("(225) 555-0199");
  });

  it("greets with the business name", () => {
    expect(greetingMessage()).toContain(business.name);
    expect(composeReply("hi").intent).toBe("greeting");
  });
});

describe("hours awareness", () => {
  const saturdayNight = new Date("2026-11-21T23:30:00-06:00");
  const tuesdayMorning = new Date("2026-11-24T10:00:00-06:00");
  it("after hours, puts the emergency line first", () => {
    for (const text of ["what are your hours", "I want to book an appointment", "hello"]) {
      const reply = composeReply(text, [], { now: saturdayNight });
      expect(reply.message.split("\n")[0]).toBe(
        `The office is closed right now. For an electrical emergency call ${business.phone}, 24/7.`,
      );
    }
  });
  it("during office hours, answers without the notice", () => {
    expect(composeReply("what are your hours", [], { now: tuesdayMorning }).message).not.toContain("closed right now");
    expect(composeReply("what are your hours", [], { now: tuesdayMorning }).message).toContain(
      "Open now until 6:00 PM",
    );
  });
});

describe("a visit asked for on a day", () => {
  // Wednesday, December 2, 2026, 10 AM in Baton Rouge.
  const now = requireBusinessInstant("2026-12-02", 10 * 60);

  it("names the next such day, today included, or today and tomorrow", () => {
    expect(askedVisitDay("can someone come Friday?", now)).toBe("2026-12-04");
    expect(askedVisitDay("Is anyone available on wednesday", now)).toBe("2026-12-02");
    expect(askedVisitDay("could a technician come out Tuesday", now)).toBe("2026-12-08");
    expect(askedVisitDay("can you send someone tomorrow?", now)).toBe("2026-12-03");
    expect(askedVisitDay("book me for today please", now)).toBe("2026-12-02");
  });

  it("leaves other questions with a day alone", () => {
    expect(askedVisitDay("are you open saturday?", now)).toBeNull();
    expect(askedVisitDay("what are your hours on sunday", now)).toBeNull();
    expect(askedVisitDay("can someone come out?", now)).toBeNull();
  });

  it("is answered as booking with the day, for the caller to fill with its windows; never for an emergency", () => {
    expect(composeReply("can someone come Friday?", [], { now })).toMatchObject({
      intent: "booking",
      windowDay: "2026-12-04",
    });
    expect(composeReply("sparks and smoke from the panel, can someone come today?", [], { now })).toMatchObject({
      intent: "emergency",
    });
    expect(composeReply("sparks and smoke from the panel, can someone come today?", [], { now }).windowDay).toBe(
      undefined,
    );
  });

  it("offers windows as actions the widget recognises", () => {
    expect(isWindowAction("Friday, Dec 4, 10 AM – 12 PM")).toBe(true);
    expect(isWindowAction("Saturday, Dec 5, 2 PM – 4 PM")).toBe(true);
    expect(isWindowAction("What are your hours?")).toBe(false);
    expect(isBookingAction("Friday, Dec 4, 10 AM – 12 PM")).toBe(true);
  });
});

describe("texts: terse, stretched and off-trade (the tuning examples; the held-out set is text-held-out.test.ts)", () => {
  it("reads stretched short words and a lone 'ya' after an offer", () => {
    expect(classifyIntent("heyyy there").intent).toBe("greeting");
    expect(classifyIntent("yesss", afterOffer()).intent).toBe("booking");
    expect(classifyIntent("yah", afterOffer()).intent).toBe("booking");
    expect(classifyIntent("see ya").intent).not.toBe("booking");
  });

  it("answers another trade that we are electricians, with what we do; electrical words keep it ours", () => {
    const sink = composeReply("my kitchen sink is clogged");
    expect(sink.intent).toBe("other");
    expect(sink.message).toMatch(/we're electricians, so we can't help with plumbing/);
    expect(sink.message).toMatch(/panel upgrades/);
    expect(composeReply("who does roof repair").message).toMatch(/roofing/);
    expect(classifyIntent("the AC quit and the breaker keeps tripping").intent).toBe("booking");
    expect(classifyIntent("sparks where the AC plugs in").intent).toBe("emergency");
  });

  it("takes a request for a quote as a pricing question", () => {
    expect(classifyIntent("could you give me a rough quote").intent).toBe("pricing");
    expect(classifyIntent("schedule a free estimate for friday").intent).toBe("booking");
  });
});
