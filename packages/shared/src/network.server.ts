import { isIPv4, isIPv6 } from "node:net";

/**
 * The key a client's address is counted under by the rate limits: an IPv4
 * address as it is, an IPv6 address by its /64 network. One IPv6 subscriber
 * usually holds a whole /64 (18 quintillion addresses), so counting single
 * IPv6 addresses would give anyone an unlimited supply of fresh ones.
 * IPv4-mapped IPv6 addresses (`::ffff:10.1.2.3`) count as their IPv4 address.
 */
export function clientNetworkKey(ip: string): string {
  const address = ip
    .trim()
    .replace(/^\[|\]$/g, "")
    .replace(/%.*$/, "");
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return address.slice(0, 100) || "unknown";
  const mapped = /^(?:0{0,4}:){0,5}(?::|0{0,4}:)?ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  return `${expandIPv6(address).slice(0, 4).join(":")}::/64`;
}

/** The eight hextets of an IPv6 address, each as 4 lower-case hex digits. */
function expandIPv6(address: string): string[] {
  let text = address.toLowerCase();
  // A trailing dotted quad (`::1.2.3.4`) is two hextets.
  const quad = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill("0"), ...right].map((h) => h.padStart(4, "0"));
}
