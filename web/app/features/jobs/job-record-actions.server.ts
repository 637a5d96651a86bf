import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import type { AppLoadContext } from "@remix-run/node";
import {
  jobItemFormSchema,
  jobItemFromForm,
  jobItemRemoveFormSchema,
  jobPhotoRemoveFormSchema,
  jobRecordFormSchema,
} from "@app/shared/api/job-record";
import { idFrom } from "@app/shared/api/values";
import {
  addJobItem,
  addJobPhoto,
  changeJobRecord,
  jobRecordsOf,
  removeJobItem,
  removeJobPhoto,
} from "@app/shared/job-record/job-record.server";
import { listPriceBook } from "@app/shared/pricing/price-book.server";
import { failure, success, type FieldErrors, type Result } from "@app/shared/result";
import { answer, firstError, refused, submissionOf } from "~/utils/action.server";
import { uploadedFiles } from "~/utils/form.server";
import type { SessionUser } from "~/utils/auth.server";
import { recordIntent } from "./job-record";
import { JOB_INTENTS, type JobIntent } from "./jobs-intents";

/**
 * /jobs's job record forms (docs/product.md#job-record): the record (notes and checklist, saved together), an item added
 * or removed, a photo removed, and photos posted without JavaScript (several in one multipart form; with
 * JavaScript they go one by one to the JSON API). Each answers under its visit's intent.
 */

/** The records of the visits the page shows, and the price book's active items to pick from. */
export async function recordsForDay(context: AppLoadContext, visits: Array<{ id: number; summary: string }>) {
  const { db, env } = context.services;
  const [records, priceBook] = await Promise.all([
    jobRecordsOf(db, env, visits),
    visits.length ? listPriceBook(db, { active: true }) : Promise.resolve([]),
  ]);
  return {
    records: Object.fromEntries(records),
    priceBook: priceBook.map(({ id, name, unitPriceCents }) => ({ id, name, unitPriceCents })),
  };
}

export async function jobRecordAction(context: AppLoadContext, viewer: SessionUser, form: FormData, intent: JobIntent) {
  const { db, env } = context.services;
  const intentOf = (bookingId: unknown) => recordIntent(intent, idFrom(bookingId) ?? 0);
  switch (intent) {
    case JOB_INTENTS.record: {
      const submission = submissionOf(form, jobRecordFormSchema);
      const at = intentOf(form.get("bookingId"));
      if (submission.status !== "success") return refused(submission, { intent: at, message: firstError(submission) });
      const { bookingId, notes, checked } = submission.value;
      // The form keeps what was sent: it is what is saved now (the page shows the saved record from the answer).
      return answer(submission, await changeJobRecord(db, env, viewer, bookingId, { notes, checklist: checked }), {
        intent: at,
        keepValues: true,
      });
    }
    case JOB_INTENTS.itemAdd: {
      const submission = submissionOf(form, jobItemFormSchema);
      const at = intentOf(form.get("bookingId"));
      if (submission.status !== "success") return refused(submission, { intent: at, message: firstError(submission) });
      const item = jobItemFromForm(submission.value);
      return answer(submission, asItemForm(await addJobItem(db, viewer, submission.value.bookingId, item)), {
        intent: at,
      });
    }
    case JOB_INTENTS.itemRemove: {
      const submission = submissionOf(form, jobItemRemoveFormSchema);
      const at = intentOf(form.get("bookingId"));
      if (submission.status !== "success") return refused(submission, { intent: at, message: firstError(submission) });
      const { bookingId, itemId } = submission.value;
      return answer(submission, await removeJobItem(db, viewer, bookingId, itemId), { intent: at });
    }
    case JOB_INTENTS.photoRemove: {
      const submission = submissionOf(form, jobPhotoRemoveFormSchema);
      const at = intentOf(form.get("bookingId"));
      if (submission.status !== "success") return refused(submission, { intent: at, message: firstError(submission) });
      const { bookingId, photoId } = submission.value;
      return answer(submission, await removeJobPhoto(db, env, viewer, bookingId, photoId), { intent: at });
    }
    case JOB_INTENTS.photos:
      return answer(null, await photosWithoutScript(context, viewer, form), {
        intent: intentOf(form.get("bookingId")),
      });
  }
}

/** The form's names for the JSON item's fields, so a refusal shows beside the field typed in. */
const ITEM_FORM_FIELDS: Record<string, string> = { quantityHundredths: "quantity", unitPriceCents: "unitPrice" };

function asItemForm<T>(result: Result<T>): Result<T> {
  if (result.ok || !result.errors) return result;
  const errors = Object.entries(result.errors).map(([key, message]) => [ITEM_FORM_FIELDS[key] ?? key, message]);
  return { ...result, errors: Object.fromEntries(errors) as FieldErrors };
}

/**
 * Photos posted in one form (no JavaScript): each kept as the API keeps one, under a key made of
 * its bytes, so sending the same form again keeps no second copy.
 */
async function photosWithoutScript(context: AppLoadContext, viewer: SessionUser, form: FormData) {
  const bookingId = idFrom(form.get("bookingId"));
  if (!bookingId) return failure(404, "Visit not found");
  const files = uploadedFiles(form, "file");
  if (files.length === 0) return failure(400, "Choose a photo first.", { errors: { file: "Choose a photo" } });
  const { db, env } = context.services;
  let added = 0;
  for (const file of files) {
    const uploadKey = `sha256-${await fileSha256(file.path)}`;
    const result = await addJobPhoto(db, env, viewer, bookingId, uploadKey, file);
    if (!result.ok)
      return added === 0 ? result : failure(result.status, `${added} photo(s) saved; then: ${result.message}`);
    added++;
  }
  return success({ message: added === 1 ? "Photo added." : `${added} photos added.` });
}

/** A file's SHA-256 (hex), read as a stream. */
async function fileSha256(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}
