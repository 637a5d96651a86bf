/**
 * A module the chat imports on demand, imported once for the page: every caller shares the one
 * import, and a failed one (offline, a new deploy) may be tried again. Plain code, so the site's
 * own script (web/app/entry.site.ts) can use it without React.
 */
export function importOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    }));
}
