/**
 * The sizes of a CSV export (docs/decisions/022-exports-that-finish.md).
 *
 * EXPORT_STREAM_MAX_ROWS: the most rows an export is streamed with in the answer to its request
 * (about 8 MB of bookings, a few seconds); past it, the worker writes the file and emails its link.
 * EXPORT_BATCH_ROWS: the rows read from PostgreSQL at a time (one keyset statement each).
 * EXPORT_LINK_DAYS: how long an emailed export's link works, and its file is kept.
 */
export const EXPORT_STREAM_MAX_ROWS = 20_000;
export const EXPORT_BATCH_ROWS = 2_000;
export const EXPORT_LINK_DAYS = 7;
