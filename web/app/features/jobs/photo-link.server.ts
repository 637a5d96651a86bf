import type { AppLoadContext } from "@remix-run/node";
import { readSignedPhoto } from "@app/shared/job-record/photo-store.server";

/**
 * A job photo kept on disk, for the address the job record made
 * (packages/shared/src/job-record/photo-store.server.ts): 403 once it has expired (ten minutes),
 * or when anything in it was changed; never cached by anything shared.
 */
export async function signedPhotoResponse(context: AppLoadContext, key: string, url: URL): Promise<Response> {
  const body = await readSignedPhoto(
    context.services.env,
    key,
    url.searchParams.get("expires"),
    url.searchParams.get("signature"),
  );
  if (body === "forbidden")
    return new Response("This photo link has expired or is not valid. Reload the page for a new one.", {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  return new Response(new Uint8Array(body), {
    headers: {
      "Content-Type": key.endsWith(".webp") ? "image/webp" : "image/jpeg",
      "Content-Length": String(body.byteLength),
      "Cache-Control": "private, max-age=600",
      "Content-Disposition": "inline",
    },
  });
}
