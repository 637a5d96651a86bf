import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { MailCheck } from "lucide-react";
import { business } from "@app/shared/business";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { tokenPageHeaders } from "~/features/appointments/private-link";
import { VERIFY_TOKEN_INVALID_MESSAGE } from "~/features/auth/notices";
import { checkVerificationLink, verifyEmail } from "~/features/auth/verification.server";
import { verifyEmailSchema } from "@app/shared/api/auth";
import { answer, readSubmission, refused } from "~/utils/action.server";

export const meta: MetaFunction = () => [
  { title: `Confirm your email | ${business.name}` },
  { name: "robots", content: "noindex" },
];

/** The address holds the token: never stored, no Referer to other sites. */
export const headers = tokenPageHeaders;

/**
 * The emailed verification link: `/verify-email?token=…`. Opening it only
 * asks; the button confirms (a POST), so a mail scanner that opens every link
 * confirms nothing. Works without JavaScript.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const usable = token ? await checkVerificationLink(context, token) : null;
  return { token: usable ? token : null, email: usable?.email ?? null };
}

/** The page's button posts the token (verifyEmailSchema); the page shows any answer, so every answer is a 200. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { submission } = await readSubmission(request, verifyEmailSchema);
  const options = { status: 200 } as const;
  if (submission.status !== "success")
    return refused(submission, { ...options, message: VERIFY_TOKEN_INVALID_MESSAGE });
  return answer(submission, await verifyEmail(context, submission.value.token), options);
}

export default function VerifyEmailPage() {
  const { token, email } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <section className="bg-slate-50 px-4 py-12 sm:py-16">
      <div className="mx-auto max-w-lg rounded-lg border bg-white p-6 shadow-sm sm:p-8">
        <h1 className="flex items-center gap-2 text-2xl font-bold text-slate-900">
          <MailCheck aria-hidden="true" className="size-6 text-brand-700" />
          Confirm your email
        </h1>
        <div role="status" aria-live="polite" className="mt-4 empty:hidden">
          {result ? <Alert tone={result.ok ? "success" : "destructive"}>{result.message}</Alert> : null}
        </div>
        {result?.ok ? (
          <Link to="/account" className={buttonVariants({ className: "mt-6" })}>
            Go to my account
          </Link>
        ) : token && !result ? (
          <Form method="post" className="mt-4 space-y-4">
            <p className="text-slate-700">
              Confirm that <strong className="wrap-anywhere">{email}</strong> is your address. Your {business.name}{" "}
              account will then show the appointments made with it.
            </p>
            <p className="text-sm text-slate-600">
              If you did not create this account, close this page: nothing changes.
            </p>
            <input type="hidden" name="token" value={token} />
            <Button type="submit" disabled={navigation.state !== "idle"}>
              {navigation.state !== "idle" ? "Confirming..." : "Confirm my email"}
            </Button>
          </Form>
        ) : (
          <>
            {result ? null : <p className="mt-4 text-slate-700">{VERIFY_TOKEN_INVALID_MESSAGE}</p>}
            <Link to="/account" className={buttonVariants({ variant: "outline", className: "mt-6" })}>
              Go to my account
            </Link>
          </>
        )}
      </div>
    </section>
  );
}
