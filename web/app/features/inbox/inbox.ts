import { E164_PATTERN } from "@app/shared/texts/phone";

/** Shared by the inbox page and its server code. */
export type InboxKind = "contact" | "chat" | "text";

export const PAGE_SIZE = 20;
export const MAX_PAGE = 500;

/** `contact:12`, `chat:chat_abc…` or `text:+12255550142`: which item the page has open. */
export function parseItemKey(key: string | null | undefined): { kind: InboxKind; id: string } | null {
  if (!key) return null;
  const match = /^(contact|chat|text):(.{1,200})$/.exec(key);
  if (!match) return null;
  const kind = match[1] as InboxKind;
  const id = match[2]!;
  if (kind === "contact" && !/^\d{1,9}$/.test(id)) return null;
  // A number's texts (docs/product.md#texts): the number in E.164.
  if (kind === "text" && !E164_PATTERN.test(id)) return null;
  return { kind, id };
}

export const itemKey = (kind: InboxKind, id: string | number) => `${kind}:${id}`;

/** The New Booking dialog on /admin/bookings, opened prefilled with what the message says. */
export function bookingHref(fields: {
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  summary?: string | null;
  details?: string | null;
}) {
  const params = new URLSearchParams({ new: "1" });
  // Kept short enough for any address bar.
  for (const [key, value] of Object.entries(fields))
    if (value) params.set(key, value.slice(0, key === "details" ? 1000 : 200));
  return `/admin/bookings?${params}`;
}
