import { Readable } from "node:stream";
import type { AppLoadContext } from "@remix-run/node";
import { exportLinkSchema } from "@app/shared/api/exports";
import { exportFile, validExportLink } from "@app/shared/exports/csv-exports.server";
import { exportStore } from "@app/shared/exports/export-store.server";
import { apiError, apiHandler, validate } from "~/utils/api.server";
import { getOptionalUser } from "~/utils/auth.server";
import { redirect } from "~/utils/responses.server";

/**
 * GET /admin/exports/{id}?expires=…&signature=… (the link a large export's email gives,
 * docs/decisions/022-exports-that-finish.md): the file, to the staff member who asked for it, signed
 * in, while the link works (7 days). Signed out: to /login first. A link that is tampered with,
 * expired, another's, or whose file is gone answers the same 403, so a link says nothing about what
 * exists; 400 for one that cannot be a link at all.
 */
export function exportDownload(request: Request, id: string | undefined, context: AppLoadContext) {
  return apiHandler(context, async () => {
    const user = await getOptionalUser(request, context);
    if (!user) return redirect("/login");
    if (user.role !== "admin") return apiError(403, "You need admin access to do this.");
    const link = validate(
      exportLinkSchema,
      { id, ...Object.fromEntries(new URL(request.url).searchParams) },
      "This is not an export's link",
    );
    const { env, db } = context.services;
    const refused = apiError(403, "This export link has expired or is not yours. Export the list again for a new one.");
    if (!validExportLink(env, link)) return refused;
    const row = await db.csvExport.findUnique({ where: { id: link.id } });
    if (!row || row.userId !== user.id || !row.storageKey || row.expiresAt <= new Date()) return refused;
    const { filename } = exportFile(db, row);
    const file = await exportStore(env).open(row.storageKey, filename);
    if (!file) return refused;
    if ("url" in file) return redirect(file.url);
    return new Response(Readable.toWeb(file.stream) as ReadableStream<Uint8Array>, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Length": String(file.bytes),
        "Content-Disposition": `attachment; filename="${filename}"`,
        "Cache-Control": "private, no-store",
        "Referrer-Policy": "no-referrer",
      },
    });
  });
}
