import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { officeStatus } from "@app/shared/chat/hours";
import { failure } from "@app/shared/result";
import { answer, readSubmission, refused } from "~/utils/action.server";
import { redirect } from "~/utils/responses.server";
import { ENHANCED_FIELD } from "~/utils/schema-form";
import { CONTACT_FAILED_MESSAGE } from "./contact-form";
import { contactPostSchema, submitContactMessage } from "./contact.server";
import { SENT_PARAM } from "./sent";
import { readSentToken, sentLocation } from "./sent-token.server";

/**
 * Whether the office is open right now (Baton Rouge time), decided on the server for this request;
 * and, at `/contact?sent=…` (where a message sent without JavaScript leads), that it was sent.
 */
export function contactLoader({ request, context }: LoaderFunctionArgs) {
  const sent = readSentToken(context.services.env, new URL(request.url).searchParams.get(SENT_PARAM));
  // Texts set up: the form offers "Text me about my visits" (docs/product.md#texts).
  return { office: officeStatus(new Date()), sent, texting: Boolean(context.services.env.TWILIO) };
}

/**
 * The contact form's post, with or without JavaScript: the same rules and work as POST /api/contact.
 * With JavaScript the form shows the answer and keeps what was typed until the visitor is done with
 * it; without, a stored message redirects to the page saying so (Post/Redirect/Get: reloading it
 * sends nothing again). A refusal is the page again, with what was typed and each field's message.
 */
export async function contactAction({ request, context }: ActionFunctionArgs) {
  const { form, submission } = await readSubmission(request, contactPostSchema);
  if (submission.status !== "success") return refused(submission);
  try {
    // Parsed once, honeypot included (features/contact/contact.server.ts).
    const result = await submitContactMessage(context, submission.value, request.headers.get("user-agent"));
    if (result.ok && form.get(ENHANCED_FIELD) !== "1")
      return redirect(sentLocation(context.services.env, result.value.emergency));
    // An emergency's answer says to call now (the form shows the number as a link).
    return answer(submission, result, { data: (value) => ({ emergency: value.emergency }), keepValues: true });
  } catch (error) {
    // Not stored (the database cannot be reached): the form keeps what was typed and says to call.
    context.logger.error({ err: error }, "contact message could not be stored");
    return answer(submission, failure(503, CONTACT_FAILED_MESSAGE));
  }
}
