import { z } from "../zod";
import { STAFF_SEARCH_MAX_LENGTH } from "./limits";
import { blankAsAbsent, idFrom } from "./values";

/**
 * What the lists of estimates and of invoices share (GET /api/estimates, GET /api/invoices and the
 * /admin/estimates and /admin/invoices pages; docs/product.md#estimates, #invoices): `q`, the staff
 * search's text (a customer as the search finds one, or a document's number), the cursor of the
 * next page and how many a page. The status of each is in ./estimates.ts and ./invoices.ts.
 */

/** How many rows a page of either list shows, and the most the API answers at once. */
export const DOCUMENTS_PER_PAGE = 25;
export const MAX_DOCUMENTS_PER_PAGE = 100;

const INVALID_CURSOR = "Invalid cursor: use the nextCursor of the previous page";

/**
 * A place in a list, newest first: the id of the last row of the page before (the lists are in the
 * order the documents were made, which is their ids'; the primary key reads them).
 */
export const documentCursorSchema = z
  .string({ error: INVALID_CURSOR })
  .regex(/^\d{1,10}$/, INVALID_CURSOR)
  .refine((value) => idFrom(value) !== null, INVALID_CURSOR)
  .transform(Number);

const LIMIT_MESSAGE = `Limit must be a whole number from 1 to ${MAX_DOCUMENTS_PER_PAGE}`;

/** The fields of both lists' queries besides the status. */
export const documentListFields = {
  q: blankAsAbsent(
    z.string().trim().max(STAFF_SEARCH_MAX_LENGTH, `Search for ${STAFF_SEARCH_MAX_LENGTH} characters at most`),
  ),
  cursor: blankAsAbsent(documentCursorSchema),
  limit: z.coerce
    .number({ error: LIMIT_MESSAGE })
    .int(LIMIT_MESSAGE)
    .min(1, LIMIT_MESSAGE)
    .max(MAX_DOCUMENTS_PER_PAGE, LIMIT_MESSAGE)
    .default(DOCUMENTS_PER_PAGE),
};
