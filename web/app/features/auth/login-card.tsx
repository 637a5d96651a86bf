import { getFormProps, type FormMetadata } from "@conform-to/react";
import { Form, Link, useNavigate, useNavigation } from "@remix-run/react";
import { CheckCircle2, KeyRound, Loader2, LogIn, Mail, TriangleAlert, UserPlus } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { authFormSchemas } from "@app/shared/api/auth";
import { PASSWORD_MIN_LENGTH, type AuthIntent } from "@app/shared/api/auth-rules";
import { HONEYPOT_FIELD } from "@app/shared/api/honeypot";
import { business } from "@app/shared/business";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { EmailField, NameFields, PasswordField } from "~/components/ui/person-fields";
import { useSchemaForm, type ActionResult } from "~/utils/schema-form";
import { useHydrated } from "~/utils/use-hydrated";
import { CONTINUE_ATTRIBUTE, ENHANCED_FIELD, SIGNED_IN_PAUSE_MS, viewHref, type AuthView } from "./auth-views";
import { failureFallbacks, successNotices } from "./notices";

/** What /login's action answers when it does not redirect: after a sign-in with JavaScript, where to go. */
type AuthResult = ActionResult<{ home?: string }> & { intent: AuthIntent };

const headings: Record<AuthView, { title: string; intro: string }> = {
  login: { title: "Log In", intro: `Sign in to your ${business.name} account.` },
  register: { title: "Create an Account", intro: `Register to manage your electrical service with ${business.name}.` },
  "reset-request": {
    title: "Reset Your Password",
    intro: "Enter your email and we will send you a link to choose a new password.",
  },
  reset: { title: "Choose a New Password", intro: "Enter the reset token from your email and your new password." },
};

export interface LoginCardProps {
  view: AuthView;
  /** The reset token from the address (`/login?token=…`), prefilled in the reset step. */
  token: string | null;
  /** What the last post answered, when it did not redirect. */
  result?: AuthResult;
  /** The page that asked to sign in (`?redirectTo=`, checked safe): logging in returns there. */
  redirectTo?: string | null;
}

/**
 * The /login card: log in, register, and reset a password, switching in place.
 * Every form posts `intent` to the /login action, so it works without
 * JavaScript; with it, the rules (docs/product.md#sign-in-page) are checked before posting with
 * the exact messages, and the outcome appears in the card.
 */
export function LoginCard({ view, token, result, redirectTo }: LoginCardProps) {
  const navigate = useNavigate();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownView = useRef(view);
  const signedIn = result?.ok && (result.intent === "login" || result.intent === "register");
  const home = (result?.ok && result.home) || "/";
  const notice = result?.ok ? successNotices[result.intent] : null;

  // Switching views moves focus to the new heading, so screen readers hear the change.
  useEffect(() => {
    if (shownView.current !== view) headingRef.current?.focus();
    shownView.current = view;
  }, [view]);

  // Signed in with JavaScript: the notice shows a moment, then home (docs/product.md#sign-in-page).
  useEffect(() => {
    if (!signedIn) return;
    const timer = setTimeout(() => navigate(home, { replace: true }), SIGNED_IN_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [signedIn, home, navigate]);

  const heading = headings[view];
  return (
    <div className="mx-auto w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-slate-900 focus:outline-none">
        {heading.title}
      </h1>
      <p className="mt-2 text-sm text-slate-600">{heading.intro}</p>

      <div role="status" aria-live="polite" className="mt-4 empty:hidden">
        {notice ? (
          <Alert tone="success" className="flex items-start gap-3">
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <span>
              <strong className="block font-semibold">{notice.title}</strong>
              {notice.description}
            </span>
          </Alert>
        ) : null}
      </div>

      <div className="mt-6">
        {signedIn ? (
          <p className="text-sm text-slate-700">
            {redirectTo && home === redirectTo
              ? "Taking you back…"
              : home === "/account"
                ? "Taking you to your account…"
                : "Taking you to the home page…"}{" "}
            <Link
              to={home}
              replace
              {...{ [CONTINUE_ATTRIBUTE]: "" }}
              className="font-semibold text-brand-700 underline"
            >
              Continue
            </Link>
          </p>
        ) : (
          <ViewForm
            key={view}
            view={view}
            token={token}
            result={result && !result.ok ? result : undefined}
            redirectTo={redirectTo}
          />
        )}
      </div>

      <ViewLinks view={view} redirectTo={redirectTo} />
    </div>
  );
}

/** The view's form; `result` is the refusal of its last post. */
function ViewForm({
  view,
  token,
  result,
  redirectTo,
}: {
  view: AuthView;
  token: string | null;
  result?: AuthResult;
  redirectTo?: string | null;
}) {
  switch (view) {
    case "login":
      return <LoginForm result={result} redirectTo={redirectTo} />;
    case "register":
      return <RegisterForm result={result} redirectTo={redirectTo} />;
    case "reset-request":
      return <RequestResetForm result={result} />;
    case "reset":
      return <ResetForm result={result} token={token} />;
  }
}

const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters.`;

/** The reply to this form's own last post: an answer to another form leaves it alone. */
const replyTo = (intent: AuthIntent, result?: AuthResult) => (result?.intent === intent ? result.result : undefined);

function LoginForm({ result, redirectTo }: { result?: AuthResult; redirectTo?: string | null }) {
  const [form, fields] = useSchemaForm(authFormSchemas.login, {
    id: "auth-login",
    lastResult: replyTo("login", result),
  });
  return (
    <AuthForm
      form={form}
      intent="login"
      submitLabel="Log In"
      pendingLabel="Logging in..."
      icon={<LogIn aria-hidden="true" />}
    >
      {/* The page that asked to sign in: the action sends the user back there (a path of this site only). */}
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <EmailField field={fields.email} autoComplete="username" />
      <PasswordField field={fields.password} label="Password" autoComplete="current-password" />
    </AuthForm>
  );
}

function RegisterForm({ result, redirectTo }: { result?: AuthResult; redirectTo?: string | null }) {
  const [form, fields] = useSchemaForm(authFormSchemas.register, {
    id: "auth-register",
    lastResult: replyTo("register", result),
  });
  return (
    <AuthForm
      form={form}
      intent="register"
      submitLabel="Create Account"
      pendingLabel="Creating account..."
      icon={<UserPlus aria-hidden="true" />}
    >
      {/* A new account also returns to the page that asked to sign in. */}
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <NameFields first={fields.firstName} last={fields.lastName} />
      </div>
      <EmailField field={fields.email} />
      <PasswordField field={fields.password} label="Password" autoComplete="new-password" hint={PASSWORD_HINT} />
      <PasswordField field={fields.confirmPassword} label="Confirm password" autoComplete="new-password" />
      {/* Honeypot: hidden from people and assistive technology; bots fill it in. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={HONEYPOT_FIELD}>Leave this field empty</label>
        <input id={HONEYPOT_FIELD} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
      </div>
    </AuthForm>
  );
}

function RequestResetForm({ result }: { result?: AuthResult }) {
  const [form, fields] = useSchemaForm(authFormSchemas["request-reset"], {
    id: "auth-request-reset",
    lastResult: replyTo("request-reset", result),
  });
  return (
    <AuthForm
      form={form}
      intent="request-reset"
      submitLabel="Send Reset Link"
      pendingLabel="Sending..."
      icon={<Mail aria-hidden="true" />}
    >
      <EmailField field={fields.email} />
    </AuthForm>
  );
}

function ResetForm({ result, token }: { result?: AuthResult; token: string | null }) {
  const [form, fields] = useSchemaForm(authFormSchemas.reset, {
    id: "auth-reset",
    lastResult: replyTo("reset", result),
    defaultValue: { token: token ?? "" },
  });
  return (
    <AuthForm
      form={form}
      intent="reset"
      submitLabel="Reset Password"
      pendingLabel="Resetting..."
      icon={<KeyRound aria-hidden="true" />}
    >
      <TextField
        field={fields.token}
        label="Reset token"
        autoComplete="off"
        spellCheck={false}
        hint="It is in the link we emailed you; opening the link fills it in."
      />
      <PasswordField field={fields.password} label="New password" autoComplete="new-password" hint={PASSWORD_HINT} />
      <PasswordField field={fields.confirmPassword} label="Confirm new password" autoComplete="new-password" />
    </AuthForm>
  );
}

/**
 * One form of the card. With JavaScript its schema checks it first (the browser's own checks are
 * off, so the messages are ours) and the first problem is focused; without, the browser's checks
 * and then the server's apply. The server's refusal is the form's error, shown until the next
 * submit the browser refuses.
 */
function AuthForm({
  form,
  intent,
  submitLabel,
  pendingLabel,
  icon,
  children,
}: {
  form: FormMetadata;
  intent: AuthIntent;
  submitLabel: string;
  pendingLabel: string;
  icon: ReactNode;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const failure = form.errors?.[0];

  return (
    <Form method="post" action="/login" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={ENHANCED_FIELD} value={hydrated ? "1" : ""} />
      {failure ? (
        <Alert role="alert" tone="destructive" className="flex items-start gap-3">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <span>{failure || failureFallbacks[intent]}</span>
        </Alert>
      ) : null}
      {children}
      <Button type="submit" size="lg" disabled={pending} className="w-full">
        {pending ? <Loader2 aria-hidden="true" className="animate-spin" /> : icon}
        {pending ? pendingLabel : submitLabel}
      </Button>
    </Form>
  );
}

/** Log in and Create one lead to each other keeping the page that asked to sign in (`redirectTo`). */
function ViewLinks({ view, redirectTo }: { view: AuthView; redirectTo?: string | null }) {
  const keep = (href: string) =>
    redirectTo ? `${href}${href.includes("?") ? "&" : "?"}redirectTo=${encodeURIComponent(redirectTo)}` : href;
  const link = "inline-flex min-h-11 items-center font-semibold text-brand-700 underline-offset-4 hover:underline";
  return (
    <div className="mt-6 space-y-2 border-t border-slate-200 pt-4 text-center text-sm text-slate-700">
      {view === "login" ? (
        <>
          <p>
            <Link to={viewHref["reset-request"]} className={link}>
              Forgot your password?
            </Link>
          </p>
          <p>
            Don&apos;t have an account?{" "}
            <Link to={keep(viewHref.register)} className={link}>
              Create one
            </Link>
          </p>
        </>
      ) : null}
      {view === "register" ? (
        <p>
          Already have an account?{" "}
          <Link to={keep(viewHref.login)} className={link}>
            Log in
          </Link>
        </p>
      ) : null}
      {view === "reset-request" ? (
        <>
          <p>
            <Link to={viewHref.reset} className={link}>
              I already have a reset token
            </Link>
          </p>
          <p>
            <Link to={viewHref.login} className={link}>
              Back to log in
            </Link>
          </p>
        </>
      ) : null}
      {view === "reset" ? (
        <>
          <p>
            <Link to={viewHref["reset-request"]} className={link}>
              Send me a new reset link
            </Link>
          </p>
          <p>
            <Link to={viewHref.login} className={link}>
              Back to log in
            </Link>
          </p>
        </>
      ) : null}
    </div>
  );
}
