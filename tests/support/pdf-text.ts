import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
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
