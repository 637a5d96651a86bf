import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

/**
 * Runs `task` once the browser has painted the page, or after `fallbackMs` in a tab that is
 * not being shown (where no frame is painted until it is).
 */
function afterFirstPaint(task: () => void, fallbackMs = 200) {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    task();
  };
  // A frame's callbacks run before it is painted; a task queued from one runs after.
  requestAnimationFrame(() => setTimeout(run, 0));
  setTimeout(run, fallbackMs);
}

// The server's page is whole and works without JavaScript: it is shown first, then hydrated.
afterFirstPaint(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
});
