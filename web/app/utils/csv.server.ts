/**
 * The answer of a CSV export streamed to its request (docs/decisions/022-exports-that-finish.md): the
 * file's text (the one CSV module, @app/shared/csv, written by the exports of @app/shared/exports)
 * sent as it is read, a batch at a time, and the next batch read only when the client has taken the
 * last (web/server/remix-handler.ts). An attachment named `filename`, never cached. A read that fails
 * partway ends the answer broken (`onError` hears why), so a download never looks complete when it
 * is not.
 */
export function csvStreamResponse(
  text: AsyncIterable<string>,
  filename: string,
  onError: (error: unknown) => void,
): Response {
  const encoder = new TextEncoder();
  const pieces = text[Symbol.asyncIterator]();
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const next = await pieces.next();
          if (next.done) controller.close();
          else controller.enqueue(encoder.encode(next.value));
        } catch (error) {
          onError(error);
          controller.error(error);
        }
      },
      async cancel() {
        await pieces.return?.(undefined);
      },
    },
    // Nothing read ahead of what the client asks for.
    { highWaterMark: 0 },
  );
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
    },
  });
}
