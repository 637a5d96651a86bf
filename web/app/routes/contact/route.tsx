import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { ClientActionFunctionArgs, ShouldRevalidateFunction } from "@remix-run/react";
import { business } from "@app/shared/business";
import { unreachable } from "~/features/contact/contact-form";
import { contactAction, contactLoader } from "~/features/contact/contact-page.server";
import { ContactView } from "~/features/contact/contact-view";
import { documentPage } from "~/utils/route-handle";
import { serverUnreachable } from "~/utils/server-unreachable";

/**
 * Opened from outside the app, the page carries the site's script, not the app's
 * (docs/decisions/025-public-pages-without-app-scripts.md): its form posts as a plain form
 * (features/contact/contact-draft.ts keeps a post that got no answer). Reached from a page of the
 * app, it is the app's, and the form answers in place.
 */
export const handle = documentPage;

export const meta: MetaFunction = () => [
  { title: `Contact ${business.name} | Electricians in Baton Rouge, LA` },
  {
    name: "description",
    content: `Send ${business.name} a message or call ${business.phone}. Free estimates, replies within 24 hours, and 24/7 emergency electricians across Baton Rouge, Ascension and Livingston Parishes.`,
  },
];

/** The office's hours now, and whether a message sent without JavaScript was sent (features/contact/contact-page.server.ts). */
export const loader = (args: LoaderFunctionArgs) => contactLoader(args);

/** The contact form's post, with or without JavaScript: the same rules and work as POST /api/contact. */
export const action = (args: ActionFunctionArgs) => contactAction(args);

/**
 * With JavaScript: a post that never reaches the action, or whose answer cannot be read (the
 * network, a proxy's error page), keeps the form as typed and says to call
 * (docs/product.md#contact-page), rather than leaving for the error page.
 */
export async function clientAction({ serverAction }: ClientActionFunctionArgs) {
  try {
    return await serverAction<typeof action>();
  } catch {
    return unreachable();
  }
}

/** After a post that never reached the server, the page keeps its data (and the form what was typed). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  serverUnreachable(actionResult) ? false : defaultShouldRevalidate;

export default function ContactPage() {
  return <ContactView />;
}
