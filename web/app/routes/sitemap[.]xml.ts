import type { LoaderFunctionArgs } from "@remix-run/node";
import { absoluteUrl, publicPaths } from "~/utils/seo";

/** /sitemap.xml: the public marketing pages only (never login, dashboard, admin or API routes). */
export function loader({ context }: LoaderFunctionArgs) {
  const appUrl = context.services.env.APP_URL;
  const urls = publicPaths
    .map((path) => {
      const priority = path === "/" ? "1.0" : path.split("/").length > 2 ? "0.8" : "0.9";
      return `  <url>\n    <loc>${escapeXml(absoluteUrl(appUrl, path))}</loc>\n    <changefreq>monthly</changefreq>\n    <priority>${priority}</priority>\n  </url>`;
    })
    .join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

function escapeXml(text: string) {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}
