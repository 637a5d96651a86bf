import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { business } from "@app/shared/business";
import { bookedVisit } from "~/features/book-online/book-online.server";
import { BookFrame } from "~/features/book-online/book-frame";
import { BookedVisitView } from "~/features/book-online/booked-visit";
import { tokenPageHeaders } from "~/features/appointments/private-link";
import { pageData } from "~/utils/responses.server";

/**
 * /book/confirmed?visit=&key=: where Book online lands once the visit is booked (a redirect after
 * the post, so a reload shows it again and books nothing). The key is an HMAC of the visit's
 * number, so nobody reads another visit by guessing its number; the page shows fixed words only
 * (number, service, window), and is never stored or indexed.
 */

export const meta: MetaFunction = () => [
  { title: `Your visit is booked | ${business.name}` },
  { name: "robots", content: "noindex" },
];

export const headers = tokenPageHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  return pageData(await bookedVisit(context, new URL(request.url).searchParams));
}

export default function BookedPage() {
  const loaded = useLoaderData<typeof loader>();
  if (!loaded.ok) return <BookFrame problem={loaded.message} />;
  return (
    <BookFrame>
      <BookedVisitView visit={loaded} />
    </BookFrame>
  );
}
