import type { AppLoadContext } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { formValues } from "./auth-views";
import { login, type SignedIn } from "./login.server";
import { AuthFailureError } from "./outcome.server";
import { register } from "./register.server";

/** The remix-auth strategies of the /login page: each is a form post with that `intent`. */
export type FormAuthStrategy = "login" | "register";

/**
 * remix-auth for the pages. remix-auth v4 keeps no session of its own:
 * `authenticate()` resolves to the SignedIn result of the same login /
 * register the API uses (a session row and its token), and the caller puts
 * the token in the session cookie. A refusal rejects with AuthFailureError.
 *
 * Built per request, because verifying needs the request's services and client IP.
 */
export function createAuthenticator(context: AppLoadContext) {
  const strategy = (run: (values: Record<string, string>, request: Request) => ReturnType<typeof login>) =>
    new FormStrategy<SignedIn>(async ({ form, request }) => {
      const outcome = await run(formValues(form), request);
      if (!outcome.ok) throw new AuthFailureError(outcome);
      return outcome;
    });
  const userAgent = (request: Request) => request.headers.get("user-agent");

  return new Authenticator<SignedIn>()
    .use(strategy((values, request) => login(context, values, { userAgent: userAgent(request), cookie: request.headers.get("cookie") })), "login")
    .use(strategy((values, request) => register(context, values, { userAgent: userAgent(request), form: true })), "register");
}
