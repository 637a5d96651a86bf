import { getFormProps, getInputProps } from "@conform-to/react";
import { ActiveBadge, ActiveToggle } from "~/components/staff/active-toggle";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { Plus } from "lucide-react";
import { useEffect, useRef } from "react";
import { planEditFormSchema, planFormSchema } from "@app/shared/api/plans";
import { services } from "@app/shared/business";
import { formatCents, formatCentsPlain } from "@app/shared/money/money";
import type { PlanJson } from "@app/shared/plans/plans.server";
import { AdminPageHeader } from "~/components/staff/staff-frame";
import { DataTable, TBody, THead, Td, Th, Tr } from "~/components/staff/data-table";
import { Button } from "~/components/ui/button";
import { SelectField, TextareaField, TextField, type FieldMeta } from "~/components/ui/field";
import { Outcome } from "~/components/ui/outcome";
import { AdminShell } from "~/features/live/admin-shell";
import { useSchemaForm, type ActionResult } from "~/utils/schema-form";
import { useActionOutcome } from "~/utils/use-action-outcome";
import type { plansAdminPage } from "./plans-admin-page.server";

/**
 * /admin/plans' page (docs/product.md#plans): the maintenance plans the business sells, their Add form,
 * each plan's Edit form and its Deactivate/Activate button. Every form posts without JavaScript: a plan's
 * Edit form is a `<details>` that opens by itself when its post was refused, so the refusal shows beside
 * the fields with what was typed; the post's outcome takes the focus above the page's content.
 */

/** The page's forms, by their `intent`. */
export const PLAN_INTENTS = { add: "add-plan", edit: "edit-plan", setActive: "set-active" } as const;

/** The intent a plan's Edit form answers under: one per plan, so only its own form shows the answer. */
export function planEditIntent(id: number | string) {
  return `${PLAN_INTENTS.edit}:${id}`;
}

type AdminPlan = PlanJson & { activeMembers: number };

const SERVICE_NAMES: Record<string, string> = Object.fromEntries(services.map((s) => [s.slug, s.name]));

function visitsWords(plan: PlanJson) {
  if (plan.visitsPerYear === 0) return "No visits included";
  const visits = plan.visitsPerYear === 1 ? "1 visit" : `${plan.visitsPerYear} visits`;
  return `${visits} a year: ${SERVICE_NAMES[plan.serviceType] ?? plan.serviceType}`;
}

function membersWords(count: number) {
  if (count === 0) return "No active members";
  return count === 1 ? "1 active member" : `${count} active members`;
}

/** Whether the page's form of this intent (and, for a plan's form, this plan) is being posted. */
function useSubmitting(intent: string, id?: number) {
  const navigation = useNavigation();
  const posting = navigation.state === "submitting" ? navigation.formData : undefined;
  return Boolean(posting && posting.get("intent") === intent && (id === undefined || posting.get("id") === String(id)));
}

export function PlansAdminPage() {
  const { plans } = useLoaderData<typeof plansAdminPage>();
  const posted = useActionOutcome<ActionResult>();
  return (
    <AdminShell>
      <AdminPageHeader
        back={{ to: "/dashboard", label: "Back to Dashboard" }}
        title="Plans"
        description="The maintenance plans homeowners join on /plans: what a year or a month costs, the visits included, and the members' discount."
      />
      {posted ? (
        <Outcome tone={posted.ok ? "success" : "destructive"} revealKey={posted.at} className="mb-4">
          {posted.message}
        </Outcome>
      ) : null}
      <div className="grid gap-6">
        <AddPlanForm posted={posted} />
        <section aria-labelledby="plans-heading">
          <h2 id="plans-heading" className="mb-3 text-lg font-bold text-slate-900">
            Plans
          </h2>
          <PlansTable plans={plans} posted={posted} />
        </section>
      </div>
    </AdminShell>
  );
}

/** The fields a plan's Add and Edit forms share. */
function PlanFields({
  fields,
}: {
  fields: {
    name: FieldMeta;
    yearlyPrice: FieldMeta;
    monthlyPrice: FieldMeta;
    visitsPerYear: FieldMeta;
    serviceType: FieldMeta;
    discountPercent: FieldMeta;
    emergencyPriority: FieldMeta;
    terms: FieldMeta;
  };
}) {
  return (
    <>
      <TextField field={fields.name} label="Name" autoComplete="off" />
      <TextField
        field={fields.yearlyPrice}
        label="Yearly price"
        hint="Dollars, like 189.00"
        inputMode="decimal"
        autoComplete="off"
      />
      <TextField
        field={fields.monthlyPrice}
        label="Monthly price"
        hint="Blank when it is sold by the year only"
        inputMode="decimal"
        autoComplete="off"
      />
      <TextField
        field={fields.visitsPerYear}
        label="Visits per year"
        hint="0 to 12"
        inputMode="numeric"
        autoComplete="off"
      />
      <SelectField field={fields.serviceType} label="Service of the visits">
        {services.map((service) => (
          <option key={service.slug} value={service.slug}>
            {service.name}
          </option>
        ))}
      </SelectField>
      <TextField
        field={fields.discountPercent}
        label="Members' discount (%)"
        hint="Off other work, 0 to 50"
        inputMode="numeric"
        autoComplete="off"
      />
      {/* The label wraps the box: the whole row is the target a finger taps. */}
      <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-slate-800 sm:mt-6">
        <input
          {...getInputProps(fields.emergencyPriority, { type: "checkbox", ariaAttributes: false })}
          className="size-4 rounded border-slate-400 accent-brand-700"
        />
        Emergency priority
      </label>
      <div className="sm:col-span-full">
        <TextareaField field={fields.terms} label="Terms" hint="What members get, renewal and cancellation" rows={4} />
      </div>
    </>
  );
}

/** Add a plan: its prices in dollars as typed, its visits and their service, the discount, priority and terms. */
function AddPlanForm({ posted }: { posted?: ActionResult }) {
  const adding = useSubmitting(PLAN_INTENTS.add);
  const [form, fields] = useSchemaForm(planFormSchema, {
    id: "add-plan",
    lastResult: posted?.intent === PLAN_INTENTS.add ? posted.result : undefined,
    defaultValue: { visitsPerYear: "1", discountPercent: "0" },
  });
  return (
    <section aria-labelledby="add-plan-heading" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="add-plan-heading" className="mb-3 text-lg font-bold text-slate-900">
        Add a plan
      </h2>
      <Form method="post" {...getFormProps(form)} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <input type="hidden" name="intent" value={PLAN_INTENTS.add} />
        <PlanFields fields={fields} />
        <Button type="submit" disabled={adding} className="sm:col-span-full sm:justify-self-start">
          <Plus aria-hidden="true" />
          {adding ? "Adding..." : "Add plan"}
        </Button>
      </Form>
    </section>
  );
}

/** A plan's Edit form, in a `<details>` (open after a refused post of its own). */
function EditPlan({ plan, posted }: { plan: PlanJson; posted?: ActionResult }) {
  const intent = planEditIntent(plan.id);
  const mine = posted?.intent === intent ? posted : undefined;
  const saving = useSubmitting(PLAN_INTENTS.edit, plan.id);
  const [form, fields] = useSchemaForm(planEditFormSchema, {
    id: `edit-plan-${plan.id}`,
    lastResult: mine?.result,
    defaultValue: {
      id: String(plan.id),
      name: plan.name,
      yearlyPrice: formatCentsPlain(plan.yearlyPriceCents),
      monthlyPrice: plan.monthlyPriceCents === null ? "" : formatCentsPlain(plan.monthlyPriceCents),
      visitsPerYear: String(plan.visitsPerYear),
      serviceType: plan.serviceType,
      discountPercent: String(plan.discountPercent),
      emergencyPriority: plan.emergencyPriority ? "on" : undefined,
      terms: plan.terms,
    },
  });
  // Saved: the form closes (a plain post reloads the page with it closed).
  const details = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (mine?.ok && details.current) details.current.open = false;
  }, [mine]);
  return (
    <details ref={details} open={mine && !mine.ok ? true : undefined} className="relative">
      <summary className="min-h-11 cursor-pointer content-center rounded-md border border-slate-300 px-2.5 py-1 text-sm font-medium text-slate-800 hover:bg-slate-50 sm:min-h-0">
        Edit<span className="sr-only"> {plan.name}</span>
      </summary>
      <Form
        method="post"
        {...getFormProps(form)}
        aria-label={`Edit ${plan.name}`}
        className="mt-2 grid gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-lg sm:grid-cols-2 md:absolute md:right-0 md:z-10 md:w-[34rem]"
      >
        <input type="hidden" name="intent" value={PLAN_INTENTS.edit} />
        <input type="hidden" name="id" value={plan.id} />
        <PlanFields fields={fields} />
        <Button type="submit" size="sm" disabled={saving} className="justify-self-start sm:col-span-full">
          {saving ? "Saving..." : "Save"}
          <span className="sr-only"> {plan.name}</span>
        </Button>
      </Form>
    </details>
  );
}

/** The plans: a table at 1280 px, a stack of cards on a phone. */
function PlansTable({ plans, posted }: { plans: AdminPlan[]; posted?: ActionResult }) {
  if (plans.length === 0)
    return (
      <p className="rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-600">
        No plans yet: add the first above.
      </p>
    );
  return (
    <DataTable caption="Maintenance plans" className="md:overflow-visible">
      <THead>
        <Th>Plan</Th>
        <Th className="text-right">Yearly</Th>
        <Th className="text-right">Monthly</Th>
        <Th>Visits</Th>
        <Th>Discount</Th>
        <Th>Emergencies</Th>
        <Th>Status</Th>
        <Th>
          <span className="sr-only">Actions</span>
        </Th>
      </THead>
      <TBody>
        {plans.map((plan) => (
          <Tr key={plan.id} data-plan={plan.name} className={plan.active ? undefined : "bg-slate-50 text-slate-600"}>
            <Td primary>
              <span className="block font-semibold text-slate-900 wrap-anywhere">{plan.name}</span>
              <span className="block text-xs text-slate-600">{membersWords(plan.activeMembers)}</span>
            </Td>
            <Td label="Yearly" half className="tabular-nums md:text-right">
              {formatCents(plan.yearlyPriceCents)}
            </Td>
            <Td label="Monthly" half className="tabular-nums md:text-right">
              {plan.monthlyPriceCents === null ? (
                <span className="text-slate-600">Yearly only</span>
              ) : (
                formatCents(plan.monthlyPriceCents)
              )}
            </Td>
            <Td label="Visits" className="md:max-w-56">
              {visitsWords(plan)}
            </Td>
            <Td label="Discount" half>
              {plan.discountPercent === 0 ? "None" : `${plan.discountPercent}% off other work`}
            </Td>
            <Td label="Emergencies" half>
              {plan.emergencyPriority ? "Priority" : "Standard"}
            </Td>
            <Td label="Status" half>
              <ActiveBadge active={plan.active} />
            </Td>
            <Td className="block md:w-56">
              <div className="flex flex-wrap items-start gap-2 md:flex-nowrap md:justify-end">
                <EditPlan plan={plan} posted={posted} />
                <ActiveToggle intent={PLAN_INTENTS.setActive} record={plan} />
              </div>
            </Td>
          </Tr>
        ))}
      </TBody>
    </DataTable>
  );
}
