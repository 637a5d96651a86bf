import type { MetaFunction } from "@remix-run/node";
import { notFoundTitle } from "~/components/site/error-page";

export const meta: MetaFunction = () => [{ title: notFoundTitle() }, { name: "robots", content: "noindex" }];

// Any path no page claims: answered with HTTP 404 and rendered by the root ErrorBoundary.
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return null;
}
