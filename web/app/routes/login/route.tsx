import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useSearchParams, type ShouldRevalidateFunction } from "@remix-run/react";
import { isAuthIntent, type AuthIntent } from "@app/shared/api/auth-rules";
import { business } from "@app/shared/business";
import {
  ENHANCED_FIELD,
  landingPage,
  viewAfterSuccess,
  viewFromSearch,
  viewOfIntent,
  type AuthActionData,
} from "~/features/auth/auth-views";
import { tokenPageHeaders } from "~/features/appointments/private-link";
import { createAuthenticator } from "~/features/auth/authenticator.server";
import { LoginCard } from "~/features/auth/login-card";
import { AuthFailureError } from "~/features/auth/outcome.server";
import { requestPasswordReset, resetPassword } from "~/features/auth/password-reset.server";
import { commitSessionCookie, getOptionalUser } from "~/utils/auth.server";
import { formFields, readForm } from "~/utils/form.server";
import { failure, retryAfterHeaders, type Failure } from "@app/shared/result";

export const meta: MetaFunction = () => [
  { title: `Log In | ${business.name}` },
  {
    name: "description",
    content: `Log in to your ${business.name} account, create one, or reset a forgotten password.`,
  },
  { name: "robots", content: "noindex" },
];

/** `/login?token=…` (the emailed reset link) holds a secret, and a refused reset echoes the token: never stored, no Referer to other sites. */
export const headers = tokenPageHeaders;

/** A signed-in visitor has nothing to do here (docs/product.md#sign-in-page). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request, context);
  if (user) throw redirect(landingPage(user.role));
  return null;
}

// After its own posts the card shows the outcome itself, then leaves for / after a sign-in;
// re-running this loader then would redirect before the notice is seen. The root still revalidates.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, formAction, defaultShouldRevalidate }) =>
  formMethod?.toUpperCase() === "POST" && formAction === "/login" ? false : defaultShouldRevalidate;

/** Only these fields are ever sent back to refill a form; passwords never are. */
const ECHOED_FIELDS = ["firstName", "lastName", "email", "token"] as const;

/**
 * The /login forms (docs/product.md#sign-in-page): `intent` = login | register | request-reset
 * | reset with that view's fields. Log in and register go through remix-auth
 * and set the session cookie; without JavaScript they redirect to /, with it
 * the card shows its notice and goes there itself. The work is the same as
 * the /api/auth/* routes do (features/auth/*.server.ts).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const posted = form.get("intent");
  const intent: AuthIntent = isAuthIntent(posted) ? posted : "login";
  const values = formFields(form);

  const failed = (refusal: Failure | null) =>
    data<AuthActionData>(
      {
        ok: false,
        intent,
        view: viewOfIntent[intent],
        message: refusal?.message,
        errors: refusal?.errors,
        values: Object.fromEntries(ECHOED_FIELDS.filter((k) => values[k]).map((k) => [k, values[k]!.slice(0, 300)])),
      },
      { status: refusal?.status ?? 500, headers: refusal ? retryAfterHeaders(refusal) : undefined },
    );
  const succeeded = (headers?: HeadersInit, home?: string) =>
    data<AuthActionData>({ ok: true, intent, view: viewAfterSuccess[intent], home }, { headers });

  if (!isAuthIntent(posted)) return failed(failure(400, "Unknown form. Please reload the page and try again."));
  try {
    if (intent === "login" || intent === "register") {
      const signedIn = await createAuthenticator(context, form).authenticate(intent, request);
      const headers: [string, string][] = [
        ["Set-Cookie", await commitSessionCookie(context.services.env, signedIn.token, signedIn.expiresAt)],
      ];
      if (signedIn.deviceCookie) headers.push(["Set-Cookie", signedIn.deviceCookie]);
      const home = landingPage(signedIn.user.role);
      return values[ENHANCED_FIELD] === "1" ? succeeded(headers, home) : redirect(home, { headers });
    }
    const outcome =
      intent === "request-reset"
        ? await requestPasswordReset(context, values)
        : await resetPassword(context, values, { form: true });
    return outcome.ok ? succeeded() : failed(outcome);
  } catch (error) {
    if (error instanceof AuthFailureError) return failed(error.failure);
    context.logger.error({ err: error, intent }, "login page action failed");
    // No message: the card shows its fallback ("Login failed", …; docs/product.md#sign-in-page).
    return failed(null);
  }
}

export default function LoginPage() {
  const result = useActionData<typeof action>();
  const [search] = useSearchParams();
  const view = result?.view ?? viewFromSearch(search);
  return (
    <section className="bg-slate-50 px-4 py-12 sm:py-16">
      <LoginCard view={view} token={search.get("token")} result={result} />
    </section>
  );
}
