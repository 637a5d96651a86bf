import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type Express } from "express";
import { pinoHttp } from "pino-http";
import type { ViteDevServer } from "vite";
import { clientNetworkKey } from "@app/shared/network.server";
import { redactUrl } from "@app/shared/redact.server";
import { sessionCookieName, sessionRoleInCookies, sessionRoleOf } from "@app/shared/sessions.server";
import { createPageCache } from "./page-cache";
import { createRemixHandler } from "./remix-handler";
import { assignRequestId } from "./request-id";
import { originFormTarget } from "./request-target";
import { loadStaticAssets } from "./static-assets";
import { readSiteScripts } from "./site-scripts";
import {
  bodyLimit,
  boundedForms,
  fixedSecurityHeaders,
  formPostsOnly,
  jsonErrors,
  sameOriginWrites,
  securityHeaders,
  wellFormedAddresses,
} from "./security";
import type { Services } from "../app/context";

export interface AppOptions {
  services: Services;
  /** Development: Vite serves modules and assets. Production: the built client. */
  vite?: ViteDevServer;
  build?: ServerBuild;
  clientDir?: string;
  /** Set while shutting down so readiness fails and load balancers move away. */
  isShuttingDown: () => boolean;
}

/**
 * The web process's request listener: the request target made a path (web/server/request-target.ts),
 * then the build's assets and the kept marketing pages (web/server/static-assets.ts,
 * web/server/page-cache.ts; never in development), then the Express app.
 */
export function createApp({ services, vite, build, clientDir, isShuttingDown }: AppOptions): RequestListener {
  const { env, logger } = services;
  const pageCache =
    vite || !env.PAGE_CACHE
      ? undefined
      : createPageCache({
          env,
          sessionCookieName: sessionCookieName(env),
          sessionRole: (cookie) => sessionRoleInCookies(services.db, env, cookie),
          onError: (err) => logger.error({ err }, "page cache"),
        });
  const siteScripts = vite ? undefined : readSiteScripts(clientDir);
  const app = express();
  app.disable("x-powered-by");
  if (env.TRUST_PROXY) app.set("trust proxy", 1);

  app.use(
    pinoHttp({
      logger,
      genReqId: assignRequestId,
      autoLogging: {
        ignore: (req) => /^\/(assets|healthz|readyz|favicon|@vite|@fs|node_modules|app\/)/.test(req.url ?? ""),
      },
      // Keep request logs short: no headers (cookies, tokens), no bodies, and no secret in the address
      // (reset links, calendar feeds, chat session ids: see redactUrl).
      serializers: {
        req: (req: { id: unknown; method: string; url: string; remoteAddress?: string }) => ({
          id: req.id,
          method: req.method,
          url: redactUrl(req.url),
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      customLogLevel: (_req, res, err) =>
        err || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info",
    }),
  );

  healthChecks(app, services, isShuttingDown);

  // Bodies under 4 KB (most API answers) go out as they are: compressing them costs more time than the bytes it saves.
  app.use(compression({ threshold: 4096 }));
  app.use(securityHeaders(env));
  app.use(wellFormedAddresses);

  if (vite) {
    app.use(vite.middlewares);
  } else if (clientDir) {
    // Fingerprinted assets not held in memory (static-assets.ts holds the build's scripts and stylesheets): cached for a year.
    app.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }));
    // The service worker (web/public/sw.js) is checked for a new version at every visit: never cached for long.
    const serviceWorker = path.join(clientDir, "sw.js");
    app.get("/sw.js", (_req, res, next) => {
      res.sendFile(
        serviceWorker,
        { headers: { "Cache-Control": "no-cache", "Content-Type": "text/javascript; charset=utf-8" } },
        (error) => (error ? next(error) : undefined),
      );
    });
    // The few files at the root of the client build (favicon, logo): only paths that name a file look there.
    const rootFiles = express.static(clientDir, { maxAge: "1h", index: false });
    app.use((req, res, next) => {
      if (/\.[a-z0-9]+$/i.test(req.path)) rootFiles(req, res, next);
      else next();
    });
  }

  // Every body is read here, 1 MB at most (a staff upload more, streamed), before any parser; Remix gets
  // it from there (remix-handler.ts). A form of a shape no page has is refused before a page reads it.
  app.use(bodyLimit((req) => sessionRoleOf(services.db, env, { headers: new Headers(headersOf(req)) })));
  app.use(sameOriginWrites(env));
  app.use(formPostsOnly);
  app.use(boundedForms);

  app.all(
    "*",
    createRemixHandler({
      build: vite ? () => vite.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild> : build!,
      mode: env.isProduction ? "production" : "development",
      getLoadContext: (req, res) => {
        const clientIp = req.ip ?? req.socket.remoteAddress ?? "unknown";
        return {
          services,
          // genReqId above makes every id a string.
          requestId: typeof req.id === "string" ? req.id : JSON.stringify(req.id),
          cspNonce: String(res.locals.cspNonce ?? ""),
          clientIp,
          clientNetwork: clientNetworkKey(clientIp),
          logger: req.log,
          pageCache: pageCache?.slot(req, String(res.locals.cspNonce ?? "")),
          siteScripts,
        };
      },
    }),
  );
  app.use(jsonErrors);

  // Built assets and kept pages are answered before Express (web/server/static-responses.ts).
  const assets = clientDir && !vite ? loadStaticAssets(path.join(clientDir, "assets"), env) : undefined;
  const toApp = (req: IncomingMessage, res: ServerResponse) => {
    app(req, res);
  };
  const targetRefusalHeaders = Object.fromEntries(fixedSecurityHeaders(env));
  return (req, res) => {
    if (originFormTarget(req, res, targetRefusalHeaders)) return;
    if (assets?.handle(req, res)) return;
    if (pageCache) pageCache.handle(req, res, () => toApp(req, res));
    else toApp(req, res);
  };
}

/** The headers a session is read from (its cookie, or an API client's bearer token). */
function headersOf(req: IncomingMessage): Record<string, string> {
  const { cookie, authorization } = req.headers;
  return { ...(cookie ? { cookie } : {}), ...(authorization ? { authorization } : {}) };
}

/** `/healthz` (the process answers) and `/readyz` (PostgreSQL and Redis answer, and the process is not shutting down). */
function healthChecks(app: Express, services: Services, isShuttingDown: () => boolean) {
  // Liveness: the process answers.
  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });

  // Readiness: PostgreSQL and Redis answer; 503 naming what is down.
  // Express 4 does not await handlers: a failure goes to the error handler through next.
  app.get("/readyz", (_req, res, next) => {
    readiness()
      .then((result) => {
        const down = [
          result.postgres === "down" && "postgres",
          result.redis === "down" && "redis",
          result.shuttingDown && "shutting down",
        ].filter(Boolean);
        res.status(down.length ? 503 : 200).json({ status: down.length ? "unavailable" : "ready", down, ...result });
      })
      .catch(next);
  });
  async function readiness() {
    const checks = await Promise.all([
      withTimeout(
        services.db.$queryRawUnsafe("select 1").then(() => "ok"),
        2_000,
      ).catch(() => "down"),
      withTimeout(
        services.redis.ping().then(() => "ok"),
        2_000,
      ).catch(() => "down"),
    ]);
    return { postgres: checks[0], redis: checks[1], shuttingDown: isShuttingDown() };
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("timeout")), ms);
    }),
  ]);
}
