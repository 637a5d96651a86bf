import { CUSTOMER_INTENTS } from "~/features/customers/customers-intents";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "~/utils/responses.server";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { UserRound } from "lucide-react";
import { idFrom } from "@app/shared/api/values";
import { formatDateTime } from "@app/shared/time";
import { Alert } from "~/components/ui/alert";
import { AdminPageHeader, PostedOutcome } from "~/components/staff/staff-frame";
import { AdminShell } from "~/features/live/admin-shell";
import { ContactLinks } from "~/components/staff/contact-links";
import { customerRecordAction } from "~/features/customers/customer-record-actions.server";
import { customerRecord } from "~/features/customers/customer-record.server";
import { customerMemberships } from "~/features/plans/public.server";
import { MembershipsSection } from "~/features/plans/customer-memberships-view";
import { MEMBERSHIP_INTENTS } from "~/features/plans/membership-intents";
import {
  CustomerDetailsForm,
  EmailsSection,
  MergesSection,
  MoneySection,
  NotesSection,
  RecordSection,
  RecordSummary,
  RemindersSection,
  TextsSection,
  VisitsSection,
} from "~/features/customers/customer-record-view";
import { adminMeta } from "~/features/auth/staff-meta";
import { requireAdmin } from "~/utils/auth.server";
import { staffPage } from "~/utils/route-handle";
import { useActionOutcome } from "~/utils/use-action-outcome";

export const handle = staffPage;

export const meta: MetaFunction<typeof loader> = ({ data: loaded, error }) =>
  adminMeta(
    loaded?.record ? `${loaded.record.customer.name} (customer #${loaded.record.customer.id})` : "Customer not found",
    error,
  );

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const id = idFrom(params.id);
  const record = id ? await customerRecord(context, id) : null;
  if (!record) return data({ record: null, memberships: null }, { status: 404 });
  return { record, memberships: await customerMemberships(context, record.customer.id) };
}

/** The record's forms (details, a note, reminders back on, a merge's Undo): features/customers/customer-record-actions.server.ts. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  return customerRecordAction(request, context, params.id);
}

export { AccessDeniedBoundary as ErrorBoundary } from "~/features/auth/access-denied";

export default function CustomerPage() {
  const { record, memberships } = useLoaderData<typeof loader>();
  const posted = useActionOutcome<typeof action>();
  const [search] = useSearchParams();
  const back = { to: "/admin/bookings", label: "Back to Bookings" };

  if (!record)
    return (
      <AdminShell>
        <AdminPageHeader back={back} title="Customer not found" />
        <p className="text-slate-700">There is no customer with this number.</p>
      </AdminShell>
    );

  const { customer } = record;
  const replyTo = (intent: string) => (posted?.intent === intent ? posted.result : undefined);
  const restoredId = posted?.ok && "restoredId" in posted ? Number(posted.restoredId) : null;

  return (
    <AdminShell>
      <AdminPageHeader back={back} title={customer.name} description={<RecordSummary record={record} />} />

      {posted ? <PostedOutcome ok={posted.ok} message={posted.message} /> : null}
      {restoredId ? (
        <p className="-mt-2 mb-4 text-sm">
          <Link to={`/admin/customers/${restoredId}`} className="font-medium text-brand-700 underline">
            {`Open customer #${restoredId}`}
          </Link>
        </p>
      ) : null}
      {!posted && search.get("merged") ? (
        <PostedOutcome ok message="The records were merged. You can undo the merge below for 7 days." />
      ) : null}
      {customer.mergedIntoId ? (
        <Alert tone="warning" className="mb-4">
          {`This record was merged into another on ${formatDateTime(customer.mergedAt ?? "")}: `}
          <Link to={`/admin/customers/${customer.mergedIntoId}`} className="font-semibold underline">
            {`customer #${customer.mergedIntoId}`}
          </Link>
          . It is hidden from every list; its details are kept for the merge&apos;s undo.
        </Alert>
      ) : null}

      <div className="grid gap-4 wrap-anywhere lg:grid-cols-[minmax(0,1fr)_22rem] [&>*]:min-w-0">
        <div className="grid content-start gap-4">
          <RecordSection
            id="details-heading"
            title="Contact details"
            icon={<UserRound aria-hidden="true" className="size-5 text-brand-700" />}
          >
            {customer.mergedIntoId ? (
              <div className="grid gap-2 text-sm">
                <ContactLinks phone={customer.phone} email={customer.email} />
                <p>{customer.address ?? "No address"}</p>
              </div>
            ) : (
              <CustomerDetailsForm
                key={customer.updatedAt}
                customer={customer}
                lastResult={replyTo(CUSTOMER_INTENTS.update)}
              />
            )}
            <p className="mt-4 text-sm text-slate-700">
              {record.account
                ? `Account: linked to ${record.account.email}${record.account.verified ? " (confirmed)" : " (not confirmed yet)"}.`
                : "Account: none linked. The customer has no sign-in that shows these visits."}
            </p>
          </RecordSection>
          <MoneySection record={record} canAdd={!customer.mergedIntoId} />
          <VisitsSection bookings={record.bookings} />
          <EmailsSection emails={record.emails} shown={record.emailsShown} />
          {record.texts ? <TextsSection texts={record.texts} lastResult={replyTo(CUSTOMER_INTENTS.askToText)} /> : null}
        </div>
        <div className="grid content-start gap-4">
          <NotesSection
            notes={record.notes}
            lastResult={replyTo(CUSTOMER_INTENTS.addNote)}
            canAdd={!customer.mergedIntoId}
          />
          {memberships ? (
            <MembershipsSection
              data={memberships}
              canEnrol={!customer.mergedIntoId}
              lastResult={replyTo(MEMBERSHIP_INTENTS.enrol)}
              renewResult={replyTo(MEMBERSHIP_INTENTS.renew)}
              section={(children, icon) => (
                <RecordSection id="plans-heading" title="Plans" icon={icon}>
                  {children}
                </RecordSection>
              )}
            />
          ) : null}
          <RemindersSection reminders={record.reminders} lastResult={replyTo(CUSTOMER_INTENTS.resubscribe)} />
          <MergesSection merges={record.merges} />
        </div>
      </div>
    </AdminShell>
  );
}
