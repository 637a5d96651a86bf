import { serializeJsonLd } from "~/utils/seo";
import { useNonce } from "~/utils/nonce";

/**
 * A schema.org block. It carries the request's CSP nonce like every inline
 * script, and its JSON is escaped so page text can never close the element.
 */
export function JsonLd({ data }: { data: unknown }) {
  const nonce = useNonce();
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      // The browser hides the nonce attribute after parsing, so the client never sees the server's value.
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
    />
  );
}
