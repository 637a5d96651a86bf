import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import {
  paymentMethodLabels,
  receivedDateBounds,
  recordPaymentFormSchema,
  staffPaymentMethods,
} from "@app/shared/api/payments";
import { formatCents, formatCentsPlain } from "@app/shared/money/money";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { useSchemaForm, type ActionResult } from "~/utils/schema-form";

/** The intent the staff invoice page's action hands to `handleRecordPayment` (record-payment.server.ts). */
const INTENT = "record-payment";

/**
 * The one payment form (docs/product.md#payments): "Record a payment" on the staff invoice page,
 * "Collect a payment" on a visit's invoice on /jobs. The amount starts at the balance due (a part
 * is fine), the method is the person's to choose (none is assumed: a wrong one would put cash down
 * as a check), and the date received starts at `today`, the business's day. A plain post to the page
 * (`intent`): it works without JavaScript; the page's action answers with `handleRecordPayment`, and
 * the page shows that answer with the `Outcome` component, above the form (which is gone once the
 * invoice is paid in full). Give it a `key` of the balance: after a payment it starts afresh at what
 * is left.
 */
export function RecordPaymentForm({
  invoiceId,
  balanceCents,
  today,
  lastResult,
  intent = INTENT,
  heading = "Record a payment",
  headingLevel = 2,
}: {
  invoiceId: number;
  balanceCents: number;
  /** The business's day, "YYYY-MM-DD" (from the loader: the browser's clock may be in another zone). */
  today: string;
  /** The page's action answer (any of its forms'): only this form's field errors are shown here. */
  lastResult?: ActionResult | null;
  /** What the form posts as `intent` (a page with several invoices names each form apart). */
  intent?: string;
  heading?: string;
  /** Its heading's level in the page's outline (a section of a visit's card on /jobs is deeper). */
  headingLevel?: 2 | 4;
}) {
  const navigation = useNavigation();
  const mine = lastResult?.intent === intent ? lastResult : undefined;
  const [form, fields] = useSchemaForm(recordPaymentFormSchema, {
    id: `record-payment-${invoiceId}`,
    lastResult: navigation.state === "idle" ? mine?.result : undefined,
    defaultValue: { amount: formatCentsPlain(balanceCents), receivedOn: today },
  });
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const bounds = receivedDateBounds(today);
  const methodError = fields.method.errors?.[0];
  const Heading = headingLevel === 2 ? "h2" : "h4";
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
      <input type="hidden" name="intent" value={intent} />
      <fieldset aria-describedby={methodError ? fields.method.errorId : undefined}>
        <legend className="text-sm font-medium text-slate-800">
          How the customer paid
          <span aria-hidden="true" className="text-destructive">
            {" "}
            *
          </span>
        </legend>
        <div className="mt-1.5 grid grid-cols-3 gap-2">
          {staffPaymentMethods.map((method) => (
            <label
              key={method}
              className="flex min-h-11 items-center gap-2 rounded-md border border-slate-300 px-3 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input
                {...getInputProps(fields.method, { type: "radio", value: method, ariaAttributes: false })}
                aria-invalid={methodError ? true : undefined}
                className="size-5 shrink-0 accent-brand-700"
              />
              {paymentMethodLabels[method]}
            </label>
          ))}
        </div>
        {methodError ? (
          <p id={fields.method.errorId} className="mt-1.5 text-sm font-medium text-destructive">
            {methodError}
          </p>
        ) : null}
      </fieldset>
      <TextField
        field={fields.amount}
        label="Amount ($)"
        inputMode="decimal"
        autoComplete="off"
        className="h-11"
        hint="The balance due; change it for a part payment"
      />
      <TextField
        field={fields.receivedOn}
        type="date"
        label="Date received"
        min={bounds.min}
        max={bounds.max}
        className="h-11"
      />
      <TextField field={fields.reference} label="Check number or note" autoComplete="off" className="h-11" />
      <Button type="submit" className="h-11" disabled={busy}>
        {busy ? "Recording..." : "Record payment"}
      </Button>
    </Form>
  );
}
