import type { LoaderFunctionArgs } from "@remix-run/node";
import { absoluteUrl, privatePathPrefixes } from "~/utils/seo";

/** /robots.txt: crawl the public site, stay out of sign-in, admin and API paths, and find the sitemap. */
export function loader({ context }: LoaderFunctionArgs) {
  const appUrl = context.services.env.APP_URL;
  const lines = [
    "User-agent: *",
    "Allow: /",
    ...privatePathPrefixes.map((p) => `Disallow: ${p}`),
    "",
    `Sitemap: ${absoluteUrl(appUrl, "/sitemap.xml")}`,
    "",
  ];
  return new Response(lines.join("\n"), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
