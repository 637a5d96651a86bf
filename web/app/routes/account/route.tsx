import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
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
import { accountOverview, cancelOwnBooking, requestPortalAppointment } from "~/features/account/account.server";
import { setAccountReminders } from "~/features/appointments/email-preferences.server";
import { resendVerificationLink } from "~/features/auth/verification.server";
import { actionData } from "~/utils/action-legacy.server";
import { readFormObject } from "~/utils/form.server";
import { requireUser } from "~/utils/auth.server";
import { failure } from "~/utils/result";

export const meta: MetaFunction = () => [
  { title: `My Account | ${business.name}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const overview = await accountOverview(context, user);
  return { user: { firstName: user.firstName, lastName: user.lastName, email: user.email }, ...overview };
}

const REQUEST_FIELDS = [
  "customerName",
  "customerPhone",
  "customerEmail",
  "serviceType",
  "address",
  "preferredTiming",
  "priority",
  "description",
  "preferredDate",
  "preferredTime",
  "windowStart",
];

/**
 * The portal's form posts, one `intent` each. Refusals are shown on the page,
 * so every answer is a 200 (`at` tells two equal answers apart).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const at = Date.now();
  const page = { status: 200 } as const;
  const input = await readFormObject(request);
  if (input.intent === "cancel")
    return actionData(await cancelOwnBooking(context, user, input.bookingId), { intent: "cancel" as const, at }, page);
  if (input.intent === "resend-verification") {
    return actionData(
      await resendVerificationLink(context, user.id),
      { intent: "resend-verification" as const, at },
      page,
    );
  }
  if (input.intent === "email-preference")
    return actionData(
      await setAccountReminders(context, user, input),
      { intent: "email-preference" as const, at },
      page,
    );
  if (input.intent === "request") {
    const values = Object.fromEntries(Object.entries(input).filter(([k]) => REQUEST_FIELDS.includes(k)));
    return actionData(
      await requestPortalAppointment(context, user, values),
      { intent: "request" as const, values, at },
      page,
    );
  }
  return actionData(failure(400, "Unknown action."), { intent: null, at }, page);
}

export default function AccountPage() {
  const { user, verified, bookings, prefill, windows, reminders } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();

  useEffect(() => {
    if (!result?.ok) return;
    const title =
      result.intent === "cancel"
        ? "Booking cancelled"
        : result.intent === "resend-verification"
          ? "Link sent"
          : result.intent === "email-preference"
            ? "Email preferences saved"
            : "Appointment requested";
    toast({ title, description: result.message });
  }, [result]);

  const requestResult = result?.intent === "request" ? result : null;
  return (
    <>
      <section className="bg-brand-900 text-white">
        <div className="mx-auto max-w-6xl px-4 py-10">
          <h1 className="text-3xl font-bold sm:text-4xl">My Account</h1>
          <p className="mt-2 text-brand-100">
            Welcome, {user.firstName}. Signed in as {user.email}.
          </p>
        </div>
      </section>
      {verified ? null : (
        <div className="mx-auto max-w-6xl px-4 pt-10">
          <VerifyEmailNotice email={user.email} result={result?.intent === "resend-verification" ? result : null} />
        </div>
      )}
      {verified ? (
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 lg:grid-cols-[3fr_2fr]">
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
                      message:
                        requestResult.ok || !requestResult.errors
                          ? requestResult.message
                          : "Please correct the highlighted fields.",
                    }
                  : null
              }
            />
            <RequestAppointmentForm
              prefill={prefill}
              windows={windows}
              errors={requestResult && !requestResult.ok ? requestResult.errors : undefined}
              values={requestResult && !requestResult.ok ? requestResult.values : undefined}
              formKey={requestResult?.ok ? `done-${requestResult.at}` : "form"}
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
