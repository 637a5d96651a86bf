import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "~/utils/responses.server";
import { endSession } from "~/utils/auth.server";

/**
 * /logout: the header's `<form method="post" action="/logout">`. Ends the
 * session, clears the cookie and goes home. A GET changes nothing (a link or
 * a prefetch must never sign anyone out) and goes home too.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const clearCookie = await endSession(request, context);
  return redirect("/", { headers: { "Set-Cookie": clearCookie } });
}

export function loader() {
  return redirect("/");
}
