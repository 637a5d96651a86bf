import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * The text of a PDF the app emailed (base64, as the email stand-in keeps attachments), read by poppler's
 * pdftotext as a customer's PDF reader would (`npm test` makes sure it is installed:
 * tests/support/ensure-test-tools.sh).
 */
export function pdfText(base64: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), "pdf-text-"));
  try {
    const file = path.join(dir, "document.pdf");
    writeFileSync(file, Buffer.from(base64, "base64"));
    return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * How many pixels of a PDF's first page, drawn by poppler's pdftoppm at `dpi` and cut to the box
 * `{ x, y, width, height }` (pixels from the top left), are near `rgb` (each channel within 40): a
 * drawing the text cannot show, such as the logo, is there.
 */
export function pdfPixelsNear(
  base64: string,
  rgb: [number, number, number],
  box: { x: number; y: number; width: number; height: number },
  dpi = 72,
): number {
  const dir = mkdtempSync(path.join(tmpdir(), "pdf-pixels-"));
  try {
    const file = path.join(dir, "document.pdf");
    writeFileSync(file, Buffer.from(base64, "base64"));
    const crop = ["-x", box.x, "-y", box.y, "-W", box.width, "-H", box.height].map(String);
    execFileSync("pdftoppm", [
      "-r",
      String(dpi),
      "-f",
      "1",
      "-l",
      "1",
      "-singlefile",
      ...crop,
      file,
      path.join(dir, "page"),
    ]);
    const ppm = readFileSync(path.join(dir, "page.ppm"));
    // P6: "P6\n<width> <height>\n<max>\n" then width × height RGB triples.
    const header = /^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(ppm.subarray(0, 50).toString("latin1"));
    if (!header) throw new Error("pdftoppm did not write a P6 image");
    const pixels = ppm.subarray(header[0].length);
    let near = 0;
    for (let i = 0; i + 2 < pixels.length; i += 3)
      if ([0, 1, 2].every((c) => Math.abs(pixels[i + c]! - rgb[c]!) <= 40)) near++;
    return near;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
