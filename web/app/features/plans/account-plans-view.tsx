import type { accountMemberships } from "./customer-memberships.server";

type AccountPlans = Awaited<ReturnType<typeof accountMemberships>>;

/** /account's "Your plans" (docs/product.md#plans): each membership, its renewal, and its page to manage or cancel it. */
export function AccountPlansSection({ plans }: { plans: AccountPlans }) {
  if (!plans.length) return null;
  return (
    <section aria-labelledby="plans-heading" className="space-y-3">
      <h2 id="plans-heading" className="text-2xl font-bold">
        Your plans
      </h2>
      <ul className="space-y-3">
        {plans.map((p) => (
          <li key={p.id} className="rounded-lg border border-slate-200 bg-white p-4">
            <p className="font-semibold text-slate-900">{p.planName}</p>
            <p className="text-sm text-slate-700">
              {p.ended
                ? p.statusLabel
                : `${p.statusLabel}${p.renewsOnText ? `: ${p.cancelAtPeriodEnd ? "ends" : "renews"} on ${p.renewsOnText}` : ""}`}
            </p>
            {p.manageUrl && !p.ended ? (
              <a
                href={p.manageUrl}
                className="mt-1 inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
              >
                {`Manage or cancel ${p.planName}`}
              </a>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
