/**
 * The app's JavaScript is fetched only once the browser has painted the page, and run in small steps.
 *
 * Every page is whole before any script runs: rendered on the server, and working without
 * JavaScript. Remix's `<Scripts>` nevertheless starts fetching the app's modules while the page is
 * parsed: a `<link rel="modulepreload">` per module, and an inline module script whose static
 * `import`s fetch the route modules at once and then run each route's whole module graph in one
 * task. On a slow phone those requests compete with what paints the page, and that one long task
 * keeps the page from answering a tap; a measurement that simulates such a phone (Lighthouse) counts
 * every request that had finished before the first paint as needed for it, and every task over
 * 50 ms as blocking. So in the built app each page's markup is rewritten, with the same elements and
 * attributes React hydrates:
 *
 * - each `<link rel="modulepreload">` becomes `<link data-modulepreload>`, which fetches nothing;
 * - the inline module script waits until the browser reports the first paint (a `paint`
 *   performance entry, which comes once the frame is on screen; a frame's callback where there are
 *   no such entries; at once in a hidden tab, which paints nothing), then for a task; it turns the
 *   links back into module preloads (fetched in parallel, started `SLICE_MS` worth per task), then
 *   imports them one at a time in Remix's order (libraries, then each route's chunks and module), yielding to the
 *   browser between two, and then runs the rest of Remix's script as it was: the route modules,
 *   then `entry.client`, which hydrates.
 * - A button that only works with JavaScript (`type="button"`, or outside any form) and is tapped
 *   before `entry.client` has run is clicked again in the task after it has: React then hydrates
 *   at once to answer it (in the same task as `hydrateRoot`, React 18 fails to: error #345). Links
 *   and forms work without JavaScript and are left alone.
 *
 * Dynamic imports from a script the page's CSP allows are allowed by its 'strict-dynamic'. Should
 * Remix's markup ever take another shape, the page is left as Remix rendered it.
 * Decision: docs/decisions/013-modules-after-first-paint.md.
 */

const PRELOAD = '<link rel="modulepreload" ';
const DEFERRED_PRELOAD = "<link data-modulepreload ";
/** If the browser never reports a paint: the page is shown and idle long before this on any phone. */
const FALLBACK_MS = 5_000;
/** Starting a fetch costs the main thread a little (more under DevTools): the preloads are started in slices of about this long. */
const SLICE_MS = 2;

/** Remix's route-modules script: `<script type="module" async="">` (with the nonce, if the page has one). */
const MODULE_SCRIPT = /(<script\b[^>]*\btype="module"[^>]*>)([\s\S]*?)(<\/script>)/;
const ROUTE_IMPORT = /^import \* as (route\d+) from ("[^"\n]+");\n?/gm;
const SIDE_EFFECT_IMPORT = /^;?import ("[^"\n]+");?/;
const ENTRY_IMPORT = /import\(("[^"\n]+")\);?\s*$/;

/** The page with its modules fetched after its first paint; unchanged if Remix's scripts are not there in the shape this expects. */
export function modulesAfterFirstPaint(html: string): string {
  const script = MODULE_SCRIPT.exec(html);
  if (!script || !html.includes(PRELOAD)) return html;
  const [whole, open, body, close] = script as unknown as [string, string, string, string];

  const names: string[] = [];
  const urls: string[] = [];
  let rest = body.replace(ROUTE_IMPORT, (_line, name: string, url: string) => {
    names.push(name);
    urls.push(url);
    return "";
  });
  // `import "manifest"` when Remix does not discover routes lazily: fetched and run first, as before.
  const manifest = SIDE_EFFECT_IMPORT.exec(rest);
  if (manifest) rest = rest.slice(manifest[0].length);
  // Anything else imported statically would still be fetched at once: leave such a page alone.
  if (names.length === 0 || /^\s*import\s*[^(\s]/m.test(rest)) return html;

  // Remix's script ends by importing entry.client, which hydrates: that one comes last.
  const entry = ENTRY_IMPORT.exec(rest);
  if (!entry) return html;

  const bootstrap = `let tapped = null;
const remember = (event) => {
  const button = event.target instanceof Element ? event.target.closest("button") : null;
  if (button && (button.type === "button" || !button.form)) tapped = button;
};
document.addEventListener("click", remember, true);
const replay = () => {
  document.removeEventListener("click", remember, true);
  setTimeout(() => tapped?.isConnected && tapped.click());
};
new Promise((painted) => {
  const next = () => setTimeout(painted);
  if (document.visibilityState === "hidden") next();
  else if (PerformanceObserver.supportedEntryTypes?.includes("paint"))
    new PerformanceObserver((_, observer) => {
      observer.disconnect();
      next();
    }).observe({ type: "paint", buffered: true });
  else requestAnimationFrame(next);
  setTimeout(painted, ${FALLBACK_MS});
}).then(async () => {
  const step = () => (globalThis.scheduler?.yield ? scheduler.yield() : new Promise((next) => setTimeout(next)));
  const links = [...document.querySelectorAll("link[data-modulepreload]")];
  for (let i = 0; i < links.length; await step()) {
    const until = performance.now() + ${SLICE_MS};
    do links[i++].rel = "modulepreload";
    while (i < links.length && performance.now() < until);
  }
  const entry = new URL(${entry[1]}, document.baseURI).href;
  for (const link of links) {
    if (link.href === entry) continue;
    await import(link.href);
    await step();
  }
  ${manifest ? `await import(${manifest[1]});\n  ` : ""}const [${names.join(", ")}] = await Promise.all([${urls.map((url) => `import(${url})`).join(", ")}]);
${rest.replace(ENTRY_IMPORT, () => `import(${entry[1]}).then(replay);`)}
});`;

  return html.replace(whole, () => `${open}${bootstrap}${close}`).replaceAll(PRELOAD, DEFERRED_PRELOAD);
}
