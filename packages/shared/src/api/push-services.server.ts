import { BlockList, isIP } from "node:net";

/**
 * Where a staff device's Web Push endpoint may point: the public push services
 * browsers use, and nothing else (docs/decisions/014-push-endpoints.md). The
 * endpoint is an address the browser hands us and the worker later posts to, so
 * without this list a signed-in technician could make the worker post to any
 * address inside our network. The one list is here; PUSH_SERVICE_HOSTS
 * (packages/shared/src/env.server.ts) adds hosts, and the worker also checks every
 * address a host resolves to when it connects (worker/src/push-connections.ts).
 */

/** Exact hosts of the public push services (port 443 only). */
const PUSH_SERVICE_HOSTS = [
  // Google Firebase Cloud Messaging (Chrome, Edge on Android, most Chromium browsers), and its legacy host.
  "fcm.googleapis.com",
  "android.googleapis.com",
  // Mozilla (Firefox).
  "updates.push.services.mozilla.com",
  "push.services.mozilla.com",
  // Apple (Safari).
  "web.push.apple.com",
] as const;

/** Domains whose every sub-domain is a push service's host (port 443 only). */
const PUSH_SERVICE_DOMAINS = [
  // Apple (Safari): e.g. api.push.apple.com.
  "push.apple.com",
  // Microsoft Windows Push Notification Services (Edge on Windows): e.g. wns2-par02p.notify.windows.com.
  "notify.windows.com",
] as const;

/** An extra push service host from PUSH_SERVICE_HOSTS: its name (or IP address), and its port (443 when not given). */
export interface PushServiceHost {
  host: string;
  port: number;
}

const HTTPS_PORT = 443;

/** A host as it is compared: lower-cased, without IPv6 brackets and without trailing dots ("localhost." is "localhost"). */
export function normalizeHost(hostname: string): string {
  return hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, "")
    .replace(/\.+$/, "");
}

/** A name of this machine or its network, or an IP address: never a public push service. */
export function isLocalName(host: string): boolean {
  const name = normalizeHost(host);
  return (
    isIP(name) !== 0 ||
    name === "localhost" ||
    name.endsWith(".localhost") ||
    name.endsWith(".local") ||
    name.endsWith(".internal") ||
    name.endsWith(".home.arpa") ||
    !name.includes(".")
  );
}

const HOSTNAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

/**
 * One PUSH_SERVICE_HOSTS entry: `host` or `host:port` (an IPv6 address in
 * brackets, `[::1]:8443`). Null when it is not one.
 */
export function parsePushServiceHost(entry: string): PushServiceHost | null {
  const match = /^(\[[^\]]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(entry.trim());
  if (!match) return null;
  const host = normalizeHost(match[1]!);
  const port = match[2] === undefined ? HTTPS_PORT : Number(match[2]);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) return null;
  if (match[1]!.startsWith("[") ? isIP(host) !== 6 : isIP(host) !== 4 && !HOSTNAME.test(host)) return null;
  return { host, port };
}

/** Whether `host` (normalised) is one of the public push services. */
function isPublicPushService(host: string): boolean {
  return (
    (PUSH_SERVICE_HOSTS as readonly string[]).includes(host) ||
    PUSH_SERVICE_DOMAINS.some((domain) => host.endsWith(`.${domain}`))
  );
}

/** Why an endpoint is refused, or null when it is a push service's https address. */
export function pushEndpointProblem(endpoint: string, extraHosts: readonly PushServiceHost[]): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return "Endpoint must be a web address";
  }
  if (url.protocol !== "https:") return "Endpoint must be an https address";
  if (url.username || url.password) return "Endpoint must not carry a user name or password";
  const host = normalizeHost(url.hostname);
  const port = url.port === "" ? HTTPS_PORT : Number(url.port);
  if (port === HTTPS_PORT && isPublicPushService(host)) return null;
  if (extraHosts.some((extra) => extra.host === host && extra.port === port)) return null;
  return "Endpoint must be the address of a browser's push service";
}

/**
 * Addresses no push service has: loopback, private (RFC 1918, fc00::/7),
 * link-local (169.254/16 with the cloud metadata address 169.254.169.254,
 * fe80::/10), CGNAT 100.64/10, unspecified, multicast, and the other special-purpose
 * ranges IANA lists (documentation, benchmarking, reserved, broadcast), plus the
 * cloud platforms' own metadata addresses outside those. IPv6 must be global
 * unicast (2000::/3), outside the ranges that embed an IPv4 address (6to4,
 * Teredo); IPv4-mapped addresses (::ffff:a.b.c.d) count as their IPv4 address.
 */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network", unspecified
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // CGNAT (and Alibaba Cloud's metadata, 100.100.100.200)
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata 169.254.169.254
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments (Oracle Cloud's metadata, 192.0.0.192)
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay anycast
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
  ["168.63.129.16", 32], // Azure's platform address (metadata, DNS, health)
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["2001::", 23], // IETF protocol assignments: Teredo 2001::/32, benchmarking, ORCHID
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4
  ["3fff::", 20], // documentation
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, "ipv6");
const GLOBAL_UNICAST_V6 = new BlockList();
GLOBAL_UNICAST_V6.addSubnet("2000::", 3, "ipv6");
const IPV4_MAPPED = new BlockList();
IPV4_MAPPED.addSubnet("::ffff:0:0", 96, "ipv6");
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet("127.0.0.0", 8, "ipv4");
LOOPBACK.addAddress("::1", "ipv6");

/** Whether an IP address is one a public push service could have (see NOT_PUBLIC). False for anything that is not an IP address. */
export function isPublicAddress(address: string): boolean {
  const ip = normalizeHost(address);
  const family = isIP(ip);
  if (family === 4) return !NOT_PUBLIC.check(ip, "ipv4");
  if (family !== 6) return false;
  // BlockList checks an IPv4-mapped address against the IPv4 rules too.
  if (IPV4_MAPPED.check(ip, "ipv6")) return !NOT_PUBLIC.check(ip, "ipv6");
  return GLOBAL_UNICAST_V6.check(ip, "ipv6") && !NOT_PUBLIC.check(ip, "ipv6");
}

/** Whether an IP address is a loopback one (127/8, ::1, ::ffff:127.x.y.z). */
export function isLoopbackAddress(address: string): boolean {
  const ip = normalizeHost(address);
  const family = isIP(ip);
  return family !== 0 && LOOPBACK.check(ip, family === 4 ? "ipv4" : "ipv6");
}
