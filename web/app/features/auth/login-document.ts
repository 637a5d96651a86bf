import { CONTINUE_ATTRIBUTE, ENHANCED_FIELD, SIGNED_IN_PAUSE_MS } from "./auth-views";

/**
 * /login on a page without the app's scripts (docs/decisions/025-public-pages-without-app-scripts.md):
 * its forms are plain forms, and this makes a sign-in read as it does in the app
 * (docs/product.md#sign-in-page). The forms say the page's script runs (`ENHANCED_FIELD`), so
 * logging in or registering is answered with the card's notice ("Welcome back!", "Account
 * created!") and its Continue link rather than a redirect; after the card's pause the page goes on
 * to that link by itself, replacing the post in the tab's history. Without any script, the post
 * is answered with the redirect. Plain DOM: run by the site's script (web/app/entry.site.ts).
 */
export function enhanceLoginPage() {
  for (const field of document.querySelectorAll<HTMLInputElement>(
    `form[action="/login"] input[type="hidden"][name="${ENHANCED_FIELD}"]`,
  ))
    field.value = "1";
  const next = document.querySelector<HTMLAnchorElement>(`a[${CONTINUE_ATTRIBUTE}]`);
  if (next) setTimeout(() => window.location.replace(next.href), SIGNED_IN_PAUSE_MS);
}
