import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

// The server's page is whole and works without JavaScript. In production this module is fetched
// only once that page has painted (web/server/modules-after-paint.ts), and then hydrates it.
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
