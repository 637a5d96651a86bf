import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useRevalidator } from "@remix-run/react";
import { inboxFormSchema } from "@app/shared/api/inbox-forms";
import { INBOX_SEARCH_MAX_LENGTH } from "@app/shared/api/limits";
import { answer, firstError, readSubmission, refused } from "~/utils/action.server";
import { requireAdmin } from "~/utils/auth.server";
import { adminMeta } from "~/features/auth/staff-meta";
import { AdminPageHeader } from "~/components/staff/staff-frame";
import { AdminShell } from "~/features/live/admin-shell";
import { useChatActivity } from "~/features/live/live-admin";
import { inboxAction, listInbox, openInboxItem } from "~/features/inbox/inbox.server";
import { InboxDetail, InboxList, InboxSearch } from "~/features/inbox/inbox-view";
import { Alert } from "~/components/ui/alert";
import { useActionOutcome } from "~/utils/use-action-outcome";
import { staffPage } from "~/utils/route-handle";

export const handle = staffPage;

export const meta: MetaFunction = ({ error }) => adminMeta("Inbox", error);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").trim().slice(0, INBOX_SEARCH_MAX_LENGTH);
  const page = Number.parseInt(params.get("page") ?? "1", 10) || 1;
  const itemKey = params.get("item");
  // Opened first, so the list below already shows it as read.
  const opened = itemKey ? await openInboxItem(context, itemKey) : null;
  const list = await listInbox(context, { q, page });
  return {
    ...list,
    q,
    itemKey: opened ? itemKey : null,
    opened,
    missing: Boolean(itemKey && !opened),
    adminId: admin.id,
  };
}

/** The inbox's forms (inboxFormSchema). The page shows every outcome, so every answer is a 200. */
export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const { form, submission } = await readSubmission(request, inboxFormSchema);
  const intent = form.get("intent");
  const options = { intent: typeof intent === "string" ? intent : null, status: 200 } as const;
  if (submission.status !== "success") return refused(submission, { ...options, message: firstError(submission) });
  return answer(submission, await inboxAction(context, admin, submission.value), options);
}

export { AccessDeniedBoundary as ErrorBoundary } from "~/features/auth/access-denied";

export default function InboxPage() {
  const data = useLoaderData<typeof loader>();
  // Kept through the live reloads below until the next navigation (a reload drops useActionData's answer).
  const posted = useActionOutcome<typeof action>();
  const { revalidate } = useRevalidator();
  // A visitor wrote (or another staff member acted): reload the list and the open item. Also while a reload is in
  // flight: it may have read the conversation before this message, and revalidating again restarts it.
  useChatActivity(() => revalidate());

  return (
    <AdminShell refresh={false}>
      <AdminPageHeader
        back={{ to: "/dashboard", label: "Back to Dashboard" }}
        title="Inbox"
        description="Contact messages and chat conversations, newest activity first."
      />
      {posted ? (
        <Alert tone={posted.ok ? "success" : "destructive"} role={posted.ok ? "status" : "alert"} className="mb-4">
          {posted.message}
        </Alert>
      ) : null}
      <InboxSearch q={data.q} />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <InboxList
          items={data.items}
          q={data.q}
          page={data.page}
          pages={data.pages}
          total={data.total}
          openKey={data.itemKey}
        />
        <div className="wrap-anywhere">
          {data.missing ? (
            <Alert tone="destructive" role="alert">
              That message or conversation was not found.
            </Alert>
          ) : data.opened ? (
            <InboxDetail opened={data.opened} itemKey={data.itemKey!} adminId={data.adminId} posted={posted} />
          ) : (
            <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-600">
              Choose a message or conversation to read it.
            </p>
          )}
        </div>
      </div>
    </AdminShell>
  );
}
