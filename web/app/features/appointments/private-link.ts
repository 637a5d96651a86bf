import type { HeadersFunction, MetaDescriptor } from "@remix-run/node";
import { business } from "@app/shared/business";

/**
 * What every page opened from an emailed link answers with: the address holds a secret (a token),
 * so the page is never stored by a browser or a proxy, never sends the address on as a Referer to
 * another site, and is never indexed. These routes never opt in to the public page cache
 * (web/server/page-cache.ts), and robots.txt names them (privatePathPrefixes) or /login.
 */
const PRIVATE_PAGE_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex",
} as const;

/** A route's `headers`: the private headers, and Retry-After when the loader or action refused with a 429. */
function privatePageHeaders(referrerPolicy: "no-referrer" | "same-origin"): HeadersFunction {
  return ({ loaderHeaders, actionHeaders }) => {
    const headers = new Headers({ ...PRIVATE_PAGE_HEADERS, "Referrer-Policy": referrerPolicy });
    const retryAfter = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
    if (retryAfter) headers.set("Retry-After", retryAfter);
    return headers;
  };
}

/**
 * The customer's manage links, the token in the path (/appointments/<token>, /unsubscribe/<token>):
 * no Referer at all. A browser without JavaScript then posts their forms with `Origin: null`, which
 * `sameOriginWrites` (web/server/security.ts) accepts on these paths only: the token is the key.
 */
export const privateLinkHeaders = privatePageHeaders("no-referrer");

/**
 * Pages whose address may carry a token in its query (/login?token=… for a password reset,
 * /verify-email?token=…): a Referer only to this site, which has the token already. Not
 * `no-referrer`: their forms post to /login and /verify-email, and a browser without JavaScript
 * would post them with `Origin: null`, which `sameOriginWrites` refuses there (a cross-site page
 * can send that too).
 */
export const tokenPageHeaders = privatePageHeaders("same-origin");

/**
 * /login's `headers`: those of `tokenPageHeaders`, but kept out of search results only when its
 * address holds a reset token (its loader then answers `X-Robots-Tag: noindex`): the plain sign-in
 * page is one a customer may search for (docs/product.md#sign-in-page).
 */
export const signInPageHeaders: HeadersFunction = (args) => {
  const headers = new Headers(tokenPageHeaders(args));
  if (!args.loaderHeaders.has("X-Robots-Tag")) headers.delete("X-Robots-Tag");
  return headers;
};

/** What a loader of a page whose address may hold a token answers, so its `headers` keep it out of search results. */
export const NOINDEX_HEADERS = { "X-Robots-Tag": PRIVATE_PAGE_HEADERS["X-Robots-Tag"] } as const;

/** The route's `meta`: its title, noindex, and no Referer (for browsers that read the meta tag). */
export const privateLinkMeta = (title: string): MetaDescriptor[] => [
  { title: `${title} | ${business.name}` },
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "no-referrer" },
];
