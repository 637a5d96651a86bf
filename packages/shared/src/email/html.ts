/** Escapes text for HTML so visitor input can never become markup in an email or page. */
export function escapeHtml(value: string | number | null | undefined): string {
  return String(value ?? "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/**
 * The type of every email (docs/product.md#emails): body text 16 px, fine print and the footer
 * 14 px, in the widely installed fonts. Each element carries its size inline: mail clients drop
 * or rewrite style sheets, and some do not pass sizes down to tables.
 */
const TEXT = "font-size:16px;line-height:24px";
const FINE = "font-size:14px;line-height:20px;color:#4b5563";

/**
 * The shell of every email: fluid up to 600 px wide and the full width of a narrower screen, so a
 * phone shows it at its own size instead of zooming out on a fixed-width table (the body text
 * then read at about 8 px). Long words, addresses and links wrap instead of widening it. Outlook
 * for Windows, which ignores max-width, gets its 600 px table inside a conditional comment that
 * every other client skips. `bodyHtml` is already escaped.
 */
export function emailLayout(title: string, bodyHtml: string, footer: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<meta name="color-scheme" content="light"><meta name="supported-color-schemes" content="light">
<title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2937;${TEXT};-webkit-text-size-adjust:100%;text-size-adjust:100%">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;background:#f4f5f7"><tr><td align="center" style="padding:16px 8px">
<!--[if mso]><table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0"><tr><td><![endif]-->
<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background:#ffffff;border-radius:8px">
<tr><td style="padding:24px 20px;text-align:left;${TEXT};color:#1f2937;overflow-wrap:anywhere;word-break:break-word">
<h1 style="font-size:22px;line-height:28px;margin:0 0 16px;color:#111827">${escapeHtml(title)}</h1>
${bodyHtml}
<p class="fine-print" style="margin:24px 0 0;${FINE}">${escapeHtml(footer)}</p>
</td></tr></table>
<!--[if mso]></td></tr></table><![endif]-->
</td></tr></table></body></html>`;
}

/** A paragraph of fine print (what to do if this was not you, where a link leads), already escaped. */
export function finePrint(html: string): string {
  return `<p class="fine-print" style="margin:16px 0 0;${FINE}">${html}</p>`;
}

/**
 * Renders label/value rows as HTML and as aligned text lines. On a phone a label column beside the
 * value left the value a third of the screen, so each label sits above its value, at any width.
 */
export function fieldRows(rows: Array<[string, string | null | undefined]>) {
  const html = `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;border-collapse:collapse;margin:8px 0 16px">${rows
    .map(
      ([label, value]) =>
        `<tr><td style="padding:10px 0;border-bottom:1px solid #e5e7eb;${TEXT};color:#1f2937"><strong style="display:block;color:#374151">${escapeHtml(label)}</strong><span style="white-space:pre-wrap">${escapeHtml(value || "—")}</span></td></tr>`,
    )
    .join("")}</table>`;
  const text = rows.map(([label, value]) => `${label}: ${value || "—"}`).join("\n");
  return { html, text };
}

/**
 * A link that reads as a button in every mail client (a styled anchor), at least 44 px tall so a
 * thumb finds it; already escaped.
 */
export function buttonLink(url: string, label: string, tone: "primary" | "secondary" = "primary"): string {
  const colours = tone === "primary" ? "background:#1d4ed8;color:#ffffff" : "background:#e5e7eb;color:#111827";
  return `<a href="${escapeHtml(url)}" style="display:inline-block;${colours};font-size:16px;line-height:20px;font-weight:bold;padding:12px 20px;border-radius:6px;text-decoration:none;margin:0 8px 8px 0">${escapeHtml(label)}</a>`;
}
