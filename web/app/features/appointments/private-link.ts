import type { HeadersFunction, MetaDescriptor } from "@remix-run/node";
import { business } from "@app/shared/business";

/**
 * What every page opened from a customer's emailed link answers with
 * (/appointments/<token>, /unsubscribe/<token>): the address is the key, so the
 * page is never stored by a browser or a proxy, never sends the address on as a
 * Referer, and is never indexed. These routes never opt in to the public page
 * cache (web/server/page-cache.ts), and robots.txt names them (privatePathPrefixes).
 */
const PRIVATE_LINK_HEADERS = {
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "no-referrer",
  "X-Robots-Tag": "noindex",
} as const;

/** The route's `headers`: the private headers, and Retry-After when the loader or action refused with a 429. */
export const privateLinkHeaders: HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const headers = new Headers(PRIVATE_LINK_HEADERS);
  const retryAfter = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

/** The route's `meta`: its title, noindex, and no Referer (for browsers that read the meta tag). */
export const privateLinkMeta = (title: string): MetaDescriptor[] => [
  { title: `${title} | ${business.name}` },
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "no-referrer" },
];
