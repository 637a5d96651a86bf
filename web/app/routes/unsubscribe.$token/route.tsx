import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { pageData } from "~/utils/responses.server";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { BellOff, BellRing, CheckCircle2, MailCheck } from "lucide-react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { changeSubscription, unsubscribePage } from "~/features/appointments/email-preferences.server";
import { CallUs, LinkPageFrame, LinkProblem } from "~/features/appointments/manage-view";
import { privateLinkHeaders, privateLinkMeta } from "~/features/appointments/private-link";
import { unsubscribeFormSchema } from "@app/shared/api/appointments";
import { answer, readSubmission, refused, UNKNOWN_ACTION } from "~/utils/action.server";
import { formFields } from "~/utils/form.server";

/**
 * /unsubscribe/<token>: the one-click unsubscribe link of reminders and review
 * requests (RFC 8058). Opening it only asks (a mail scanner that follows links
 * changes nothing); a POST stops them: the page's button, or a mail provider's
 * `List-Unsubscribe=One-Click`, which carries no cookie and no Origin (the
 * cross-site check in web/server/security.ts only refuses a foreign Origin).
 * The address is shown masked; confirmations and changes to a visit always go
 * (web/app/features/appointments/email-preferences.server.ts).
 */

export const meta: MetaFunction = () => privateLinkMeta("Email preferences");
export const headers = privateLinkHeaders;

export async function loader({ params, context }: LoaderFunctionArgs) {
  return pageData(await unsubscribePage(context, params.token ?? ""));
}

/** The page's buttons (`intent`) or a mail provider's one-click body (unsubscribeFormSchema). */
export async function action({ params, request, context }: ActionFunctionArgs) {
  const { form, submission } = await readSubmission(request, unsubscribeFormSchema);
  if (submission.status !== "success") return refused(submission, { message: UNKNOWN_ACTION });
  return answer(submission, await changeSubscription(context, params.token ?? "", formFields(form)));
}

export default function UnsubscribePage() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";

  if (!page.ok)
    return (
      <LinkPageFrame title="Email preferences" icon={MailCheck}>
        <LinkProblem message={page.message} />
      </LinkPageFrame>
    );

  return (
    <LinkPageFrame title={page.unsubscribed ? "Reminders are off" : "Stop reminders?"} icon={MailCheck}>
      <div role="status" aria-live="polite" className="empty:hidden">
        {result ? (
          <Alert tone={result.ok ? "success" : "destructive"} className="flex items-start gap-3 text-base">
            {result.ok ? <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0" /> : null}
            <span>{result.message}</span>
          </Alert>
        ) : null}
      </div>
      {page.unsubscribed ? (
        <>
          {result?.ok ? null : (
            <p className="text-slate-700">
              {page.email} gets no reminders or review requests from us. Confirmations and changes to your visits still
              come.
            </p>
          )}
          <Form method="post">
            <input type="hidden" name="intent" value="resubscribe" />
            <Button type="submit" variant="outline" disabled={busy}>
              <BellRing aria-hidden="true" />
              Resubscribe
            </Button>
          </Form>
        </>
      ) : (
        <>
          <p className="text-lg text-slate-900">Stop reminders and review requests to {page.email}?</p>
          <p className="text-slate-700">
            Confirmations and changes to your visits still come, so you always know when we are coming.
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value="unsubscribe" />
            <Button type="submit" disabled={busy}>
              <BellOff aria-hidden="true" />
              Stop reminders and review requests
            </Button>
          </Form>
        </>
      )}
      <CallUs />
    </LinkPageFrame>
  );
}
