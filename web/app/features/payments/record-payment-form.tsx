import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { staffPaymentMethods, paymentMethodLabels, recordPaymentFormSchema } from "@app/shared/api/payments";
import { formatCents } from "@app/shared/money/money";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { SelectField, TextField } from "~/components/ui/field";
import { useSchemaForm, type ActionResult } from "~/utils/schema-form";

/** The intent the page's action hands to `handleRecordPayment` (record-payment.server.ts). */
const INTENT = "record-payment";

/**
 * "Record a payment" on the staff invoice page (docs/product.md#payments): cash, a check (its number
 * as the reference) or other, an amount in dollars up to the balance due (a part is fine). A plain
 * post to the page (`intent=record-payment`): it works without JavaScript; the page's action answers
 * with `handleRecordPayment`, and gives that answer back here as `lastResult`.
 */
export function RecordPaymentForm({
  invoiceId,
  balanceCents,
  lastResult,
  intent = INTENT,
  heading = "Record a payment",
  headingLevel = 2,
}: {
  invoiceId: number;
  balanceCents: number;
  /** The page's action answer (any of its forms'): only this form's answer is shown here. */
  lastResult?: ActionResult | null;
  /** What the form posts as `intent` (a page with several invoices names each form apart). */
  intent?: string;
  heading?: string;
  /** Its heading's level in the page's outline (a section of a visit's card on /jobs is deeper). */
  headingLevel?: 2 | 6;
}) {
  const navigation = useNavigation();
  const mine = lastResult?.intent === intent ? lastResult : undefined;
  const [form, fields] = useSchemaForm(recordPaymentFormSchema, {
    id: `record-payment-${invoiceId}`,
    lastResult: navigation.state === "idle" ? mine?.result : undefined,
    defaultValue: { method: "check" },
  });
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const Heading = headingLevel === 2 ? "h2" : "h6";
  if (balanceCents <= 0)
    return (
      <p className="text-sm text-slate-700" data-testid="record-payment-none">
        Nothing is due on this invoice.
      </p>
    );
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4"
      aria-labelledby={`${form.id}-heading`}
    >
      <Heading id={`${form.id}-heading`} className="text-lg font-bold text-slate-900">
        {heading}
      </Heading>
      <p className="text-sm text-slate-700">Balance due: {formatCents(balanceCents)}</p>
      {mine ? (
        <Alert tone={mine.ok ? "success" : "destructive"} role={mine.ok ? "status" : "alert"}>
          {mine.message}
        </Alert>
      ) : null}
      <input type="hidden" name="intent" value={intent} />
      <SelectField field={fields.method} label="Method">
        {staffPaymentMethods.map((m) => (
          <option key={m} value={m}>
            {paymentMethodLabels[m]}
          </option>
        ))}
      </SelectField>
      <TextField field={fields.amount} label="Amount ($)" inputMode="decimal" autoComplete="off" />
      <TextField field={fields.reference} label="Reference" hint="A check's number, or a note" autoComplete="off" />
      <Button type="submit" disabled={busy}>
        {busy ? "Recording..." : "Record payment"}
      </Button>
    </Form>
  );
}
