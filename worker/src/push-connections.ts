import dns from "node:dns";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import type { Duplex } from "node:stream";
import {
  isLoopbackAddress,
  isPublicAddress,
  normalizeHost,
  type PushServiceHost,
} from "@app/shared/api/push-services.server";
import type { Env } from "@app/shared/env.server";

/**
 * The connections the worker opens to push services (web-push's `agent`):
 * each goes only to a public address, whatever the endpoint's host resolves
 * to, checked on the very address the socket connects to (the agent's
 * `lookup`), so a name that answers a public address when the subscription is
 * saved and a private one when the alert is sent (DNS rebinding) gains nothing.
 * See docs/decisions/014-push-endpoints.md.
 *
 * One allowance, for the tests' stand-in push service on 127.0.0.1: outside
 * production, a loopback IP address written with its port in
 * PUSH_SERVICE_HOSTS (e.g. `127.0.0.1:43123`) may be connected to. Never a
 * name (names resolve, and resolutions change), never another range, never in
 * production (where the environment refuses such an entry anyway).
 */

/** A connection refused because of where it would go; its message is the short reason the queues page may show. */
export class PushTargetRefused extends Error {
  constructor() {
    super("push endpoint refused: not a public address");
    this.name = "PushTargetRefused";
  }
}

/** The loopback addresses and ports the tests' stand-in may use: PUSH_SERVICE_HOSTS's loopback entries, outside production only. */
export function loopbackAllowance(env: Pick<Env, "isProduction" | "PUSH_SERVICE_HOSTS">): PushServiceHost[] {
  if (env.isProduction) return [];
  return env.PUSH_SERVICE_HOSTS.filter((entry) => isIP(entry.host) !== 0 && isLoopbackAddress(entry.host));
}

type Resolve = (hostname: string, callback: (err: Error | null, addresses: dns.LookupAddress[]) => void) => void;

const systemResolve: Resolve = (hostname, callback) =>
  dns.lookup(hostname, { all: true, verbatim: true }, (err, addresses) => callback(err, addresses ?? []));

/** A `lookup` that answers only when every address the name resolves to is public; otherwise PushTargetRefused. */
export function publicOnlyLookup(resolve: Resolve = systemResolve): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, (err, resolved) => {
      if (err) return callback(err, "", 0);
      const addresses = resolved.filter((a) => !options.family || a.family === options.family);
      if (addresses.length === 0) {
        const notFound = Object.assign(new Error(`no address for ${hostname}`), { code: "ENOTFOUND" });
        return callback(notFound, "", 0);
      }
      // One address that is not public refuses the name: a push service has none.
      if (addresses.some((a) => !isPublicAddress(a.address))) return callback(new PushTargetRefused(), "", 0);
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/** Whether a connection may be opened straight to an IP address (no lookup happens for one). */
function addressAllowed(address: string, port: number, loopback: readonly PushServiceHost[]): boolean {
  if (isPublicAddress(address)) return true;
  const ip = normalizeHost(address);
  return isLoopbackAddress(ip) && loopback.some((entry) => entry.host === ip && entry.port === port);
}

/**
 * The https agent web-push sends through. Names are resolved by
 * `publicOnlyLookup`; an endpoint whose host is an IP address (which Node
 * connects to without a lookup) is checked here, before any socket is opened.
 */
export function createPushAgent(loopback: readonly PushServiceHost[], resolve?: Resolve): https.Agent {
  const agent = new https.Agent({ lookup: publicOnlyLookup(resolve) });
  const connect = agent.createConnection.bind(agent);
  agent.createConnection = (options, callback) => {
    const host = normalizeHost(String(options.host ?? options.hostname ?? ""));
    const port = Number(options.port ?? 443);
    if (isIP(host) !== 0 && !addressAllowed(host, port, loopback)) {
      callback?.(new PushTargetRefused(), undefined as unknown as Duplex);
      return undefined;
    }
    return connect(options, callback);
  };
  return agent;
}
