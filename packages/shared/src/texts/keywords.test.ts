import { describe, expect, it } from "vitest";
import { TEXT_KEYWORDS, textKeyword } from "./keywords";

describe("a text's keyword", () => {
  it("knows every word of each keyword", () => {
    const expected = {
      stop: ["STOP", "STOPALL", "STOP ALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "REVOKE", "OPTOUT", "OPT OUT"],
      start: ["START", "UNSTOP", "YES", "Y"],
      help: ["HELP", "INFO"],
      confirm: ["C"],
      link: ["R"],
    } as const;
    expect(TEXT_KEYWORDS).toEqual(expected);
    for (const [keyword, words] of Object.entries(expected))
      for (const word of words) {
        expect(textKeyword(word), word).toBe(keyword);
        expect(textKeyword(word.toLowerCase()), word).toBe(keyword);
      }
  });

  it("reads any case, spaces around, and trailing punctuation", () => {
    expect(textKeyword("Stop")).toBe("stop");
    expect(textKeyword("sToP")).toBe("stop");
    expect(textKeyword("  STOP \n")).toBe("stop");
    expect(textKeyword("\u00A0stop\u00A0")).toBe("stop");
    expect(textKeyword("Stop.")).toBe("stop");
    expect(textKeyword("STOP!!!")).toBe("stop");
    expect(textKeyword("stop ! ")).toBe("stop");
    expect(textKeyword("Unsubscribe?")).toBe("stop");
    expect(textKeyword("Stop all")).toBe("stop");
    expect(textKeyword("stop   all")).toBe("stop");
    expect(textKeyword("Opt out.")).toBe("stop");
    expect(textKeyword("opt-out")).toBe("stop");
    expect(textKeyword("optout")).toBe("stop");
    expect(textKeyword("Yes!")).toBe("start");
    expect(textKeyword("y")).toBe("start");
    expect(textKeyword("Start.")).toBe("start");
    expect(textKeyword("help?")).toBe("help");
    expect(textKeyword("Info")).toBe("help");
    expect(textKeyword("c")).toBe("confirm");
    expect(textKeyword(" C. ")).toBe("confirm");
    expect(textKeyword("r")).toBe("link");
    expect(textKeyword("R!")).toBe("link");
    expect(textKeyword("stop…")).toBe("stop");
  });

  it("is the word alone: a sentence with it is a message for the office", () => {
    for (const body of [
      "",
      "   ",
      ".",
      "stop texting me please",
      "cancel my appointment",
      "Please stop",
      "yes please",
      "yes, 8 AM works",
      "help me",
      "I need help",
      "can you send the link",
      "C you tomorrow",
      "CC",
      "RR",
      "stops",
      "stopp",
      "yess",
      "no",
      "N",
      "ok",
      "confirm",
      "STOP ALL NOW",
      "stop.all",
      "!stop",
      '"stop"',
    ])
      expect(textKeyword(body), body).toBeNull();
  });
});
