import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { configureBusinessFacts } from "@app/shared/business";
import { loadEnv } from "@app/shared/env.server";
import { createLogger } from "@app/shared/logger.server";
import { createApp } from "./app";
import { trackConnections } from "./connections";
import { createRealtime } from "./sockets";
import { answerClientErrors } from "./security";
import { closeServices, createServices } from "./services";

const env = await loadEnv();
configureBusinessFacts(env.BUSINESS);
const logger = createLogger(env, "web");
const services = createServices(env, logger);
const here = path.dirname(fileURLToPath(import.meta.url));

let shuttingDown = false;
// Development runs the TypeScript source through Vite; every other mode serves the build.
const vite =
  env.NODE_ENV !== "development"
    ? undefined
    : await import("vite").then((v) =>
        v.createServer({
          root: path.resolve(here, ".."),
          configFile: path.resolve(here, "../vite.config.ts"),
          server: { middlewareMode: true },
        }),
      );
// In production this file is build/server.js, beside build/server/ and build/client/.
const build = vite ? undefined : ((await import(/* @vite-ignore */ path.join(here, "server/index.js"))) as ServerBuild);

const app = createApp({
  services,
  vite,
  build,
  clientDir: vite ? undefined : path.join(here, "client"),
  isShuttingDown: () => shuttingDown,
});
const httpServer = createServer(app);
httpServer.keepAliveTimeout = 65_000;
answerClientErrors(httpServer);
/** While draining, how long a connection that has not sent its request yet may take to do so. */
const FIRST_REQUEST_GRACE_MS = 5_000;
const connections = trackConnections(httpServer, { firstRequestGraceMs: FIRST_REQUEST_GRACE_MS });
/** While draining, how long no new connection must arrive before the listener closes, and the most to wait for that. */
const LISTENER_QUIET_MS = 200;
const LISTENER_QUIET_MAX_MS = 5_000;
const realtime = createRealtime(httpServer, services);

httpServer.listen(env.PORT, () => {
  logger.info({ port: env.PORT, url: env.APP_URL, mode: env.NODE_ENV }, "web listening");
});

/**
 * SIGTERM: fail readiness and keep serving for SHUTDOWN_DELAY_MS, so load
 * balancers move new traffic elsewhere (closing the listener at once would
 * reset connections still waiting to be accepted); then stop accepting, let
 * in-flight requests finish, close sockets, then the database and Redis.
 */
async function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  logger.info({ signal, delayMs: env.SHUTDOWN_DELAY_MS }, "shutting down");
  const force = setTimeout(() => {
    logger.warn("shutdown timed out; exiting");
    process.exit(1);
  }, env.SHUTDOWN_DELAY_MS + 15_000);
  force.unref();
  if (env.SHUTDOWN_DELAY_MS > 0) await new Promise((r) => setTimeout(r, env.SHUTDOWN_DELAY_MS));
  // Stop listening only once nothing waits to be accepted: a connection still in the accept queue would be reset.
  const { closed } = await connections.closeListener(LISTENER_QUIET_MS, LISTENER_QUIET_MAX_MS);
  logger.info("listener closed; finishing the connections already accepted");
  // Keep-alive connections that finish their request after close() would hold it open: close them as they go idle.
  connections.closeIdle();
  const sweepIdle = setInterval(connections.closeIdle, 100);
  void closed.then(() => clearInterval(sweepIdle));
  await realtime.close();
  await closed;
  await vite?.close();
  await closeServices(services);
  logger.info("stopped");
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
