import { getFormProps } from "@conform-to/react";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { joinPlanSchema } from "@app/shared/api/plans";
import { serviceBySlug, type ServiceSlug } from "@app/shared/business";
import { formatCents } from "@app/shared/money/money";
import { ShieldCheck } from "~/components/site/icons";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { SelectField, TextField } from "~/components/ui/field";
import { EmailField, FullNameField, PhoneField, TextConsentField } from "~/components/ui/person-fields";
import { CallButton, CheckList, Container, PageHero } from "~/features/marketing/ui";
import { useBusinessFacts } from "~/utils/business-facts";
import { useSchemaForm } from "~/utils/schema-form";
import type { joinPlanAction, plansPage } from "./plans-public.server";

type Plan = Awaited<ReturnType<typeof plansPage>>["plans"][number];

/** What a plan includes, in the homeowner's words. */
function includes(plan: Plan): string[] {
  const service = serviceBySlug(plan.serviceType as ServiceSlug)?.name ?? "service";
  return [
    plan.visitsPerYear
      ? `${plan.visitsPerYear === 1 ? "A yearly" : `${plan.visitsPerYear} yearly`} ${service.toLowerCase()} visit${plan.visitsPerYear === 1 ? "" : "s"}, scheduled for you`
      : "",
    plan.discountPercent ? `${plan.discountPercent}% off other work` : "",
    plan.emergencyPriority ? "Priority for emergencies" : "",
    "Cancel any time, effective at the end of the period",
  ].filter(Boolean);
}

const price = (plan: Plan) =>
  `${formatCents(plan.yearlyPriceCents)} a year${plan.monthlyPriceCents ? ` or ${formatCents(plan.monthlyPriceCents)} a month` : ""}`;

/**
 * /plans (docs/product.md#plans): the maintenance plans, each with what it includes and its terms, and the join
 * form: choose a plan and how to pay, your details, then the first period is paid on Stripe's page. Works without
 * JavaScript (a plan's "Join" link chooses it in the form).
 */
export function PlansView() {
  const { plans, chosen, joinOnline, texting, cancelled } = useLoaderData<typeof plansPage>();
  const business = useBusinessFacts();
  return (
    <>
      <PageHero
        breadcrumb={[{ name: "Home", to: "/" }, { name: "Maintenance plans" }]}
        eyebrow="Members first, all year"
        icon={ShieldCheck}
        title="Maintenance Plans"
        intro="A standby generator bought for hurricane season has to start when the power goes. Our plans put its yearly service, and your home's safety check, on the calendar for you, with priority when it matters and a discount on other work."
        actions={<CallButton />}
      />
      <section aria-labelledby="plans-heading" className="bg-white py-12 sm:py-16">
        <Container>
          <h2 id="plans-heading" className="text-2xl font-bold text-slate-900 sm:text-3xl">
            Choose a plan
          </h2>
          {plans.length === 0 ? (
            <p className="mt-4 text-slate-700">
              No plans are offered right now. Call us at{" "}
              <a className="font-semibold text-brand-700 underline" href={business.phoneHref}>
                {business.phone}
              </a>
              .
            </p>
          ) : (
            <ul className="mt-6 grid gap-6 md:grid-cols-2">
              {plans.map((plan) => (
                <li
                  key={plan.id}
                  id={plan.slug}
                  className="flex flex-col rounded-xl border border-slate-200 p-5 shadow-sm"
                >
                  <h3 className="text-xl font-bold text-slate-900">{plan.name}</h3>
                  <p className="mt-1 text-lg font-semibold text-brand-800">{price(plan)}</p>
                  <CheckList className="mt-4 text-slate-800" items={includes(plan)} />
                  <details className="mt-4 text-sm text-slate-700">
                    <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-brand-700">
                      Terms of {plan.name}
                    </summary>
                    <p className="mt-2 whitespace-pre-line break-words">{plan.terms}</p>
                  </details>
                  {joinOnline ? (
                    <a
                      href={`/plans?plan=${plan.slug}#join-heading`}
                      className="mt-4 inline-flex min-h-11 items-center justify-center rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
                    >
                      Join {plan.name}
                    </a>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </Container>
      </section>
      {plans.length ? (
        <section aria-labelledby="join-heading" className="bg-slate-50 py-12 sm:py-16">
          <Container className="max-w-3xl">
            <h2 id="join-heading" tabIndex={-1} className="scroll-mt-24 text-2xl font-bold text-slate-900">
              Join a plan
            </h2>
            {joinOnline ? (
              <JoinForm plans={plans} chosen={chosen} texting={texting} cancelled={cancelled} />
            ) : (
              <p className="mt-3 text-slate-700">
                To join, call us at{" "}
                <a className="font-semibold text-brand-700 underline" href={business.phoneHref}>
                  {business.phone}
                </a>
                : the office enrols you, and you pay by check.
              </p>
            )}
          </Container>
        </section>
      ) : null}
    </>
  );
}

/** The join form: checked by joinPlanSchema in the browser (with the app's scripts) and by the action. */
function JoinForm({
  plans,
  chosen,
  texting,
  cancelled,
}: {
  plans: Plan[];
  chosen: number | null;
  texting: boolean;
  cancelled: boolean;
}) {
  const posted = useActionData<typeof joinPlanAction>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const [form, fields] = useSchemaForm(joinPlanSchema, {
    id: "join-plan",
    lastResult: posted?.result,
    defaultValue: { planId: chosen ? String(chosen) : "", interval: "year" },
  });
  const refusal = posted && !posted.ok ? posted.message : null;
  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (refusal) alertRef.current?.focus();
  }, [refusal, posted]);
  return (
    <div className="mt-4 space-y-5">
      <p className="text-slate-700">
        You pay the first period on our payment provider's secure page (Stripe); your card stays with them and renews
        the plan until you cancel.
      </p>
      {cancelled && !posted ? (
        <Alert tone="warning" role="status">
          Nothing was charged. Your details are saved; join again when you are ready.
        </Alert>
      ) : null}
      {refusal ? (
        <div ref={alertRef} tabIndex={-1} className="scroll-mt-24 rounded-lg focus:outline-none">
          <Alert tone="destructive" role="alert">
            {refusal}
          </Alert>
        </div>
      ) : null}
      <Form method="post" action="/plans" {...getFormProps(form)} className="space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField field={fields.planId} label="Plan">
            <option value="">Choose a plan</option>
            {plans.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </SelectField>
          <SelectField field={fields.interval} label="Pay">
            <option value="year">Yearly</option>
            {plans.some((p) => p.monthlyPriceCents) ? <option value="month">Monthly (where offered)</option> : null}
          </SelectField>
          <FullNameField field={fields.customerName} />
          <PhoneField field={fields.customerPhone} />
          <EmailField field={fields.customerEmail} hint="Your receipts and visit times come here." />
          <TextField field={fields.address} label="Service address" autoComplete="street-address" />
        </div>
        {texting ? <TextConsentField field={fields.textConsent} /> : null}
        <Button
          type="submit"
          size="lg"
          aria-disabled={busy || undefined}
          className="w-full aria-disabled:opacity-70 sm:w-auto"
        >
          {busy ? "Opening the payment page…" : "Continue to payment"}
        </Button>
      </Form>
    </div>
  );
}
