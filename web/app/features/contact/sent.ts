/**
 * Where a message sent without JavaScript leads (docs/product.md#contact-page):
 * `/contact?sent=<token>#contact-sent` (the token: ./sent-token.server.ts).
 */

/** The query parameter that carries the token. */
export const SENT_PARAM = "sent";

/** The id of the notice that says the message was sent: the address scrolls to it, the page focuses it. */
export const SENT_ANCHOR = "contact-sent";

/**
 * The id of the apology a page without the app's scripts keeps hidden until its script finds that
 * the visitor's last post got no answer (./contact-draft.ts).
 */
export const UNREACHABLE_ANCHOR = "contact-unreachable";

/** The contact form's id (its fields' ids start with it). */
export const CONTACT_FORM_ID = "contact-form";
