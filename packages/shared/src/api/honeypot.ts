/** Name of the hidden field that people never fill in and form-filling bots do (kept zod-free for the browser). */
export const HONEYPOT_FIELD = "website";
