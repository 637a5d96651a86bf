import { bookingsExportSchema } from "../api/exports";
import { paymentsExportQuerySchema } from "../api/reports";
import type { Db, Prisma } from "../db.server";
import type { Env } from "../env.server";
import { purposeKeys, signFor, verifyFor } from "../keys.server";
import { inTransaction, type ChangeContext } from "../outbox.server";
import { businessDate } from "../time";
import { sha256 } from "../tokens.server";
import { bookingsCsvName, bookingsCsvText } from "./bookings-export.server";
import { exportKey, exportStore } from "./export-store.server";
import { EXPORT_LINK_DAYS } from "./export-sizes";
import { paymentsCsvName, paymentsCsvText } from "./payments-export.server";

/**
 * CSV exports too large for a request (docs/decisions/022-exports-that-finish.md): asked for in a
 * transaction that owes the `csv-export` job through the outbox, written by the worker to the
 * export store (./export-store.server.ts) from the same text the web streams, and emailed to the
 * staff member who asked as a signed link that works for EXPORT_LINK_DAYS, for them only.
 */

export type ExportKind = "bookings" | "payments";

export interface AskedExport {
  id: string;
  rowCount: number;
  /** Where the link goes: the asker's address. */
  email: string;
  expiresAt: Date;
}

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === "P2002";

/** The query's parameters in one order, so the same query is always written the same way. */
const canonical = (params: Record<string, string>) =>
  Object.keys(params)
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join("&");

/**
 * Asks the worker for an export: a CsvExport row and its `csv-export` job, in one transaction. The
 * same export (asker, kind, query, row count) asked again on the same Baton Rouge day is the one
 * already asked: no second file, no second email.
 */
export async function askForExport(
  context: ChangeContext,
  input: { kind: ExportKind; user: { id: number; email: string }; params: Record<string, string>; rowCount: number },
  now = new Date(),
): Promise<AskedExport> {
  const dedupeKey = sha256(
    [input.kind, input.user.id, canonical(input.params), input.rowCount, businessDate(now)].join("\n"),
  );
  const asked = () =>
    inTransaction(context, async (tx, outbox) => {
      const found = await tx.csvExport.findUnique({ where: { dedupeKey } });
      if (found) return found;
      const row = await tx.csvExport.create({
        data: {
          kind: input.kind,
          userId: input.user.id,
          params: input.params,
          rowCount: input.rowCount,
          dedupeKey,
          expiresAt: new Date(now.getTime() + EXPORT_LINK_DAYS * 24 * 3600 * 1000),
        },
      });
      outbox.add("csv-export", { exportId: row.id, requestId: context.requestId }, { subject: `csv-export:${row.id}` });
      return row;
    });
  let row;
  try {
    row = await asked();
  } catch (error) {
    // Asked twice at once: the other request's row is this one.
    if (!isUniqueViolation(error)) throw error;
    row = await asked();
  }
  return { id: row.id, rowCount: row.rowCount, email: input.user.email, expiresAt: row.expiresAt };
}

/** The file of an export: its text (from the query, checked again) and its name. */
export function exportFile(db: Db, row: { kind: string; params: Prisma.JsonValue; createdAt: Date }) {
  if (row.kind === "payments") {
    const days = paymentsExportQuerySchema.parse(row.params);
    if (!days.from || !days.to) throw new Error("a payments export names its days");
    const range = { from: days.from, to: days.to };
    return { text: () => paymentsCsvText(db, range), filename: paymentsCsvName(range) };
  }
  const query = bookingsExportSchema.parse(row.params);
  return { text: () => bookingsCsvText(db, query), filename: bookingsCsvName(query, businessDate(row.createdAt)) };
}

type LinkEnv = Pick<Env, "APP_URL" | "SESSION_SECRETS">;
const linkKeys = (env: Pick<Env, "SESSION_SECRETS">) => purposeKeys(env.SESSION_SECRETS, "csv-export-link");
const linkMessage = (id: string, expires: number) => `${id}\n${expires}`;

/** The emailed link: /admin/exports/<id>, signed, working until the export expires. */
export function exportLink(env: LinkEnv, row: { id: string; expiresAt: Date }): string {
  const expires = Math.floor(row.expiresAt.getTime() / 1000);
  const signature = signFor(linkKeys(env)[0]!, linkMessage(row.id, expires));
  return `${env.APP_URL}/admin/exports/${row.id}?${new URLSearchParams({ expires: String(expires), signature })}`;
}

/** Whether a link's signature is ours and its time has not passed. */
export function validExportLink(
  env: Pick<Env, "SESSION_SECRETS">,
  link: { id: string; expires: number; signature: string },
  now = new Date(),
): boolean {
  if (link.expires * 1000 <= now.getTime()) return false;
  return verifyFor(linkKeys(env), linkMessage(link.id, link.expires), link.signature);
}

/** Writes an export's file to the store once (a retry after it was written finds it there). */
export async function writeExport(
  deps: { db: Db; env: Pick<Env, "UPLOADS_DIR" | "S3"> },
  row: { id: string; kind: string; params: Prisma.JsonValue; createdAt: Date; storageKey: string | null },
): Promise<void> {
  if (row.storageKey) return;
  const key = exportKey(row.id);
  const bytes = await exportStore(deps.env).write(key, exportFile(deps.db, row).text());
  await deps.db.csvExport.update({ where: { id: row.id }, data: { storageKey: key, bytes, readyAt: new Date() } });
}

/** Removes the files of exports whose links have expired (the worker's sweep); how many. */
export async function removeExpiredExports(deps: { db: Db; env: Pick<Env, "UPLOADS_DIR" | "S3"> }, now = new Date()) {
  const expired = await deps.db.csvExport.findMany({
    where: { expiresAt: { lte: now }, storageKey: { not: null } },
    select: { id: true, storageKey: true },
    take: 50,
  });
  for (const row of expired) {
    await exportStore(deps.env).remove(row.storageKey!);
    await deps.db.csvExport.update({ where: { id: row.id }, data: { storageKey: null } });
  }
  return expired.length;
}
