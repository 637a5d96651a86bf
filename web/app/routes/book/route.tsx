import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { bookOnlineSchema } from "@app/shared/api/book-online";
import { business } from "@app/shared/business";
import { bookOnline, bookOnlinePage, confirmationPath } from "~/features/book-online/book-online.server";
import { BookFrame } from "~/features/book-online/book-frame";
import { DayStep, DetailsStep, EmergencyStep, ServiceStep } from "~/features/book-online/book-steps";
import { answer, readSubmission, refused } from "~/utils/action.server";
import { getOptionalUser } from "~/utils/auth.server";
import { pageData, redirect } from "~/utils/responses.server";
import { pageMeta } from "~/utils/seo";

/**
 * /book: Book online (docs/product.md#book-online). The service, a day and one of its open
 * windows, then who and where; each step a page of its own, its state in the address
 * (`?service=`, `?day=`, `?windowStart=`), so it works without JavaScript. The booking is the
 * chat's (features/book-online/book-online.server.ts); once made, the page goes to its
 * confirmation (/book/confirmed), so a reload never books twice.
 */

const STEP_TITLES = {
  service: "Book online",
  emergency: "Emergency service",
  day: "Choose a day and time",
  details: "Your details",
} as const;

export const meta: MetaFunction<typeof loader> = ({ matches, data: loaded }) => {
  const step = loaded?.ok ? loaded.step : "service";
  const title = step === "service" ? "Book online" : `${STEP_TITLES[step]} – Book online`;
  return pageMeta(matches, {
    title: `${title} | ${business.name}`,
    description: `Book a licensed electrician online: choose the service, a day and an arrival window, and ${business.name} emails your confirmation.`,
    path: "/book",
  });
};

/**
 * A refusal's Retry-After (too many requests). The page answers its own headers, so it is never
 * stored (its windows change by the minute; entry.server.tsx makes it `private, no-store`).
 */
export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  // Only the last step starts from a signed-in customer's own details.
  const user = params.has("windowStart") ? await getOptionalUser(request, context) : null;
  return pageData(await bookOnlinePage(context, params, user));
}

/** The last step's post: checked with bookOnlineSchema (as the browser checked it), then booked; 303 to the confirmation. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { submission } = await readSubmission(request, bookOnlineSchema);
  if (submission.status !== "success") return refused(submission);
  const result = await bookOnline(context, submission.value, await getOptionalUser(request, context));
  if (!result.ok) return answer(submission, result);
  return redirect(confirmationPath(context, result.value.bookingId), 303);
}

export default function BookOnlinePage() {
  const loaded = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  if (!loaded.ok) return <BookFrame problem={loaded.message} />;
  const page = loaded;
  return (
    <BookFrame>
      {page.step === "service" ? (
        <ServiceStep notice={page.notice} />
      ) : page.step === "emergency" ? (
        <EmergencyStep />
      ) : page.step === "day" ? (
        <DayStep
          key={page.service}
          service={page.service}
          choices={page.choices}
          notice={page.notice}
          answer={posted}
        />
      ) : (
        <DetailsStep page={page} answer={posted} />
      )}
    </BookFrame>
  );
}
