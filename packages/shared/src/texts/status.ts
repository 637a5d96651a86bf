/**
 * What became of a text, as the office reads it (the inbox's conversation and the customer record's Texts):
 * one label per `TextStatus` (prisma/schema.prisma), with Twilio's error code when it gave one
 * (a landline's 30006). Pure and safe for the browser.
 */
const LABELS: Record<string, string> = {
  received: "received",
  sending: "sending",
  queued: "queued",
  sent: "sent",
  delivered: "delivered",
  undelivered: "not delivered",
  failed: "failed",
  dropped: "not sent (opted out)",
};

export function textStatusLabel(status: string, errorCode?: number | null): string {
  return `${LABELS[status] ?? status}${errorCode ? ` (error ${errorCode})` : ""}`;
}
