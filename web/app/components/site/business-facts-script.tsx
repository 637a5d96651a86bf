import { BUSINESS_BROWSER_GLOBAL, businessOverrides } from "@app/shared/business";
import { useNonce } from "~/utils/nonce";
import { serializeJsonLd } from "~/utils/seo";

/**
 * Hands the server's BUSINESS_* overrides (a real phone number, say) to the
 * browser before any module runs, so the facts module shows the same values on
 * both sides and hydration never swaps them back to the defaults. Renders
 * nothing when no override is set.
 */
export function BusinessFactsScript() {
  const nonce = useNonce();
  const overrides = businessOverrides();
  if (Object.keys(overrides).length === 0) return null;
  return (
    <script
      nonce={nonce}
      // The browser hides the nonce attribute after parsing, so the client never sees the server's value.
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: `window.${BUSINESS_BROWSER_GLOBAL}=${serializeJsonLd(overrides)};` }}
    />
  );
}
