import { describe, expect, it } from "vitest";
import { modulesAfterFirstPaint } from "./modules-after-paint";

/** What Remix's `<Scripts>` renders, with lazy route discovery (the app's setting) or without it. */
function page({ lazyDiscovery = true, nonce = "" } = {}) {
  const attrs = nonce ? ` nonce="${nonce}"` : "";
  const manifestImport = lazyDiscovery ? "" : 'import "/assets/manifest-1.js"';
  return (
    `<html><head><link rel="modulepreload" href="/assets/entry.client-1.js"/>` +
    `<link rel="modulepreload" href="/assets/components-1.js"/><link rel="modulepreload" href="/assets/root-1.js"/>` +
    `<link rel="modulepreload" href="/assets/_index-1.js"/></head><body><main>Hello</main>` +
    `<script${attrs}>window.__remixContext = {};</script>` +
    `<script${attrs} type="module" async="">${manifestImport};\n` +
    `import * as route0 from "/assets/root-1.js";\n` +
    `import * as route1 from "/assets/_index-1.js";\n` +
    (lazyDiscovery ? `window.__remixManifest = {\n  "version": "1"\n};\n` : "") +
    `window.__remixRouteModules = {"root":route0,"routes/_index":route1};\n\n` +
    `import("/assets/entry.client-1.js");</script></body></html>`
  );
}

/** A stand-in for a button on the page: `closest("button")` finds itself, and a click is recorded. */
class Button {
  isConnected = true;
  constructor(
    readonly name: string,
    readonly type: "button" | "submit",
    readonly form: object | null,
    private readonly events: string[],
  ) {}
  closest() {
    return this;
  }
  click() {
    this.events.push(`click ${this.name}`);
  }
}

/**
 * Runs a rewritten page's module script with a stand-in browser, and records what it does, in order.
 * `tap` clicks buttons of the page before it has painted. The browser reports paints as performance
 * entries (`paintEntries`) or not, and the tab is shown or `hidden`.
 */
async function run(
  html: string,
  {
    tap = () => {},
    paintEntries = true,
    hidden = false,
  }: {
    tap?: (events: string[], click: (target: Button) => void) => void;
    paintEntries?: boolean;
    hidden?: boolean;
  } = {},
) {
  const script = /<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/.exec(html)![1]!;
  const events: string[] = [];
  let hydrated!: () => void;
  const hydrating = new Promise<void>((resolve) => (hydrated = resolve));
  const links = [...html.matchAll(/<link data-modulepreload href="([^"]+)"/g)].map((m) => ({
    rel: "",
    href: new URL(m[1]!, "https://example.test/").href,
  }));
  const window: Record<string, unknown> = {};
  let paint: () => void = () => {};
  let clickListener: ((event: { target: Button }) => void) | undefined;
  const browser = {
    window,
    Element: Button,
    document: {
      baseURI: "https://example.test/contact",
      visibilityState: hidden ? "hidden" : "visible",
      addEventListener: (type: string, listener: (event: { target: Button }) => void, capture: boolean) => {
        if (type === "click" && capture) clickListener = listener;
      },
      removeEventListener: (type: string, listener: unknown) => {
        if (type === "click" && listener === clickListener) clickListener = undefined;
      },
      querySelectorAll: (selector: string) => {
        events.push(`query ${selector}`);
        return links;
      },
    },
    requestAnimationFrame: (callback: () => void) => {
      paint = callback;
    },
    PerformanceObserver: class {
      static supportedEntryTypes = paintEntries ? ["paint"] : ["resource"];
      constructor(private readonly callback: (entries: unknown, observer: unknown) => void) {}
      observe({ type, buffered }: { type: string; buffered?: boolean }) {
        if (type === "paint" && buffered) paint = () => this.callback([], this);
      }
      disconnect() {
        events.push("paint observed");
      }
    },
    setTimeout: (callback: () => void, ms?: number) => {
      // The fallback for a hidden tab never fires here: this tab paints.
      if (ms !== undefined) return;
      events.push("task");
      setTimeout(callback);
    },
    __import: (specifier: string) => {
      const url = new URL(specifier, "https://example.test/").pathname;
      events.push(`import ${url}`);
      if (url.includes("entry.client")) {
        events.push(`modules ${Object.keys(window.__remixRouteModules as object)}`);
        hydrated();
      }
      return Promise.resolve({ url });
    },
  };
  const body = script.replaceAll("import(", "__import(");
  new Function(...Object.keys(browser), body)(...Object.values(browser));
  tap(events, (target) => clickListener?.({ target }));
  if (hidden) {
    await hydrating;
    return { events, links, window, stoppedBeforeHydrating: false };
  }
  await new Promise((resolve) => setTimeout(resolve, 10));
  events.push("paint");
  paint();
  // However busy the machine, the script runs to the end: it imports entry.client last.
  await hydrating;
  // Then it stops listening and clicks again, in a task of its own, what was tapped meanwhile.
  const stopped = clickListener === undefined;
  while (clickListener !== undefined) await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setTimeout(resolve));
  return { events, links, window, stoppedBeforeHydrating: stopped };
}

describe("modulesAfterFirstPaint", () => {
  it("fetches nothing while the page is parsed: the preloads are inert and the module script imports nothing statically", () => {
    const html = modulesAfterFirstPaint(page());
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toContain('<link data-modulepreload href="/assets/entry.client-1.js"/>');
    expect(html).not.toMatch(/^\s*import\s*[^(\s]/m);
    expect(html).toContain("<main>Hello</main>");
  });

  it("after the first paint, preloads the modules, runs them one task at a time, then the route modules, and hydrates last", async () => {
    const { events, links, window } = await run(modulesAfterFirstPaint(page()));
    expect(events).toEqual([
      "paint",
      "paint observed",
      "task",
      "query link[data-modulepreload]",
      "task",
      "import /assets/components-1.js",
      "task",
      "import /assets/root-1.js",
      "task",
      "import /assets/_index-1.js",
      "task",
      "import /assets/root-1.js",
      "import /assets/_index-1.js",
      "import /assets/entry.client-1.js",
      "modules root,routes/_index",
      "task",
    ]);
    expect(links.every((link) => link.rel === "modulepreload")).toBe(true);
    expect(window.__remixRouteModules).toEqual({
      root: { url: "/assets/root-1.js" },
      "routes/_index": { url: "/assets/_index-1.js" },
    });
    expect(window.__remixManifest).toEqual({ version: "1" });
  });

  it("without lazy route discovery, runs the manifest module before the route modules", async () => {
    const { events } = await run(modulesAfterFirstPaint(page({ lazyDiscovery: false })));
    expect(events.slice(-7)).toEqual([
      "task",
      "import /assets/manifest-1.js",
      "import /assets/root-1.js",
      "import /assets/_index-1.js",
      "import /assets/entry.client-1.js",
      "modules root,routes/_index",
      "task",
    ]);
  });

  it("clicks again, once entry.client has run, the last button tapped before that which needs JavaScript", async () => {
    const { events, stoppedBeforeHydrating } = await run(modulesAfterFirstPaint(page()), {
      tap: (events, click) => {
        click(new Button("menu", "button", null, events));
        click(new Button("chat", "submit", null, events));
      },
    });
    expect(events.slice(-3)).toEqual(["modules root,routes/_index", "task", "click chat"]);
    expect(stoppedBeforeHydrating).toBe(false);

    // A form's submit button works without JavaScript: the browser posted it already.
    const posted = await run(modulesAfterFirstPaint(page()), {
      tap: (events, click) => click(new Button("send", "submit", {}, events)),
    });
    expect(posted.events.slice(-2)).toEqual(["modules root,routes/_index", "task"]);
  });

  it("waits for a frame where the browser reports no paints, and for nothing in a hidden tab", async () => {
    const framed = await run(modulesAfterFirstPaint(page()), { paintEntries: false });
    expect(framed.events.slice(0, 3)).toEqual(["paint", "task", "query link[data-modulepreload]"]);
    const hidden = await run(modulesAfterFirstPaint(page()), { hidden: true });
    expect(hidden.events.slice(0, 2)).toEqual(["task", "query link[data-modulepreload]"]);
    expect(hidden.events).not.toContain("paint");
    expect(hidden.events).toContain("modules root,routes/_index");
  });

  it("keeps the script's nonce", () => {
    expect(modulesAfterFirstPaint(page({ nonce: "abc" }))).toContain(
      '<script nonce="abc" type="module" async="">let tapped = null;',
    );
  });

  it("leaves a page whose scripts it does not recognise as Remix rendered it", () => {
    const unknown = page().replace(
      'import * as route1 from "/assets/_index-1.js";',
      'import { x } from "/assets/other.js";',
    );
    expect(modulesAfterFirstPaint(unknown)).toBe(unknown);
    const noScripts = "<html><body><main>Hello</main></body></html>";
    expect(modulesAfterFirstPaint(noScripts)).toBe(noScripts);
  });
});
