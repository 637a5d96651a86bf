import type { MetaFunction } from "@remix-run/node";
import { notFoundTitle } from "~/components/site/error-page";
import { documentPage } from "~/utils/route-handle";

// Works from its HTML alone: served without the app's scripts (docs/decisions/025-public-pages-without-app-scripts.md).
export const handle = documentPage;

export const meta: MetaFunction = () => [{ title: notFoundTitle() }, { name: "robots", content: "noindex" }];

// Any path no page claims: answered with HTTP 404 and rendered by the root ErrorBoundary.
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return null;
}
