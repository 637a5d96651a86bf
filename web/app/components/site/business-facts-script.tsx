import { BUSINESS_BROWSER_GLOBAL } from "@app/shared/business";
import { useBusinessOverrides } from "~/utils/business-facts";
import { useNonce } from "~/utils/nonce";
import { serializeJsonLd } from "~/utils/seo";

/**
 * Leaves the root loader's business-fact overrides (a real phone number, say)
 * in the page before any module runs, so `business` in the browser's modules
 * (page copy, `meta`) holds the values the server rendered with and hydration
 * never swaps them back to the defaults. Components read the same values with
 * `useBusinessFacts()`. Renders nothing when no override is set.
 */
export function BusinessFactsScript() {
  const nonce = useNonce();
  const overrides = useBusinessOverrides();
  if (!overrides || Object.keys(overrides).length === 0) return null;
  return (
    <script
      nonce={nonce}
      // The browser hides the nonce attribute after parsing, so the client never sees the server's value.
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: `window.${BUSINESS_BROWSER_GLOBAL}=${serializeJsonLd(overrides)};` }}
    />
  );
}
