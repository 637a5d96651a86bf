/**
 * Where a message sent without JavaScript leads (docs/product.md#contact-page):
 * `/contact?sent=<token>#contact-sent` (the token: ./sent-token.server.ts).
 */

/** The query parameter that carries the token. */
export const SENT_PARAM = "sent";

/** The id of the notice that says the message was sent: the address scrolls to it, the page focuses it. */
export const SENT_ANCHOR = "contact-sent";
