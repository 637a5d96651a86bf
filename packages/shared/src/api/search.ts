import { z } from "../zod";
import { requiredText } from "./fields";
import { STAFF_SEARCH_MAX_LENGTH } from "./limits";

/**
 * What staff search for: a name, a phone number, an email, an address or a booking number, in
 * one box (GET /api/search, the /admin/search page and its box in the staff bar, the bookings
 * list's `q`, the New Booking dialog's customer search; docs/product.md#search).
 */
export const searchQuerySchema = z.object({
  q: requiredText("Search", STAFF_SEARCH_MAX_LENGTH, `Search for ${STAFF_SEARCH_MAX_LENGTH} characters at most`),
});
