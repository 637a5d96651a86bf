/**
 * Field limits, one constant each, that the zod schemas are built from
 * (./admin.ts, ./auth.ts, ./chat.ts, ./contact.ts, ./inbox-forms.ts); the
 * forms' `maxLength` and the browser's own checks come from those schemas
 * (web/app/utils/schema-form.ts). Zod-free, like ./auth-rules.ts.
 * docs/product.md, "Field limits", lists them.
 */

/**
 * A person's name as a visitor or customer types it: a first or last name (accounts, contact
 * messages) or a full name (the chat's and the portal's appointment forms). See `personName` in ./fields.ts.
 */
export const PERSON_NAME_MAX_LENGTH = 50;
/** A customer's name as staff type it (new customers): a person or a business. */
export const CUSTOMER_NAME_MAX_LENGTH = 120;
export const EMAIL_MAX_LENGTH = 254;
export const PHONE_MAX_LENGTH = 40;
/** A phone number as people type it: digits, spaces, + ( ) . -, at least 7 characters. */
export const PHONE_INPUT_PATTERN = /^[+\d\s().-]{7,}$/;
/** A plain shape check of an email address for the browser; the server's z.email() is the final word. */
export const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A contact message's text. */
export const CONTACT_MESSAGE_MAX_LENGTH = 5_000;
/** Appointment requests (chat and portal). */
export const ADDRESS_MAX_LENGTH = 300;
export const PREFERRED_TIMING_MAX_LENGTH = 200;
export const DESCRIPTION_MAX_LENGTH = 2_000;
/** What the inbox's search takes (longer is cut). */
export const INBOX_SEARCH_MAX_LENGTH = 200;
/** What the staff search box takes (GET /api/search, /admin/search, the bookings list's and the New Booking dialog's search). */
export const STAFF_SEARCH_MAX_LENGTH = 100;
/** A staff member's reply in a visitor's chat (the inbox). */
export const STAFF_REPLY_MAX_LENGTH = 2_000;
/** Bookings that staff create. */
export const BOOKING_SUMMARY_MAX_LENGTH = 200;
export const BOOKING_DETAILS_MAX_LENGTH = 5_000;
/** Why the business is closed on a day ("Thanksgiving", "Staff training"). */
export const CLOSURE_REASON_MAX_LENGTH = 80;
/** A staff note on a customer record. */
export const CUSTOMER_NOTE_MAX_LENGTH = 2_000;
/** A price book item's name ("GFCI outlet installed") and its description. */
export const PRICE_ITEM_NAME_MAX_LENGTH = 120;
export const PRICE_ITEM_DESCRIPTION_MAX_LENGTH = 500;

/** How many accounts a page of /admin/users lists. */
export const USERS_PER_PAGE = 50;
/** A visit's job record: the technician's notes, and an item written in on site. */
export const JOB_NOTES_MAX_LENGTH = 5_000;
export const JOB_ITEM_DESCRIPTION_MAX_LENGTH = 120;

/** A payment's reference as staff type it (a check's number, a note). */
export const PAYMENT_REFERENCE_MAX_LENGTH = 100;
