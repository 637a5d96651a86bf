/**
 * A hidden field a form sets to "1" once the page's JavaScript runs (the sign-in forms, the contact
 * form): its action may then answer with data for the page to show, where a plain post is answered
 * with a redirect (Post/Redirect/Get, so reloading the page after it sends nothing again). Its own
 * module, so the site's script (web/app/entry.site.ts) can name it without the forms' code.
 */
export const ENHANCED_FIELD = "js";
