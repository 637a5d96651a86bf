import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

// The server's page is whole and works without JavaScript; this hydrates it (Remix's standard entry).
// Controls that need JavaScript are disabled until then (`useHydrated`, web/app/utils/use-hydrated.ts).
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
