import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { emailPreferenceFormSchema } from "@app/shared/api/appointments";
import { appointmentRequestSchema } from "@app/shared/api/chat";
import { business } from "@app/shared/business";
import { toast } from "~/components/ui/use-toast";
import {
  AccountLinks,
  ActionOutcome,
  BookingList,
  EmailPreference,
  RequestAppointmentForm,
  VerifyEmailNotice,
} from "~/features/account/account-view";
import { accountOverview, requestPortalAppointment } from "~/features/account/account.server";
import { accountMoney } from "~/features/account/account-money.server";
import { AccountMoneySections } from "~/features/account/account-money-view";
import { AccountPlansSection } from "~/features/plans/account-plans-view";
import { accountMemberships } from "~/features/plans/public.server";
import { setAccountReminders } from "~/features/appointments/email-preferences.server";
import { resendVerificationLink } from "~/features/auth/verification.server";
import { answer, refused, submissionOf } from "~/utils/action.server";
import { requireUser } from "~/utils/auth.server";
import { readForm } from "~/utils/form.server";
import { failure } from "@app/shared/result";
import { hasFieldErrors } from "~/utils/schema-form";

export const meta: MetaFunction = () => [
  { title: `My Account | ${business.name}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  // Like its visits, an account's estimates, invoices and receipts are shown once its email is verified.
  const [overview, money, plans] = await Promise.all([
    accountOverview(context, user),
    user.emailVerified ? accountMoney(context, user.id) : null,
    user.emailVerified ? accountMemberships(context, user.id) : [],
  ]);
  return { user: { firstName: user.firstName, lastName: user.lastName, email: user.email }, ...overview, money, plans };
}

/**
 * The portal's form posts, one `intent` each, each checked with its shared schema. Refusals are
 * shown on the page, so every answer is a 200.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const form = await readForm(request);
  const page = { status: 200 } as const;
  switch (form.get("intent")) {
    case "request": {
      const options = { intent: "request", ...page };
      const submission = submissionOf(form, appointmentRequestSchema);
      if (submission.status !== "success") return refused(submission, options);
      return answer(submission, await requestPortalAppointment(context, user, submission.value), options);
    }
    case "resend-verification":
      return answer(null, await resendVerificationLink(context, user.id), { intent: "resend-verification", ...page });
    case "email-preference": {
      const options = { intent: "email-preference", ...page };
      const submission = submissionOf(form, emailPreferenceFormSchema);
      if (submission.status !== "success") return refused(submission, options);
      return answer(submission, await setAccountReminders(context, user, submission.value), options);
    }
    default:
      return answer(null, failure(400, "Unknown action."), page);
  }
}

export default function AccountPage() {
  const { user, verified, bookings, prefill, windows, reminders, money, texting, plans } =
    useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();

  useEffect(() => {
    if (!result?.ok) return;
    const title =
      result.intent === "resend-verification"
        ? "Link sent"
        : result.intent === "email-preference"
          ? "Email preferences saved"
          : "Appointment requested";
    toast({ title, description: result.message });
  }, [result]);

  const requestResult = result?.intent === "request" ? result : undefined;
  return (
    <>
      <section className="bg-brand-900 text-white">
        <div className="mx-auto max-w-6xl px-4 py-10">
          <h1 className="text-3xl font-bold sm:text-4xl">My Account</h1>
          {/* A long address wraps anywhere rather than widen a phone's page. */}
          <p className="mt-2 text-brand-100 wrap-anywhere">
            Welcome, {user.firstName}. Signed in as {user.email}.
          </p>
        </div>
      </section>
      {verified ? null : (
        <div className="mx-auto max-w-6xl px-4 pt-10 wrap-anywhere">
          <VerifyEmailNotice email={user.email} result={result?.intent === "resend-verification" ? result : null} />
        </div>
      )}
      {verified ? (
        // A long email address (in the texts that name it) breaks anywhere rather than widen the page.
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 wrap-anywhere lg:grid-cols-[3fr_2fr] [&>*]:min-w-0">
          <div className="space-y-10">
            <section aria-labelledby="bookings-heading" className="space-y-4">
              <h2 id="bookings-heading" className="text-2xl font-bold">
                Your bookings
              </h2>
              <ActionOutcome
                result={result && result.intent !== "request" && result.intent !== "email-preference" ? result : null}
              />
              <BookingList bookings={bookings} />
              <AccountLinks />
            </section>
            {money ? <AccountMoneySections money={money} /> : null}
            <AccountPlansSection plans={plans} />
            <EmailPreference
              email={user.email}
              reminders={reminders}
              result={result?.intent === "email-preference" ? result : null}
            />
          </div>
          <section aria-labelledby="request-heading" className="space-y-4">
            <h2 id="request-heading" className="text-2xl font-bold" tabIndex={-1}>
              Request an appointment
            </h2>
            <ActionOutcome
              result={
                requestResult
                  ? {
                      ok: requestResult.ok,
                      message: hasFieldErrors(requestResult)
                        ? "Please correct the highlighted fields."
                        : requestResult.message,
                    }
                  : null
              }
            />
            <RequestAppointmentForm
              prefill={prefill}
              windows={windows}
              texting={texting}
              result={requestResult?.result}
            />
          </section>
        </div>
      ) : (
        <div className="mx-auto max-w-6xl px-4 pb-10">
          <AccountLinks />
        </div>
      )}
    </>
  );
}
