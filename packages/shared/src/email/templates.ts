import { business, formatAddress, type BusinessFacts } from "../business";
import { emailLayout, escapeHtml, fieldRows } from "./html";

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const footer = (facts: BusinessFacts) => `${facts.name} · ${facts.phone} · ${formatAddress(facts)}`;

export interface ContactForEmail {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  service: string | null;
  message: string;
  createdAt: Date;
}

/** To staff: a new message from the contact page, with every field. */
export function contactNotificationEmail(contact: ContactForEmail, appUrl: string, facts: BusinessFacts = business): RenderedEmail {
  const name = `${contact.firstName} ${contact.lastName}`.trim();
  const rows = fieldRows([
    ["Name", name],
    ["Email", contact.email],
    ["Phone", contact.phone],
    ["Service", contact.service],
    ["Message", contact.message],
    ["Received", contact.createdAt.toLocaleString("en-US", { timeZone: facts.timeZone, dateStyle: "full", timeStyle: "short" })],
    ["Reference", `Contact message #${contact.id}`],
  ]);
  const subject = `New contact message from ${name}${contact.service ? ` (${contact.service})` : ""}`;
  const intro = `A visitor sent a message through ${appUrl}/contact. We promised a reply ${facts.contactReplyPromise}.`;
  return {
    subject,
    text: `${intro}\n\n${rows.text}\n\nReply to: ${contact.email}\n`,
    html: emailLayout(subject, `<p>${escapeHtml(intro)}</p>${rows.html}`, footer(facts)),
  };
}

/** To a user who asked to reset their password. */
export function passwordResetEmail(input: { firstName: string; resetUrl: string }, facts: BusinessFacts = business): RenderedEmail {
  const subject = `Reset your ${facts.name} password`;
  const text = `Hi ${input.firstName},\n\nSomeone (hopefully you) asked to reset the password for your ${facts.name} account.\nOpen this link within one hour to choose a new password:\n\n${input.resetUrl}\n\nIf you did not ask for this, you can ignore this email; your password stays the same.\n`;
  const url = escapeHtml(input.resetUrl);
  const html = emailLayout(
    subject,
    `<p>Hi ${escapeHtml(input.firstName)},</p>
<p>Someone (hopefully you) asked to reset the password for your ${escapeHtml(facts.name)} account. The link works once, within one hour.</p>
<p><a href="${url}" style="display:inline-block;background:#1d4ed8;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none">Choose a new password</a></p>
<p style="font-size:13px;color:#4b5563">Or paste this address into your browser:<br>${url}</p>
<p>If you did not ask for this, you can ignore this email; your password stays the same.</p>`,
    footer(facts),
  );
  return { subject, text, html };
}
