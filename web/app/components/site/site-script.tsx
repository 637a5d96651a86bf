import { useNonce } from "~/utils/nonce";

/**
 * What a public page without the app's scripts runs (docs/decisions/025-public-pages-without-app-scripts.md):
 *
 * - the site's own module (web/app/entry.site.ts, `src`), imported by one inline module script
 *   (the page's CSP allows it by nonce, or by hash on a kept page, and its 'strict-dynamic' the
 *   import);
 * - Speculation Rules: the public pages a visitor points at (a moment's hover, or a touch) are
 *   prerendered, so following the link shows a page that is already painted.
 */
export function SiteScript({ src }: { src: string }) {
  const nonce = useNonce();
  return (
    <>
      <script
        type="module"
        nonce={nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: `import(${JSON.stringify(src)});` }}
      />
      <script
        type="speculationrules"
        nonce={nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: JSON.stringify(SPECULATION_RULES) }}
      />
    </>
  );
}

/** The pages worth preparing ahead: the public pages without the app, which any visitor may open next. */
const SPECULATION_RULES = {
  prerender: [
    {
      where: {
        or: [
          { href_matches: "/" },
          { href_matches: "/about" },
          { href_matches: "/services" },
          { href_matches: "/services/*" },
          { href_matches: "/contact" },
        ],
      },
      eagerness: "moderate",
    },
  ],
};
