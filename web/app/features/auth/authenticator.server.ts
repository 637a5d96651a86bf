import type { AppLoadContext } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { Strategy } from "remix-auth/strategy";
import { login, type SignedIn } from "./login.server";
import { formFields } from "~/utils/form.server";
import type { Result } from "@app/shared/result";
import { AuthFailureError } from "./outcome.server";
import { register } from "./register.server";

/**
 * remix-auth for the pages. remix-auth v4 keeps no session of its own:
 * `authenticate()` resolves to the SignedIn result of the same login /
 * register the API uses (a session row and its token), and the caller puts
 * the token in the session cookie. A refusal rejects with AuthFailureError.
 *
 * The strategies verify the form the page action has already read: the body
 * of a request is read once.
 *
 * Built per request, because verifying needs the request's services, client IP and form.
 */
export function createAuthenticator(context: AppLoadContext, form: FormData) {
  const strategy = (run: (values: Record<string, string>, request: Request) => Promise<Result<SignedIn>>) =>
    new ReadFormStrategy<SignedIn>(form, async ({ form, request }) => {
      const outcome = await run(formFields(form), request);
      if (!outcome.ok) throw new AuthFailureError(outcome);
      return outcome.value;
    });
  const userAgent = (request: Request) => request.headers.get("user-agent");

  return new ReadFormAuthenticator<SignedIn>()
    .use(
      strategy((values, request) =>
        login(context, values, { userAgent: userAgent(request), cookie: request.headers.get("cookie") }),
      ),
      "login",
    )
    .use(
      strategy((values, request) => register(context, values, { userAgent: userAgent(request), form: true })),
      "register",
    );
}

/** remix-auth-form's FormStrategy for a form already read: it does not read the body again (from a clone of the request). */
class ReadFormStrategy<User> extends FormStrategy<User> {
  constructor(
    private readonly form: FormData,
    verify: Strategy.VerifyFunction<User, FormStrategy.VerifyOptions>,
  ) {
    super(verify);
  }

  override async authenticate(request: Request) {
    return this.verify({ form: this.form, request });
  }
}

/**
 * remix-auth's `authenticate()` hands the strategy a copy of the request, and
 * a request can only be copied while its body is unread. The strategies here
 * never read the body, so they get the request itself.
 */
class ReadFormAuthenticator<User> extends Authenticator<User> {
  override authenticate(name: string, request: Request) {
    const strategy = this.get(name);
    if (!strategy) throw new ReferenceError(`No authentication strategy named ${name}`);
    return strategy.authenticate(request);
  }
}
