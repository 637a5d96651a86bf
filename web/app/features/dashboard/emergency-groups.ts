/**
 * The dashboard's emergency leads, grouped (docs/product.md#dashboard): repeats from one person (the
 * same phone, the same email, or, for a chat visitor who gave neither, the same browser on the same
 * address) make one row, newest first, with what they said last and their earlier ones folded under
 * it, and one Dismiss for them all. Pure and browser-safe: the loader groups, the page shows.
 */

/** One open emergency lead as the loader reads it. */
export interface OpenLead {
  /** `contact:12` or `chat:chat_…` (../../../../packages/shared/src/lead-keys.ts). */
  key: string;
  kind: "contact" | "chat";
  /** The name given, or null (a chat visitor who gave none). */
  name: string | null;
  phone: string | null;
  /** A contact message's sender's email. */
  email: string | null;
  /** A chat's browser: its address and user agent (nothing else tells two anonymous visitors apart). */
  browser: string | null;
  /** What they wrote (clipped): the message, or the chat message that read as an emergency. */
  said: string | null;
  /** ISO 8601: when it came in. */
  at: string;
  href: string;
}

export interface LeadGroup {
  /** The newest lead's key. */
  key: string;
  /** The newest lead, shown. */
  latest: OpenLead;
  /** The same person's earlier open leads, newest first. */
  earlier: OpenLead[];
  /** Every lead of the group: one Dismiss dismisses them all. */
  keys: string[];
}

const digits = (phone: string | null) => (phone ? phone.replace(/\D/g, "").slice(-10) : "");

/** Who a lead is from, as far as can be told: their phone, else their email, else their browser, else only itself. */
export function personOf(lead: OpenLead): string {
  const phone = digits(lead.phone);
  if (phone.length >= 7) return `phone:${phone}`;
  if (lead.email) return `email:${lead.email.trim().toLowerCase()}`;
  if (lead.browser) return `browser:${lead.browser}`;
  return `lead:${lead.key}`;
}

/** The leads as rows, one per person, the newest row first; at most `limit` rows. */
export function groupLeads(leads: readonly OpenLead[], limit: number): LeadGroup[] {
  const newestFirst = [...leads].sort((a, b) => b.at.localeCompare(a.at) || b.key.localeCompare(a.key));
  const groups = new Map<string, LeadGroup>();
  for (const lead of newestFirst) {
    const person = personOf(lead);
    const group = groups.get(person);
    if (group) {
      group.earlier.push(lead);
      group.keys.push(lead.key);
      // A later lead that names them names the row.
      if (!group.latest.name && lead.name) group.latest = { ...group.latest, name: lead.name };
    } else groups.set(person, { key: lead.key, latest: lead, earlier: [], keys: [lead.key] });
  }
  return [...groups.values()].slice(0, limit);
}
