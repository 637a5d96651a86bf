/**
 * The responses a page's loader or action answers with, for route modules: `data` (a body with
 * a status or headers) and `redirect`. Route modules are browser code too, so they take these
 * from here, a server module, and never import the Node runtime package themselves; Remix keeps
 * loaders, actions and `*.server` modules out of the browser's build, and Vite's dependency
 * optimizer never meets the package in development (docs/decisions/017-walls-between-layers.md).
 */
export { data, redirect } from "@remix-run/node";
