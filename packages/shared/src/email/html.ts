/** Escapes text for HTML so visitor input can never become markup in an email or page. */
export function escapeHtml(value: string | number | null | undefined): string {
  return String(value ?? "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** A plain, widely supported email layout around an already-escaped body. */
export function emailLayout(title: string, bodyHtml: string, footer: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px;padding:24px">
<tr><td>
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>
${bodyHtml}
<p style="margin-top:24px;font-size:12px;color:#6b7280">${escapeHtml(footer)}</p>
</td></tr></table></td></tr></table></body></html>`;
}

/** Renders label/value rows as an HTML table and as aligned text lines. */
export function fieldRows(rows: Array<[string, string | null | undefined]>) {
  const html = `<table role="presentation" cellpadding="6" cellspacing="0" style="border-collapse:collapse;width:100%">${rows
    .map(
      ([label, value]) =>
        `<tr><th align="left" valign="top" style="width:140px;border-bottom:1px solid #e5e7eb">${escapeHtml(label)}</th><td style="border-bottom:1px solid #e5e7eb;white-space:pre-wrap">${escapeHtml(value || "—")}</td></tr>`,
    )
    .join("")}</table>`;
  const text = rows.map(([label, value]) => `${label}: ${value || "—"}`).join("\n");
  return { html, text };
}

/** A link that reads as a button in every mail client (a styled anchor), already escaped. */
export function buttonLink(url: string, label: string, tone: "primary" | "secondary" = "primary"): string {
  const colours = tone === "primary" ? "background:#1d4ed8;color:#ffffff" : "background:#e5e7eb;color:#111827";
  return `<a href="${escapeHtml(url)}" style="display:inline-block;${colours};padding:10px 16px;border-radius:6px;text-decoration:none;margin:0 8px 8px 0">${escapeHtml(label)}</a>`;
}
