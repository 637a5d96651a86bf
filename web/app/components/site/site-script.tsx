import { useNonce } from "~/utils/nonce";

/**
 * What a public page without the app's scripts runs (docs/decisions/025-public-pages-without-app-scripts.md):
 *
 * - the site's own module (web/app/entry.site.ts, `src`): preloaded with `<link rel="modulepreload">`
 *   (a request 'strict-dynamic' allows, as it does Remix's own preloads), then run by one inline
 *   module script (allowed by the page's nonce, or by its hash on a kept page) whose `import()`
 *   finds it already fetched. A module imported by a parser-inserted script alone would be refused
 *   on a kept page, which has no nonce for it to inherit;
 * - Speculation Rules: the public pages a visitor points at (a moment's hover, or a touch) are
 *   prerendered, so following the link shows a page that is already painted.
 */
export function SiteScript({ src }: { src: string }) {
  const nonce = useNonce();
  return (
    <>
      {/* Fetched as a preload, the module is one 'strict-dynamic' trusts, and so are the chunks it imports. */}
      <link rel="modulepreload" href={src} />
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
