import { CUSTOMER_INTENTS } from "./customers-intents";
import { InvoiceAmountCells, StatusCell } from "~/features/documents/document-cells";
import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import {
  BellRing,
  FilePlus2,
  History,
  Mail,
  MessageSquareText,
  NotebookPen,
  Receipt,
  Save,
  Undo2,
  Wrench,
} from "lucide-react";
import type { ReactNode } from "react";
import {
  askToTextFormSchema,
  customerDetailsSchema,
  customerNoteSchema,
  resubscribeFormSchema,
} from "@app/shared/api/customers";
import { formatCents } from "@app/shared/money/money";
import { formatDate, formatDateTime } from "@app/shared/time";
import { formatPhone } from "@app/shared/texts/phone";
import { textStatusLabel } from "@app/shared/texts/status";
import { Button, buttonVariants } from "~/components/ui/button";
import { documentHref, formatTotals } from "~/features/documents/documents";
import { TextareaField, TextField } from "~/components/ui/field";
import { useSchemaForm } from "~/utils/schema-form";
import { StatusBadge } from "~/components/staff/badges";
import { MemberBadge } from "~/components/staff/member-badge";
import type { CustomerRecord } from "./customer-record.server";
import { DataTable, TBody, Td, Th, THead, Tr } from "~/components/staff/data-table";

/** The record's parts (docs/product.md#customer-record); the page is routes/admin.customers_.$id. */

/** Whether the page is posting one of its forms now. */
function usePosting(intent: string) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

/** Under the record's name: its number, since when it is on file, and "Member: Generator Care" for a member (docs/product.md#plans). */
export function RecordSummary({ record }: { record: CustomerRecord }) {
  const { customer } = record;
  return (
    <>
      {`Customer #${customer.id}, on file since ${formatDate(customer.createdAt)}`}
      {record.member ? <MemberBadge mark={record.member} className="ml-2" /> : null}
    </>
  );
}

export function RecordSection({
  id,
  title,
  icon,
  children,
  className,
}: {
  id: string;
  title: string;
  icon: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 ${className ?? ""}`}
    >
      <h2 id={id} className="mb-3 flex items-center gap-2 text-lg font-bold text-slate-900">
        {icon}
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Name, email, phone and address in one form, with the New Booking dialog's rules and the address's. */
export function CustomerDetailsForm({
  customer,
  lastResult,
}: {
  customer: CustomerRecord["customer"];
  lastResult?: SubmissionResult<string[]>;
}) {
  const saving = usePosting(CUSTOMER_INTENTS.update);
  const [form, fields] = useSchemaForm(customerDetailsSchema, {
    id: "customer-details",
    lastResult,
    defaultValue: {
      name: customer.name,
      email: customer.email,
      phone: customer.phone,
      address: customer.address ?? "",
    },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4" preventScrollReset>
      <input type="hidden" name="intent" value={CUSTOMER_INTENTS.update} />
      {form.errors?.length ? (
        <p id={form.errorId} className="text-sm font-medium text-destructive">
          {form.errors[0]}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField field={fields.name} label="Name" autoComplete="off" />
        <TextField field={fields.email} type="email" label="Email" autoComplete="off" />
        <TextField field={fields.phone} type="tel" label="Phone" autoComplete="off" />
        <TextField field={fields.address} label="Address" hint="Street, city, ZIP" autoComplete="off" />
      </div>
      <Button type="submit" disabled={saving}>
        <Save aria-hidden="true" />
        {saving ? "Saving..." : "Save details"}
      </Button>
    </Form>
  );
}

/** Every visit of the customer, newest first, each leading to its booking's page. */
export function VisitsSection({ bookings }: { bookings: CustomerRecord["bookings"] }) {
  return (
    <RecordSection
      id="visits-heading"
      title="Visits"
      icon={<Wrench aria-hidden="true" className="size-5 text-brand-700" />}
    >
      {bookings.length ? (
        <DataTable caption="The customer's visits, newest first">
          <THead>
            <Th>Visit</Th>
            <Th>When</Th>
            <Th>Service</Th>
            <Th>Status</Th>
            <Th>Technician</Th>
          </THead>
          <TBody>
            {bookings.map((b) => (
              <Tr key={b.id}>
                <Td primary>
                  <Link
                    to={`/admin/bookings/${b.id}`}
                    className="font-semibold text-brand-700 underline-offset-2 hover:underline"
                  >
                    {`#${b.id}`}
                  </Link>
                </Td>
                <Td label="When">
                  {formatDateTime(b.scheduledDate)}
                  {b.needsPlacing && b.status === "pending" ? (
                    <span className="block text-xs font-medium text-amber-800">To be placed</span>
                  ) : null}
                </Td>
                <Td label="Service">{b.summary}</Td>
                <Td label="Status" half>
                  <StatusBadge status={b.status} />
                </Td>
                <Td label="Technician" half>
                  {b.technicianName ?? "Unassigned"}
                </Td>
              </Tr>
            ))}
          </TBody>
        </DataTable>
      ) : (
        <p className="text-sm text-slate-600">No visits yet.</p>
      )}
    </RecordSection>
  );
}

const documentLink = "whitespace-nowrap font-semibold text-brand-700 underline-offset-2 hover:underline";

/** "and N more invoices", leading to the document list filtered by the customer's email; nothing when all are shown. */
function MoreDocuments({
  more,
  path,
  email,
  noun,
}: {
  more: number;
  path: string;
  email: string;
  /** "invoice", "estimate". */
  noun: string;
}) {
  if (more <= 0) return null;
  return (
    <p className="mt-2 text-xs text-slate-600">
      <Link to={`${path}?q=${encodeURIComponent(email)}`} className="font-medium text-brand-700 underline">
        {`and ${more} more ${noun}${more === 1 ? "" : "s"}`}
      </Link>
    </p>
  );
}

/** The customer's newest invoices: number (to its page), status, when sent, total, paid and balance. */
function InvoicesList({ record }: { record: CustomerRecord }) {
  const { customer, invoices } = record;
  return (
    <>
      <h3 className="mb-2 text-sm font-semibold text-slate-800">Invoices</h3>
      {invoices.length ? (
        <DataTable caption="The customer's invoices, newest first">
          <THead>
            <Th>Invoice</Th>
            <Th>Status</Th>
            <Th>Sent</Th>
            <Th className="md:text-right">Total</Th>
            <Th className="md:text-right">Paid</Th>
            <Th className="md:text-right">Balance</Th>
          </THead>
          <TBody>
            {invoices.map((i) => (
              <Tr key={i.id}>
                <Td primary>
                  <Link to={documentHref("invoice", i.id)} className={documentLink}>
                    {i.number}
                  </Link>
                </Td>
                <StatusCell kind="invoice" status={i.status} />
                <Td label="Sent" half className="whitespace-nowrap">
                  {formatDate(i.sentAt, "Not sent")}
                </Td>
                <InvoiceAmountCells invoice={i} />
              </Tr>
            ))}
          </TBody>
        </DataTable>
      ) : (
        <p className="text-sm text-slate-600">No invoices yet.</p>
      )}
      <MoreDocuments
        more={record.invoiceCount - invoices.length}
        path="/admin/invoices"
        email={customer.email}
        noun="invoice"
      />
    </>
  );
}

/** The customer's newest estimates: number (to its page), status, when made and sent, and total. */
function EstimatesList({ record }: { record: CustomerRecord }) {
  const { customer, estimates } = record;
  return (
    <>
      <h3 className="mb-2 mt-6 text-sm font-semibold text-slate-800">Estimates</h3>
      {estimates.length ? (
        <DataTable caption="The customer's estimates, newest first">
          <THead>
            <Th>Estimate</Th>
            <Th>Status</Th>
            <Th>Created</Th>
            <Th>Sent</Th>
            <Th className="md:text-right">Total</Th>
          </THead>
          <TBody>
            {estimates.map((e) => (
              <Tr key={e.id}>
                <Td primary>
                  <Link to={documentHref("estimate", e.id)} className={documentLink}>
                    {e.number}
                  </Link>
                </Td>
                <StatusCell kind="estimate" status={e.status} />
                <Td label="Created" half className="whitespace-nowrap">
                  {formatDate(e.createdAt)}
                </Td>
                <Td label="Sent" half className="whitespace-nowrap">
                  {formatDate(e.sentAt, "Not sent")}
                </Td>
                <Td label="Total" className="tabular-nums md:text-right">
                  {formatTotals(e.totalCents, e.maxTotalCents)}
                </Td>
              </Tr>
            ))}
          </TBody>
        </DataTable>
      ) : (
        <p className="text-sm text-slate-600">No estimates yet.</p>
      )}
      <MoreDocuments
        more={record.estimateCount - estimates.length}
        path="/admin/estimates"
        email={customer.email}
        noun="estimate"
      />
    </>
  );
}

/**
 * The customer's money: what they owe now (the balances of their sent and partially paid
 * invoices), their newest estimates and invoices (each leading to its staff page), and New estimate.
 */
export function MoneySection({ record, canAdd }: { record: CustomerRecord; canAdd: boolean }) {
  const { customer, owedCents } = record;
  return (
    <RecordSection
      id="money-heading"
      title="Money"
      icon={<Receipt aria-hidden="true" className="size-5 text-brand-700" />}
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-base font-semibold text-slate-900">
          {owedCents > 0 ? `Owed now: ${formatCents(owedCents)}` : "Nothing owed"}
        </p>
        {canAdd ? (
          <Link
            to={`/admin/estimates/new?customer=${customer.id}`}
            className={buttonVariants({ variant: "outline", size: "sm" })}
          >
            <FilePlus2 aria-hidden="true" />
            New estimate
          </Link>
        ) : null}
      </div>

      <InvoicesList record={record} />
      <EstimatesList record={record} />
    </RecordSection>
  );
}

/** Staff notes: the Add note form, then the notes, newest first, with who wrote each and when. */
export function NotesSection({
  notes,
  lastResult,
  canAdd,
}: {
  notes: CustomerRecord["notes"];
  lastResult?: SubmissionResult<string[]>;
  canAdd: boolean;
}) {
  const adding = usePosting(CUSTOMER_INTENTS.addNote);
  const [form, fields] = useSchemaForm(customerNoteSchema, { id: "customer-note", lastResult });
  return (
    <RecordSection
      id="notes-heading"
      title="Staff notes"
      icon={<NotebookPen aria-hidden="true" className="size-5 text-brand-700" />}
    >
      {canAdd ? (
        <Form method="post" {...getFormProps(form)} className="space-y-3" preventScrollReset>
          <input type="hidden" name="intent" value={CUSTOMER_INTENTS.addNote} />
          <TextareaField field={fields.text} label="New note" rows={3} hint="Only staff see notes." />
          <Button type="submit" variant="outline" disabled={adding}>
            {adding ? "Adding..." : "Add note"}
          </Button>
        </Form>
      ) : null}
      {notes.length ? (
        <ol className="mt-4 divide-y divide-slate-100">
          {notes.map((n) => (
            <li key={n.id} className="py-3 text-sm">
              <p className="whitespace-pre-line text-slate-900">{n.text}</p>
              <p className="mt-1 text-xs text-slate-600">
                {n.authorEmail}, <time dateTime={n.createdAt}>{formatDateTime(n.createdAt)}</time>
              </p>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-4 text-sm text-slate-600">No notes yet.</p>
      )}
    </RecordSection>
  );
}

/** The emails sent to the customer's address (the email log), newest first. */
export function EmailsSection({ emails, shown }: { emails: CustomerRecord["emails"]; shown: number }) {
  return (
    <RecordSection
      id="emails-heading"
      title="Emails sent"
      icon={<Mail aria-hidden="true" className="size-5 text-brand-700" />}
    >
      {emails.length ? (
        <>
          <DataTable caption="Emails sent to the customer's address, newest first">
            <THead>
              <Th>Subject</Th>
              <Th>Kind</Th>
              <Th>Status</Th>
              <Th>When</Th>
            </THead>
            <TBody>
              {emails.map((e) => (
                <Tr key={e.id}>
                  <Td primary>{e.subject}</Td>
                  <Td label="Kind" half>
                    {e.kind}
                  </Td>
                  <Td label="Status" half>
                    {e.status === "logged" ? "recorded (not sent)" : e.status}
                  </Td>
                  <Td label="When">
                    <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>
                  </Td>
                </Tr>
              ))}
            </TBody>
          </DataTable>
          {emails.length >= shown ? (
            <p className="mt-2 text-xs text-slate-600">{`The newest ${shown} are shown.`}</p>
          ) : null}
        </>
      ) : (
        <p className="text-sm text-slate-600">No emails have been sent to this address.</p>
      )}
    </RecordSection>
  );
}

const CONSENT_SOURCES: Record<string, string> = {
  book: "on Book online",
  chat: "in the chat",
  contact: "on the contact form",
  account: "in their account",
  reply: "by text (START or YES)",
};

/** Whether the number may be texted, in the office's words (docs/product.md#texts). */
function consentSentence(texts: NonNullable<CustomerRecord["texts"]>): string {
  const number = formatPhone(texts.phone);
  const consent = texts.consent;
  if (consent?.status === "opted_out")
    return `${number} replied STOP${consent.optedOutAt ? ` on ${formatDateTime(consent.optedOutAt)}` : ""}: nothing is texted until they reply START.`;
  if (consent?.status === "granted")
    return `${number} agreed to texts about their visits${consent.source ? ` ${CONSENT_SOURCES[consent.source] ?? ""}` : ""}${consent.grantedAt ? ` on ${formatDateTime(consent.grantedAt)}` : ""}.`;
  if (consent?.requestedAt)
    return `${number} was asked by text on ${formatDateTime(consent.requestedAt)} whether we may text them; nothing else is texted until they reply YES.`;
  return `${number} has not agreed to texts: nothing is texted to it. Only the customer can agree (the box on their booking form, or YES to our one-time request).`;
}

/**
 * The office's one-time "may we text you?" (docs/product.md#texts): staff cannot agree for the customer, only
 * ask, once, a customer who expects it; their YES is the consent.
 */
function AskToTextForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const posting = usePosting(CUSTOMER_INTENTS.askToText);
  const [form, fields] = useSchemaForm(askToTextFormSchema, { id: "customer-ask-to-text", lastResult });
  return (
    <Form method="post" {...getFormProps(form)} className="mb-3 space-y-2" preventScrollReset>
      <input type="hidden" name="intent" value={CUSTOMER_INTENTS.askToText} />
      <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
        <input
          {...getInputProps(fields.customerExpects, { type: "checkbox", value: "on" })}
          className="size-5 shrink-0"
          aria-describedby={fields.customerExpects.errors ? fields.customerExpects.errorId : undefined}
        />
        The customer expects our text (they asked to be texted, or agreed on the phone to be asked).
      </label>
      {fields.customerExpects.errors ? (
        <p id={fields.customerExpects.errorId} className="text-sm font-medium text-destructive">
          {fields.customerExpects.errors[0]}
        </p>
      ) : null}
      <Button type="submit" variant="outline" size="sm" disabled={posting}>
        Ask to text them
      </Button>
    </Form>
  );
}

/**
 * Texts (docs/product.md#texts): whether the customer's number may be texted, and the texts both ways,
 * newest first, with what became of each (a landline's "not delivered", error 30006).
 */
export function TextsSection({
  texts,
  lastResult,
}: {
  texts: NonNullable<CustomerRecord["texts"]>;
  lastResult?: SubmissionResult<string[]>;
}) {
  const mayAsk = texts.on && !texts.consent;
  return (
    <RecordSection
      id="texts-heading"
      title="Texts"
      icon={<MessageSquareText aria-hidden="true" className="size-5 text-brand-700" />}
    >
      <p className="mb-3 text-sm break-words text-slate-700">{consentSentence(texts)}</p>
      {mayAsk ? <AskToTextForm lastResult={lastResult} /> : null}
      {texts.messages.length ? (
        <>
          <DataTable caption="Texts to and from the customer's number, newest first">
            <THead>
              <Th>Text</Th>
              <Th>Way</Th>
              <Th>Status</Th>
              <Th>When</Th>
            </THead>
            <TBody>
              {texts.messages.map((m) => (
                <Tr key={m.id}>
                  <Td primary>
                    <span className="break-words">{m.body}</span>
                  </Td>
                  <Td label="Way" half>
                    {m.direction === "inbound" ? "from the customer" : "to the customer"}
                  </Td>
                  <Td label="Status" half>
                    {textStatusLabel(m.status, m.errorCode)}
                  </Td>
                  <Td label="When">
                    <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
                  </Td>
                </Tr>
              ))}
            </TBody>
          </DataTable>
          {texts.messages.length >= texts.shown ? (
            <p className="mt-2 text-xs text-slate-600">{`The newest ${texts.shown} are shown.`}</p>
          ) : null}
        </>
      ) : (
        <p className="text-sm text-slate-600">No texts yet.</p>
      )}
    </RecordSection>
  );
}

/**
 * Reminders and review requests: on, or off since the customer unsubscribed. Staff turn them back
 * on only when the customer asked (the box says so); confirmations and changes always go.
 */
export function RemindersSection({
  reminders,
  lastResult,
}: {
  reminders: CustomerRecord["reminders"];
  lastResult?: SubmissionResult<string[]>;
}) {
  const posting = usePosting(CUSTOMER_INTENTS.resubscribe);
  const [form, fields] = useSchemaForm(resubscribeFormSchema, { id: "customer-reminders", lastResult });
  return (
    <RecordSection
      id="reminders-heading"
      title="Email preferences"
      icon={<BellRing aria-hidden="true" className="size-5 text-brand-700" />}
    >
      <p className="text-sm text-slate-900">
        Reminders and review requests:{" "}
        <strong>
          {reminders.on
            ? "On"
            : `Off: the customer unsubscribed on ${formatDateTime(reminders.unsubscribedAt ?? "", "an unknown date")}`}
        </strong>
      </p>
      <p className="mt-1 text-xs text-slate-600">Confirmations, changes to a visit and “on my way” always go.</p>
      {reminders.on ? null : (
        <Form method="post" {...getFormProps(form)} className="mt-3 space-y-2" preventScrollReset>
          <input type="hidden" name="intent" value={CUSTOMER_INTENTS.resubscribe} />
          <div className="flex items-start gap-2">
            <input
              {...getInputProps(fields.customerAsked, { type: "checkbox", value: "on" })}
              className="mt-0.5 size-5"
              aria-describedby={fields.customerAsked.errors ? fields.customerAsked.errorId : undefined}
            />
            <label htmlFor={fields.customerAsked.id} className="text-sm text-slate-800">
              The customer asked us to send them reminders and review requests again.
            </label>
          </div>
          {fields.customerAsked.errors ? (
            <p id={fields.customerAsked.errorId} className="text-sm font-medium text-destructive">
              {fields.customerAsked.errors[0]}
            </p>
          ) : null}
          <Button type="submit" variant="outline" size="sm" disabled={posting}>
            Turn them back on
          </Button>
        </Form>
      )}
    </RecordSection>
  );
}

/** A merge's Undo button: posts to the kept record's page (from the dashboard, too). */
export function UndoMergeButton({
  auditId,
  customerId,
  until,
}: {
  auditId: number;
  customerId: number;
  until: string;
}) {
  const posting = usePosting(CUSTOMER_INTENTS.undoMerge);
  return (
    <Form method="post" action={`/admin/customers/${customerId}`} className="inline">
      <input type="hidden" name="intent" value={CUSTOMER_INTENTS.undoMerge} />
      <input type="hidden" name="auditId" value={auditId} />
      <Button type="submit" variant="outline" size="sm" disabled={posting}>
        <Undo2 aria-hidden="true" />
        Undo<span className="sr-only">{` merge #${auditId}`}</span>
      </Button>
      <span className="ml-2 text-xs text-slate-600">{`until ${formatDateTime(until)}`}</span>
    </Form>
  );
}

/** The merges into this record (and the one that merged it away), with Undo while it is allowed. */
export function MergesSection({ merges }: { merges: CustomerRecord["merges"] }) {
  if (!merges.length) return null;
  return (
    <RecordSection
      id="merges-heading"
      title="Merges"
      icon={<History aria-hidden="true" className="size-5 text-brand-700" />}
    >
      <ol className="divide-y divide-slate-100">
        {merges.map((m) => (
          <li key={m.id} className="flex flex-col gap-2 py-3 text-sm sm:flex-row sm:items-center sm:justify-between">
            <span>
              {`${m.actorEmail} merged customer #${String(m.from)} into customer #${m.into}, `}
              <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
            </span>
            {m.undo?.until ? (
              <UndoMergeButton auditId={m.id} customerId={m.undo.customerId} until={m.undo.until} />
            ) : (
              <span className="text-xs text-slate-600">{m.undo?.refusal ?? "It cannot be undone."}</span>
            )}
          </li>
        ))}
      </ol>
    </RecordSection>
  );
}
