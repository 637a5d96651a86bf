import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { Camera, Plus, Trash2 } from "lucide-react";
import { jobItemFormSchema, jobRecordFormSchema, PHOTOS_PER_VISIT } from "@app/shared/api/job-record";
import { formatCents, formatQuantity, sumCents } from "@app/shared/money/money";
import type { JobRecordView } from "@app/shared/job-record/job-record.server";
import { formatClockWords } from "@app/shared/time";
import { Button } from "~/components/ui/button";
import { Outcome } from "~/components/ui/outcome";
import { Label, SelectField, TextareaField, TextField } from "~/components/ui/field";
import { useSchemaForm, type ActionResult } from "~/utils/schema-form";
import { areaOf } from "./day-view";
import { PhotoUploader } from "./photo-uploader";
import { JOB_INTENTS } from "./jobs-intents";

/**
 * A visit's job record on /jobs (docs/product.md#job-record): notes and the checklist of its
 * service (one form, one save), the items added on site and the photos. Every form posts without
 * JavaScript (the photos as a multipart form); with JavaScript the photos go one by one
 * (./photo-uploader.tsx).
 */

export interface PriceChoice {
  id: number;
  name: string;
  unitPriceCents: number;
}

/** The intent a form of one visit answers under, so only its own form shows the answer. */
export const recordIntent = (form: string, bookingId: number) => `${form}:${bookingId}`;

function useSubmitting(intent: string, bookingId: number) {
  const navigation = useNavigation();
  return (
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === intent &&
    navigation.formData.get("bookingId") === String(bookingId)
  );
}

const answerFor = (posted: ActionResult | undefined, intent: string) =>
  posted?.intent === intent ? posted.result : undefined;

export function JobRecordSection({
  record,
  priceBook,
  posted,
}: {
  record: JobRecordView;
  priceBook: PriceChoice[];
  /** The page's last answer when it was about this visit. */
  posted?: ActionResult;
}) {
  const headingId = `record-${record.bookingId}`;
  const area = areaOf(posted?.intent);
  return (
    <section aria-labelledby={headingId} className="mt-4 border-t border-slate-200 pt-3">
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        Job record <span className="sr-only">of visit #{record.bookingId}</span>
      </h3>
      {/*
        One form, and its key says which saved record it started from: it starts afresh when the
        record changed on the server (this save's answer, another device's save), and only then. Its
        key is its own ("record:" and the time saved), never a sibling's: two siblings keyed alike (two
        blank records) leave React unable to tell them apart, and a save showed the notes twice.
      */}
      <RecordForm key={`record:${record.updatedAt ?? "never saved"}`} record={record} posted={posted} />
      {area === "record" && posted ? <AnswerHere posted={posted} /> : null}
      <Items record={record} priceBook={priceBook} posted={posted} />
      <Photos record={record} posted={area === "photos" ? posted : undefined} />
    </section>
  );
}

/** A post's answer where its form is: in view and focused (one on the page at a time). */
export function AnswerHere({ posted }: { posted: ActionResult }) {
  return (
    <Outcome tone={posted.ok ? "success" : "destructive"} revealKey={posted.at} className="mt-3">
      {posted.message}
    </Outcome>
  );
}

/** The notes and the checklist, saved together with one button. */
function RecordForm({ record, posted }: { record: JobRecordView; posted?: ActionResult }) {
  const saving = useSubmitting(JOB_INTENTS.record, record.bookingId);
  const [form, fields] = useSchemaForm<
    typeof jobRecordFormSchema,
    { bookingId: string; notes: string; checked: string[] }
  >(jobRecordFormSchema, {
    id: `job-record-${record.bookingId}`,
    lastResult: answerFor(posted, recordIntent(JOB_INTENTS.record, record.bookingId)),
    defaultValue: {
      bookingId: String(record.bookingId),
      notes: record.notes,
      checked: record.checklist.filter((item) => item.checked).map((item) => item.id),
    },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-2 grid gap-4">
      <input type="hidden" name="intent" value={JOB_INTENTS.record} />
      <input type="hidden" name="bookingId" value={record.bookingId} />
      <TextareaField field={fields.notes} label="Notes" rows={4} className="text-base" />
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Checklist: {record.service}</legend>
        <div className="mt-2 grid gap-2">
          {record.checklist.map((item) => {
            const id = `check-${record.bookingId}-${item.id}`;
            return (
              <label
                key={item.id}
                htmlFor={id}
                className="flex min-h-11 items-center gap-3 rounded-md border border-slate-200 px-3 text-sm"
              >
                <input
                  id={id}
                  type="checkbox"
                  name="checked"
                  value={item.id}
                  defaultChecked={item.checked}
                  autoComplete="off"
                  className="size-5 shrink-0 accent-brand-700"
                />
                {item.label}
              </label>
            );
          })}
        </div>
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" className="h-11" disabled={saving}>
          {saving ? "Saving..." : "Save job record"}
          <span className="sr-only"> (visit #{record.bookingId})</span>
        </Button>
        {record.updatedAt ? (
          <p className="text-sm text-slate-600">Saved at {formatClockWords(new Date(record.updatedAt))}</p>
        ) : null}
      </div>
    </Form>
  );
}

function Items({
  record,
  priceBook,
  posted,
}: {
  record: JobRecordView;
  priceBook: PriceChoice[];
  posted?: ActionResult;
}) {
  const area = areaOf(posted?.intent);
  // Exact whatever the database holds (sums of many large items pass 2⁵³): the money module's sum.
  const total = sumCents(record.items.map((item) => item.lineTotalCents));
  return (
    <div className="mt-4">
      <h4 className="text-sm font-semibold text-slate-900">Items added on site</h4>
      {record.items.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">None yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-200">
          {record.items.map((item) => (
            <li key={item.id} className="flex items-center justify-between gap-2 px-3 py-2 text-sm">
              <span className="min-w-0 wrap-anywhere">
                {item.description}{" "}
                <span className="text-slate-600">
                  {formatQuantity(item.quantityHundredths)} × {formatCents(item.unitPriceCents)}
                </span>
              </span>
              <span className="flex items-center gap-2">
                <span className="font-medium tabular-nums">{formatCents(item.lineTotalCents)}</span>
                <Form method="post">
                  <input type="hidden" name="intent" value={JOB_INTENTS.itemRemove} />
                  <input type="hidden" name="bookingId" value={record.bookingId} />
                  <input type="hidden" name="itemId" value={item.id} />
                  <Button type="submit" variant="ghost" size="icon" className="size-11">
                    <Trash2 aria-hidden="true" />
                    <span className="sr-only">Remove {item.description}</span>
                  </Button>
                </Form>
              </span>
            </li>
          ))}
          <li className="flex justify-between px-3 py-2 text-sm font-semibold">
            <span>Total before tax</span>
            <span className="tabular-nums">{formatCents(total)}</span>
          </li>
        </ul>
      )}
      {area === "items" && posted ? <AnswerHere posted={posted} /> : null}
      {/* Open once an item was added or refused (the next one, or the refusal beside its field). */}
      <details className="group mt-3 rounded-md bg-slate-50" open={area === "items" || undefined}>
        <summary className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md px-3 font-medium text-brand-800">
          <Plus aria-hidden="true" className="size-4" />
          Add an item
        </summary>
        <AddItemForm bookingId={record.bookingId} priceBook={priceBook} posted={posted} />
      </details>
    </div>
  );
}

function AddItemForm({
  bookingId,
  priceBook,
  posted,
}: {
  bookingId: number;
  priceBook: PriceChoice[];
  posted?: ActionResult;
}) {
  const adding = useSubmitting(JOB_INTENTS.itemAdd, bookingId);
  const [form, fields] = useSchemaForm(jobItemFormSchema, {
    id: `job-item-${bookingId}`,
    lastResult: answerFor(posted, recordIntent(JOB_INTENTS.itemAdd, bookingId)),
    defaultValue: { bookingId: String(bookingId), quantity: "1", taxable: "on" },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-3 p-3 pt-1">
      <input type="hidden" name="intent" value={JOB_INTENTS.itemAdd} />
      <input type="hidden" name="bookingId" value={bookingId} />
      <SelectField field={fields.priceBookItemId} label="From the price book" className="h-11">
        <option value="">None: write one in below</option>
        {priceBook.map((item) => (
          <option key={item.id} value={item.id}>
            {item.name} ({formatCents(item.unitPriceCents)})
          </option>
        ))}
      </SelectField>
      <TextField field={fields.description} label="Or describe it" autoComplete="off" className="h-11" />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          field={fields.unitPrice}
          label="Price ($)"
          hint="Like 165.00"
          inputMode="decimal"
          autoComplete="off"
          className="h-11"
        />
        <TextField field={fields.quantity} label="Quantity" inputMode="decimal" autoComplete="off" className="h-11" />
      </div>
      {/* The label wraps the box: the whole row is the target a finger taps. */}
      <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-slate-800">
        <input
          {...getInputProps(fields.taxable, { type: "checkbox", ariaAttributes: false })}
          className="size-5 accent-brand-700"
        />
        Taxable (written-in items)
      </label>
      <Button type="submit" className="h-11 justify-self-start" disabled={adding}>
        <Plus aria-hidden="true" />
        {adding ? "Adding..." : "Add item"}
        <span className="sr-only"> (visit #{bookingId})</span>
      </Button>
    </Form>
  );
}

function Photos({ record, posted }: { record: JobRecordView; posted?: ActionResult }) {
  const inputId = `photos-${record.bookingId}`;
  const full = record.photos.length >= PHOTOS_PER_VISIT;
  return (
    <div className="mt-4">
      <h4 className="text-sm font-semibold text-slate-900">
        Photos ({record.photos.length} of {PHOTOS_PER_VISIT})
      </h4>
      {posted ? <AnswerHere posted={posted} /> : null}
      {record.photos.length > 0 ? (
        <ul className="mt-2 grid grid-cols-3 gap-2">
          {record.photos.map((photo, i) => (
            <li key={photo.id} className="relative">
              <a href={photo.url} target="_blank" rel="noreferrer">
                <img
                  src={photo.url}
                  alt={`Visit #${record.bookingId}, ${i + 1} of ${record.photos.length}`}
                  width={photo.width}
                  height={photo.height}
                  loading="lazy"
                  className="aspect-square w-full rounded-md object-cover"
                />
              </a>
              <Form method="post" className="absolute right-1 top-1">
                <input type="hidden" name="intent" value={JOB_INTENTS.photoRemove} />
                <input type="hidden" name="bookingId" value={record.bookingId} />
                <input type="hidden" name="photoId" value={photo.id} />
                <Button type="submit" variant="outline" size="icon" className="size-11 bg-white/90">
                  <Trash2 aria-hidden="true" />
                  <span className="sr-only">
                    Remove photo {i + 1} of {record.photos.length} (visit #{record.bookingId})
                  </span>
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      ) : null}
      {full ? (
        <p className="mt-2 text-sm text-slate-600">This visit has all the photos it can keep.</p>
      ) : (
        <PhotoUploader bookingId={record.bookingId}>
          <input type="hidden" name="intent" value={JOB_INTENTS.photos} />
          <input type="hidden" name="bookingId" value={record.bookingId} />
          <Label htmlFor={inputId}>
            <Camera aria-hidden="true" className="mr-1 inline size-4" />
            Add photos: take them or choose from the library (JPEG, PNG or WebP, 15 MB each)
          </Label>
          {/* No `capture`: the phone offers its camera and its photo library alike. */}
          <input
            id={inputId}
            type="file"
            name="file"
            accept="image/*"
            multiple
            required
            className="mt-1 block w-full text-sm file:mr-3 file:h-11 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3"
          />
        </PhotoUploader>
      )}
    </div>
  );
}
