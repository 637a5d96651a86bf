import { describe, expect, it } from "vitest";
import { gsm7Safe, isGsm7, segmentsOf } from "./gsm7";

const BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?" +
  "¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const EXTENSION = "\f^{}\\[~]|€";

describe("GSM-7", () => {
  it("has the 127 characters of the basic set and the 10 of the extension table", () => {
    expect([...BASIC]).toHaveLength(127);
    expect(new Set(BASIC).size).toBe(127);
    expect(isGsm7(BASIC)).toBe(true);
    expect(isGsm7(EXTENSION)).toBe(true);
    for (const c of EXTENSION) expect(isGsm7(c), c).toBe(true);
    expect(isGsm7("")).toBe(true);
  });

  it("has no curly quotes, dashes, ellipsis, other spaces, accents it lacks, or emoji", () => {
    for (const c of ["‘", "’", "“", "”", "–", "—", "…", "\u00A0", "\t", "•", "™", "á", "ç", "À", "ê", "😀", "中", "`"])
      expect(isGsm7(`Hello ${c}`), c).toBe(false);
  });
});

describe("making a text GSM-7", () => {
  it("replaces quotes, dashes, dots, bullets and spaces, and leaves marks out", () => {
    expect(gsm7Safe("We’re “on” our way – about 8 AM — see you…")).toBe(
      'We\'re "on" our way - about 8 AM - see you...',
    );
    expect(gsm7Safe("8 AM\u00A0–\u202F10 AM")).toBe("8 AM - 10 AM");
    expect(gsm7Safe("• Panel upgrade\t• GFCI")).toBe("- Panel upgrade - GFCI");
    expect(gsm7Safe("Bayou Current Electric™ ®")).toBe("Bayou Current Electric ");
    expect(gsm7Safe("zero\u200Bwidth\uFEFF")).toBe("zerowidth");
    expect(gsm7Safe("2×4 → done")).toBe("2x4 -> done");
  });

  it("keeps the accents GSM-7 has and writes the others as plain letters", () => {
    expect(gsm7Safe("José, Zoë, François, Ñuñez, Gaël, Théo, Müller")).toBe(
      "José, Zoe, Francois, Ñuñez, Gael, Théo, Müller",
    );
    expect(gsm7Safe("Àngel Núñez")).toBe("Angel Nuñez");
  });

  it("leaves what has no GSM-7 equivalent, and the rest as it is", () => {
    expect(gsm7Safe("Thanks 😀")).toBe("Thanks 😀");
    expect(gsm7Safe("李")).toBe("李");
    expect(gsm7Safe(BASIC + EXTENSION)).toBe(BASIC + EXTENSION);
    expect(isGsm7(gsm7Safe("Mike’s crew – “on time”… • ™"))).toBe(true);
  });
});

describe("a text's segments", () => {
  it("fits 160 GSM-7 characters in one segment, then 153 per segment", () => {
    expect(segmentsOf("")).toEqual({ encoding: "GSM-7", units: 0, segments: 0 });
    expect(segmentsOf("a")).toEqual({ encoding: "GSM-7", units: 1, segments: 1 });
    expect(segmentsOf("a".repeat(160))).toEqual({ encoding: "GSM-7", units: 160, segments: 1 });
    expect(segmentsOf("a".repeat(161))).toEqual({ encoding: "GSM-7", units: 161, segments: 2 });
    expect(segmentsOf("a".repeat(306))).toEqual({ encoding: "GSM-7", units: 306, segments: 2 });
    expect(segmentsOf("a".repeat(307))).toEqual({ encoding: "GSM-7", units: 307, segments: 3 });
  });

  it("counts an extension-table character twice", () => {
    expect(segmentsOf("€")).toEqual({ encoding: "GSM-7", units: 2, segments: 1 });
    expect(segmentsOf("a".repeat(158) + "€")).toEqual({ encoding: "GSM-7", units: 160, segments: 1 });
    expect(segmentsOf("a".repeat(159) + "[")).toEqual({ encoding: "GSM-7", units: 161, segments: 2 });
    expect(segmentsOf("{}".repeat(80))).toEqual({ encoding: "GSM-7", units: 320, segments: 3 });
  });

  it("never parts an extension character from its escape", () => {
    // 152 + 2: the "€" would straddle the first segment's end, so it starts the second.
    expect(segmentsOf("a".repeat(152) + "€" + "a".repeat(151)).segments).toBe(2);
    expect(segmentsOf("a".repeat(152) + "€" + "a".repeat(152)).segments).toBe(3);
  });

  it("sends a text with one other character as UCS-2: 70 in one segment, then 67, in UTF-16 units", () => {
    expect(segmentsOf("’")).toEqual({ encoding: "UCS-2", units: 1, segments: 1 });
    expect(segmentsOf("’" + "a".repeat(69))).toEqual({ encoding: "UCS-2", units: 70, segments: 1 });
    expect(segmentsOf("’" + "a".repeat(70))).toEqual({ encoding: "UCS-2", units: 71, segments: 2 });
    expect(segmentsOf("’" + "a".repeat(133))).toEqual({ encoding: "UCS-2", units: 134, segments: 2 });
    expect(segmentsOf("’" + "a".repeat(134))).toEqual({ encoding: "UCS-2", units: 135, segments: 3 });
    // An extension character costs one unit in UCS-2.
    expect(segmentsOf("’€" + "a".repeat(68))).toEqual({ encoding: "UCS-2", units: 70, segments: 1 });
  });

  it("counts an emoji as its two UTF-16 units and never splits them", () => {
    expect(segmentsOf("😀")).toEqual({ encoding: "UCS-2", units: 2, segments: 1 });
    expect(segmentsOf("😀".repeat(35))).toEqual({ encoding: "UCS-2", units: 70, segments: 1 });
    expect(segmentsOf("a" + "😀".repeat(35))).toEqual({ encoding: "UCS-2", units: 71, segments: 2 });
    // 66 units, then an emoji that would straddle the end of the first 67.
    expect(segmentsOf("’" + "a".repeat(65) + "😀" + "a".repeat(65)).segments).toBe(2);
    expect(segmentsOf("’" + "a".repeat(65) + "😀" + "a".repeat(66)).segments).toBe(3);
  });
});
