import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "~/utils/responses.server";
import { useActionData, useSearchParams, type ShouldRevalidateFunction } from "@remix-run/react";
import { authFormSchemas, safeRedirectTo } from "@app/shared/api/auth";
import { isAuthIntent } from "@app/shared/api/auth-rules";
import { business } from "@app/shared/business";
import { ENHANCED_FIELD, landingAfter, landingPage, viewFromSearch, viewOfAnswer } from "~/features/auth/auth-views";
import { NOINDEX_HEADERS, signInPageHeaders } from "~/features/appointments/private-link";
import { createAuthenticator } from "~/features/auth/authenticator.server";
import { LoginCard } from "~/features/auth/login-card";
import { failureFallbacks } from "~/features/auth/notices";
import { AuthFailureError } from "~/features/auth/outcome.server";
import { requestPasswordReset, resetPassword } from "~/features/auth/password-reset.server";
import { answer, refused, submissionOf } from "~/utils/action.server";
import { commitSessionCookie, getOptionalUser } from "~/utils/auth.server";
import { formFields, readForm } from "~/utils/form.server";
import { documentPage } from "~/utils/route-handle";
import { failure, success } from "@app/shared/result";

/** Indexed, but not with a reset token in the address (`signInPageHeaders`). */
export const meta: MetaFunction = ({ location }) => [
  { title: `Log In | ${business.name}` },
  {
    name: "description",
    content: `Log in to your ${business.name} account, create one, or reset a forgotten password.`,
  },
  ...(new URLSearchParams(location.search).has("token") ? [{ name: "robots", content: "noindex" }] : []),
];

/**
 * Opened from outside the app, the page carries the site's script, not the app's
 * (docs/decisions/025-public-pages-without-app-scripts.md): its views are links, its forms plain
 * forms (features/auth/login-document.ts says the script runs, and goes on after a sign-in's
 * notice). Reached from a page of the app, it is the app's, and the card switches in place.
 */
export const handle = documentPage;

/**
 * `/login?token=…` (the emailed reset link) holds a secret, and a refused reset echoes the token:
 * never stored, no Referer to other sites, and (with the token) never indexed.
 */
export const headers = signInPageHeaders;

/** A signed-in visitor has nothing to do here (docs/product.md#sign-in-page). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const search = new URL(request.url).searchParams;
  const user = await getOptionalUser(request, context);
  if (user) throw redirect(safeRedirectTo(search.get("redirectTo")) ?? landingPage(user.role));
  return data(null, { headers: search.has("token") ? NOINDEX_HEADERS : {} });
}

// After its own posts the card shows the outcome itself, then leaves after a sign-in;
// re-running this loader then would redirect before the notice is seen. The root still revalidates.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, formAction, defaultShouldRevalidate }) =>
  formMethod?.toUpperCase() === "POST" && formAction === "/login" ? false : defaultShouldRevalidate;

/** Passwords are never sent back to refill a form. */
const HIDDEN_FIELDS = ["password", "confirmPassword"];

/**
 * The /login forms (docs/product.md#sign-in-page): `intent` = login | register | request-reset
 * | reset with that view's fields, each checked with its schema (`authFormSchemas`). Log in and
 * register go through remix-auth and set the session cookie; without JavaScript they redirect
 * back to the page that asked them to sign in (`redirectTo`, a path of this site only; a new account too) or where the
 * account lands (`landingAfter`: a new account on /account), with it the card shows its
 * notice and goes there itself. The work is the same as the
 * /api/auth/* routes do (features/auth/*.server.ts).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const intent = form.get("intent");
  if (!isAuthIntent(intent))
    return answer(null, failure(400, "Unknown form. Please reload the page and try again."), { intent: "login" });
  const options = { intent, hideFields: HIDDEN_FIELDS };
  const submission = submissionOf(form, authFormSchemas[intent]);
  if (submission.status !== "success") return refused(submission, options);
  const values = formFields(form);
  try {
    if (intent === "login" || intent === "register") {
      const signedIn = await createAuthenticator(context, form).authenticate(intent, request);
      const headers: [string, string][] = [
        ["Set-Cookie", await commitSessionCookie(context.services.env, signedIn.token, signedIn.expiresAt)],
      ];
      if (signedIn.deviceCookie) headers.push(["Set-Cookie", signedIn.deviceCookie]);
      // Back to the page that asked them to sign in (a path of this site only), else where the account lands.
      const home = safeRedirectTo(form.get("redirectTo")) ?? landingAfter(intent, signedIn.user.role);
      if (values[ENHANCED_FIELD] !== "1") return redirect(home, { headers });
      return answer(submission, success({ home }), { ...options, headers, data: (value) => value });
    }
    const outcome =
      intent === "request-reset"
        ? await requestPasswordReset(context, values)
        : await resetPassword(context, values, { form: true });
    return answer(submission, outcome, options);
  } catch (error) {
    if (error instanceof AuthFailureError) return answer(submission, error.failure, options);
    context.logger.error({ err: error, intent }, "login page action failed");
    // The card's fallback ("Login failed", …; docs/product.md#sign-in-page).
    return answer(submission, failure(500, failureFallbacks[intent]), options);
  }
}

export default function LoginPage() {
  const posted = useActionData<typeof action>();
  const [search] = useSearchParams();
  const result = posted && isAuthIntent(posted.intent) ? { ...posted, intent: posted.intent } : undefined;
  const view = result ? viewOfAnswer(result) : viewFromSearch(search);
  return (
    <section className="bg-slate-50 px-4 py-12 sm:py-16">
      <LoginCard
        view={view}
        token={search.get("token")}
        result={result}
        redirectTo={safeRedirectTo(search.get("redirectTo"))}
      />
    </section>
  );
}
