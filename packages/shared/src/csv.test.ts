import { describe, expect, it } from "vitest";
import { csvCell } from "./csv";

describe("csvCell", () => {
  it("quotes every cell, doubling the quotes inside", () => {
    expect(csvCell("plain")).toBe('"plain"');
    expect(csvCell(42)).toBe('"42"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell('CSV, two "quoted"')).toBe('"CSV, two ""quoted"""');
    // A cell that holds another spreadsheet's separator stays one cell.
    expect(csvCell("x;=1+1")).toBe('"x;=1+1"');
  });

  it("defuses a cell that starts like a formula with a leading apostrophe (OWASP CSV injection)", () => {
    for (const [value, cell] of [
      ['=HYPERLINK("x")', '"\'=HYPERLINK(""x"")"'],
      ["+1+1", '"\'+1+1"'],
      ["-2+3", '"\'-2+3"'],
      ["@SUM(A1)", '"\'@SUM(A1)"'],
      ["\tcmd", '"\'\tcmd"'],
      ["\rcmd", '"\'\rcmd"'],
    ]) {
      expect(csvCell(value!), JSON.stringify(value)).toBe(cell);
    }
  });
});
