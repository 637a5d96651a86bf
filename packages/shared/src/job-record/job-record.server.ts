import { randomUUID } from "node:crypto";
import type { Db } from "../db.server";
import type { Env } from "../env.server";
import { recordAudit } from "../audit-log.server";
import { catalogFor, priceLine } from "../pricing/lines.server";
import { failure, success, type FieldErrors, type Result } from "../result";
import { lineTotalCents, MAX_CENTS, MAX_JOB_ITEMS_PER_VISIT, sumCents } from "../money/money";
import { MAX_DOLLARS_TEXT } from "../api/amounts";
import { PHOTO_MAX_BYTES, PHOTOS_PER_VISIT, type NewJobItem } from "../api/job-record";
import { checkedOn, checklistFor, type ChecklistItem } from "./checklists";
import { photoStore } from "./photo-store.server";
import { firstBytes, preparePhoto, sniffImageType } from "./photo-image.server";

/**
 * A visit's job record (docs/product.md#job-record): the technician's notes, the checklist of the
 * visit's service, the items added on site and the photos. Only the visit's technician and admins
 * see or change it; every change is audited. The JSON API (web/app/routes/api.jobs.*) and the
 * /jobs page both call these.
 */

export interface Staff {
  id: number;
  email: string;
  role: string;
}

type StoreEnv = Pick<Env, "UPLOADS_DIR" | "S3" | "SESSION_SECRETS">;

const NOT_YOURS = "You can only see and change the record of your own visits.";

export interface JobItemView {
  id: number;
  priceBookItemId: number | null;
  description: string;
  quantityHundredths: number;
  unitPriceCents: number;
  taxable: boolean;
  lineTotalCents: number;
  createdAt: string;
}

export interface JobPhotoView {
  id: number;
  url: string;
  contentType: string;
  bytes: number;
  width: number;
  height: number;
  createdAt: string;
}

export interface JobRecordView {
  bookingId: number;
  service: string;
  checklist: Array<ChecklistItem & { checked: boolean }>;
  notes: string;
  updatedAt: string | null;
  items: JobItemView[];
  photos: JobPhotoView[];
}

/** The visit, when the viewer may see its record: its technician's, or any for an admin. */
async function allowedVisit(db: Db, viewer: Staff, bookingId: number) {
  const booking = await db.booking.findUnique({
    where: { id: bookingId },
    select: { id: true, summary: true, technicianId: true },
  });
  if (!booking) return failure(404, "Visit not found");
  if (viewer.role !== "admin" && (viewer.role !== "technician" || booking.technicianId !== viewer.id))
    return failure(403, NOT_YOURS);
  return success(booking);
}

const itemView = (item: {
  id: number;
  priceBookItemId: number | null;
  description: string;
  quantityHundredths: number;
  unitPriceCents: number;
  taxable: boolean;
  createdAt: Date;
}): JobItemView => ({
  id: item.id,
  priceBookItemId: item.priceBookItemId,
  description: item.description,
  quantityHundredths: item.quantityHundredths,
  unitPriceCents: item.unitPriceCents,
  taxable: item.taxable,
  lineTotalCents: lineTotalCents(item),
  createdAt: item.createdAt.toISOString(),
});

async function photoView(
  env: StoreEnv,
  photo: {
    id: number;
    storageKey: string;
    contentType: string;
    bytes: number;
    width: number;
    height: number;
    createdAt: Date;
  },
): Promise<JobPhotoView> {
  const { storageKey, createdAt, ...rest } = photo;
  return { ...rest, url: await photoStore(env).url(storageKey), createdAt: createdAt.toISOString() };
}

/** The records of several visits at once (the /jobs page), each as `jobRecord` answers it; no access check. */
export async function jobRecordsOf(db: Db, env: StoreEnv, visits: Array<{ id: number; summary: string }>) {
  const ids = visits.map((v) => v.id);
  const [records, items, photos] = await Promise.all([
    db.jobRecord.findMany({ where: { bookingId: { in: ids } } }),
    db.jobItem.findMany({ where: { bookingId: { in: ids } }, orderBy: { id: "asc" } }),
    db.jobPhoto.findMany({ where: { bookingId: { in: ids } }, orderBy: { id: "asc" } }),
  ]);
  const views = new Map<number, JobRecordView>();
  for (const visit of visits) {
    const record = records.find((r) => r.bookingId === visit.id);
    const { service, items: list } = checklistFor(visit.summary);
    const checked = new Set(record?.checklist ?? []);
    views.set(visit.id, {
      bookingId: visit.id,
      service,
      checklist: list.map((item) => ({ ...item, checked: checked.has(item.id) })),
      notes: record?.notes ?? "",
      updatedAt: record?.updatedAt.toISOString() ?? null,
      items: items.filter((i) => i.bookingId === visit.id).map(itemView),
      photos: await Promise.all(photos.filter((p) => p.bookingId === visit.id).map((p) => photoView(env, p))),
    });
  }
  return views;
}

/** GET /api/jobs/{bookingId}/record. */
export async function jobRecord(
  db: Db,
  env: StoreEnv,
  viewer: Staff,
  bookingId: number,
): Promise<Result<{ record: JobRecordView }>> {
  const visit = await allowedVisit(db, viewer, bookingId);
  if (!visit.ok) return visit;
  const views = await jobRecordsOf(db, env, [visit.value]);
  return success({ record: views.get(bookingId)! });
}

/** Saves the notes, the checked items (only ids on the visit's checklist count), or both. */
export async function changeJobRecord(
  db: Db,
  env: StoreEnv,
  viewer: Staff,
  bookingId: number,
  change: { notes?: string; checklist?: string[] },
): Promise<Result<{ record: JobRecordView; message: string }>> {
  const visit = await allowedVisit(db, viewer, bookingId);
  if (!visit.ok) return visit;
  const { items } = checklistFor(visit.value.summary);
  const checklist = change.checklist === undefined ? undefined : checkedOn(items, change.checklist);
  await db.$transaction(async (tx) => {
    const before = await tx.jobRecord.findUnique({ where: { bookingId } });
    const data = {
      ...(change.notes !== undefined ? { notes: change.notes } : {}),
      ...(checklist !== undefined ? { checklist } : {}),
      updatedById: viewer.id,
    };
    await tx.jobRecord.upsert({ where: { bookingId }, create: { bookingId, ...data }, update: data });
    await recordAudit(tx, {
      actor: viewer,
      action: "job.record_updated",
      targetType: "booking",
      targetId: bookingId,
      details: {
        ...(change.notes !== undefined ? { notesChanged: change.notes !== (before?.notes ?? "") } : {}),
        ...(checklist !== undefined ? { checklist: { from: before?.checklist ?? [], to: checklist } } : {}),
      },
    });
  });
  const record = (await jobRecordsOf(db, env, [visit.value])).get(bookingId)!;
  const message =
    change.notes !== undefined && checklist === undefined
      ? "Notes saved."
      : checklist !== undefined && change.notes === undefined
        ? "Checklist saved."
        : "Job record saved.";
  return success({ record, message });
}

/**
 * Adds an item on site, priced by the price book's line rule (../pricing/lines.server.ts): an active
 * item of the book (its name, price and taxable unless given; an unknown or inactive one is a 400
 * beside `priceBookItemId`) or one written in. A visit holds at most MAX_JOB_ITEMS_PER_VISIT items
 * adding up to at most MAX_CENTS (what its invoice may hold), counted under the visit's row lock so
 * two items added at once cannot pass either: over them, a 400 beside the field.
 */
export async function addJobItem(
  db: Db,
  viewer: Staff,
  bookingId: number,
  input: NewJobItem,
): Promise<Result<{ item: JobItemView; message: string }>> {
  const visit = await allowedVisit(db, viewer, bookingId);
  if (!visit.ok) return visit;
  const errors: FieldErrors = {};
  const line = priceLine(input, await catalogFor(db, [input]), "", errors);
  const refusal = Object.values(errors)[0];
  if (refusal) return failure(400, refusal, { errors });
  const added = await db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM "Booking" WHERE id = ${bookingId} FOR UPDATE`;
    const items = await tx.jobItem.findMany({
      where: { bookingId },
      select: { quantityHundredths: true, unitPriceCents: true },
    });
    if (items.length >= MAX_JOB_ITEMS_PER_VISIT) return tooManyItems();
    const total = sumCents([...items, line].map(lineTotalCents));
    if (total > BigInt(MAX_CENTS)) return overTotal();
    const created = await tx.jobItem.create({
      data: {
        bookingId,
        ...line,
        addedById: viewer.id,
      },
    });
    await recordAudit(tx, {
      actor: viewer,
      action: "job.item_added",
      targetType: "booking",
      targetId: bookingId,
      details: {
        itemId: created.id,
        description: created.description,
        quantityHundredths: created.quantityHundredths,
        unitPriceCents: created.unitPriceCents,
      },
    });
    return success(created);
  });
  if (!added.ok) return added;
  const item = added.value;
  return success({ item: itemView(item), message: `${item.description} added.` }, 201);
}

const tooManyItems = () =>
  failure(400, `A visit holds at most ${MAX_JOB_ITEMS_PER_VISIT} items: remove one first.`, {
    errors: { description: `This visit has ${MAX_JOB_ITEMS_PER_VISIT} items already` },
  });

const overTotal = () => {
  const message = `A visit's items add up to at most ${MAX_DOLLARS_TEXT} (what one invoice may hold)`;
  return failure(400, `${message}: this item would pass it.`, {
    errors: { quantityHundredths: message, unitPriceCents: message },
  });
};

/** Removes an item added on site. */
export async function removeJobItem(
  db: Db,
  viewer: Staff,
  bookingId: number,
  itemId: number,
): Promise<Result<{ removed: true; message: string }>> {
  const visit = await allowedVisit(db, viewer, bookingId);
  if (!visit.ok) return visit;
  const removed = await db.$transaction(async (tx) => {
    const item = await tx.jobItem.findFirst({ where: { id: itemId, bookingId } });
    if (!item) return null;
    await tx.jobItem.delete({ where: { id: itemId } });
    await recordAudit(tx, {
      actor: viewer,
      action: "job.item_removed",
      targetType: "booking",
      targetId: bookingId,
      details: { itemId, description: item.description, quantityHundredths: item.quantityHundredths },
    });
    return item;
  });
  if (!removed) return failure(404, "No such item on this visit");
  return success({ removed: true, message: `${removed.description} removed.` });
}

/**
 * Removes a photo of the visit (taken by mistake, or of the wrong thing): its row and audit in one
 * transaction, then its file from the photo store (a file left by a failed removal is only logged:
 * nothing links to it any more). 404 for a photo that is not this visit's.
 */
export async function removeJobPhoto(
  db: Db,
  env: StoreEnv,
  viewer: Staff,
  bookingId: number,
  photoId: number,
): Promise<Result<{ removed: true; message: string }>> {
  const visit = await allowedVisit(db, viewer, bookingId);
  if (!visit.ok) return visit;
  const removed = await db.$transaction(async (tx) => {
    const photo = await tx.jobPhoto.findFirst({ where: { id: photoId, bookingId } });
    if (!photo) return null;
    await tx.jobPhoto.delete({ where: { id: photoId } });
    await recordAudit(tx, {
      actor: viewer,
      action: "job.photo_removed",
      targetType: "booking",
      targetId: bookingId,
      details: { photoId, bytes: photo.bytes },
    });
    return photo;
  });
  if (!removed) return failure(404, "No such photo on this visit");
  await photoStore(env).remove(removed.storageKey);
  return success({ removed: true, message: "Photo removed." });
}

/** A photo as it arrived: written to a file on disk as it streamed in (web/app/utils/form.server.ts), never held whole in memory. */
export interface UploadedFile {
  path: string;
  size: number;
  name: string;
}

const PHOTO_TYPE_MESSAGE = "Send a photo: a JPEG, PNG or WebP image.";

/**
 * Adds a photo, once per upload key: the same key again answers the photo it made (200, not 201),
 * so a retry after a dropped connection neither loses nor doubles it. Refused: not a JPEG, PNG or
 * WebP by its bytes (400), over PHOTO_MAX_BYTES (413), the visit's PHOTOS_PER_VISIT already (409).
 */
export async function addJobPhoto(
  db: Db,
  env: StoreEnv,
  viewer: Staff,
  bookingId: number,
  uploadKey: string,
  file: UploadedFile,
): Promise<Result<{ photo: JobPhotoView; message: string }>> {
  const visit = await allowedVisit(db, viewer, bookingId);
  if (!visit.ok) return visit;
  const existing = await db.jobPhoto.findUnique({ where: { bookingId_uploadKey: { bookingId, uploadKey } } });
  if (existing) return success({ photo: await photoView(env, existing), message: "Photo already saved." });
  if (file.size > PHOTO_MAX_BYTES)
    return failure(413, "A photo is at most 15 MB.", { errors: { file: `${file.name || "This file"} is over 15 MB` } });
  const type = sniffImageType(await firstBytes(file.path, 16));
  if (!type)
    return failure(400, PHOTO_TYPE_MESSAGE, { errors: { file: `${file.name || "This file"} is not a photo` } });
  if ((await db.jobPhoto.count({ where: { bookingId } })) >= PHOTOS_PER_VISIT) return tooMany();
  const kept = await preparePhoto(file.path, type);
  if (!kept)
    return failure(400, PHOTO_TYPE_MESSAGE, { errors: { file: `${file.name || "This file"} could not be read` } });

  const storageKey = `jobs/${bookingId}/${randomUUID()}.${kept.extension}`;
  const store = photoStore(env);
  await store.put(storageKey, kept.body, kept.contentType);
  const saved = await savePhotoRow(db, viewer, bookingId, uploadKey, storageKey, kept);
  if (saved === "full" || saved === "duplicate") await store.remove(storageKey);
  if (saved === "full") return tooMany();
  if (saved === "duplicate") {
    const photo = await db.jobPhoto.findUniqueOrThrow({ where: { bookingId_uploadKey: { bookingId, uploadKey } } });
    return success({ photo: await photoView(env, photo), message: "Photo already saved." });
  }
  return success({ photo: await photoView(env, saved), message: "Photo added." }, 201);
}

const tooMany = () =>
  failure(409, `A visit keeps at most ${PHOTOS_PER_VISIT} photos.`, {
    errors: { file: `This visit has ${PHOTOS_PER_VISIT} photos already` },
  });

/** The photo's row, counted under the visit's lock (two uploads at once cannot pass the limit); "duplicate" for a key already used. */
async function savePhotoRow(
  db: Db,
  viewer: Staff,
  bookingId: number,
  uploadKey: string,
  storageKey: string,
  kept: { contentType: string; body: Buffer; width: number; height: number },
) {
  try {
    return await db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM "Booking" WHERE id = ${bookingId} FOR UPDATE`;
      if ((await tx.jobPhoto.count({ where: { bookingId } })) >= PHOTOS_PER_VISIT) return "full" as const;
      const photo = await tx.jobPhoto.create({
        data: {
          bookingId,
          storageKey,
          contentType: kept.contentType,
          bytes: kept.body.byteLength,
          width: kept.width,
          height: kept.height,
          uploadKey,
          uploadedById: viewer.id,
        },
      });
      await recordAudit(tx, {
        actor: viewer,
        action: "job.photo_added",
        targetType: "booking",
        targetId: bookingId,
        details: { photoId: photo.id, bytes: photo.bytes, width: photo.width, height: photo.height },
      });
      return photo;
    });
  } catch (error) {
    if ((error as { code?: unknown }).code === "P2002") return "duplicate" as const;
    throw error;
  }
}
