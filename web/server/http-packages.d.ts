// Types of the two small HTTP packages the kept responses use (web/server/static-responses.ts), for
// what is called of them: neither ships its own, and both are the versions Express itself depends on.

declare module "negotiator" {
  import type { IncomingMessage } from "node:http";

  /** Content negotiation on a request's Accept-* headers (https://github.com/jshttp/negotiator). */
  export default class Negotiator {
    constructor(request: Pick<IncomingMessage, "headers">);
    /** The best of `available` the request's Accept-Encoding allows; ties go to the first in `preferred`. */
    encoding(available: readonly string[], preferred?: readonly string[]): string | undefined;
  }
}

declare module "fresh" {
  import type { IncomingHttpHeaders, OutgoingHttpHeaders } from "node:http";

  /** Whether the request's validators (If-None-Match, If-Modified-Since) match the response's: a 304 then. */
  export default function fresh(requestHeaders: IncomingHttpHeaders, responseHeaders: OutgoingHttpHeaders): boolean;
}
