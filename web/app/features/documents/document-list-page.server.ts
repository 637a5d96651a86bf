import type { Result } from "@app/shared/result";

type ListQuery = Record<"q" | "status" | "cursor", string | undefined>;

/**
 * A page of /admin/estimates or /admin/invoices from its address, read by the list's one service
 * (the JSON API's too), 25 rows. A field the service refuses (a hand-typed status or cursor) is
 * dropped, as the users page does: the page lists without it rather than failing.
 */
export async function documentListPage<T extends { nextCursor: string | null }>(
  request: Request,
  list: (query: ListQuery) => Promise<Result<T>>,
) {
  const params = new URL(request.url).searchParams;
  const query: ListQuery = {
    q: params.get("q") ?? undefined,
    status: params.get("status") ?? undefined,
    cursor: params.get("cursor") ?? undefined,
  };
  let result = await list(query);
  if (!result.ok) {
    for (const field of Object.keys(result.errors ?? {}))
      if (field in query) query[field as keyof ListQuery] = undefined;
    result = await list(query);
  }
  if (!result.ok) throw new Response(result.message, { status: result.status });
  return {
    ...result.value,
    filters: { q: query.q?.trim() ?? "", status: query.status ?? "" },
    paged: Boolean(query.cursor),
  };
}
