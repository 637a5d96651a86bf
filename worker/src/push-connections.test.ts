import { request } from "node:https";
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { createPushAgent, loopbackAllowance, publicOnlyLookup, PushTargetRefused } from "./push-connections";

/** A resolver that answers these addresses for every name. */
const answering =
  (...addresses: string[]) =>
  (_host: string, callback: (err: Error | null, a: Array<{ address: string; family: number }>) => void) =>
    callback(
      null,
      addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 })),
    );

function lookup(resolve: ReturnType<typeof answering>, all: boolean) {
  return new Promise<{ err: Error | null; address: unknown }>((done) =>
    publicOnlyLookup(resolve)("push.example.net", { all }, (err, address) => done({ err, address })),
  );
}

/** Where a request through the agent ends: the error it meets, or "connected". */
function attempt(agent: ReturnType<typeof createPushAgent>, url: string) {
  return new Promise<Error | "connected">((done) => {
    const req = request(url, { agent, method: "POST", timeout: 2_000 }, () => done("connected"));
    req.on("socket", (socket) => socket.on("connect", () => done("connected")));
    req.on("error", (error) => done(error));
    req.end();
  });
}

describe("publicOnlyLookup", () => {
  it.each([
    ["loopback", "127.0.0.1"],
    ["the metadata address", "169.254.169.254"],
    ["a private address", "10.0.0.7"],
    ["CGNAT", "100.64.1.1"],
    ["unique local IPv6", "fd00:ec2::254"],
    ["link-local IPv6", "fe80::1"],
    ["an IPv4-mapped loopback", "::ffff:127.0.0.1"],
  ])("refuses a name that resolves to %s", async (_what, address) => {
    for (const all of [true, false]) {
      const { err } = await lookup(answering(address), all);
      expect(err).toBeInstanceOf(PushTargetRefused);
    }
  });

  it("refuses a name when any of its addresses is not public", async () => {
    const { err } = await lookup(answering("142.250.1.95", "10.0.0.7"), true);
    expect(err).toBeInstanceOf(PushTargetRefused);
  });

  it("answers a public name's addresses as asked (all, or the first)", async () => {
    expect(await lookup(answering("142.250.1.95", "2a00:1450:4007:80f::200a"), true)).toEqual({
      err: null,
      address: [
        { address: "142.250.1.95", family: 4 },
        { address: "2a00:1450:4007:80f::200a", family: 6 },
      ],
    });
    expect(await lookup(answering("142.250.1.95"), false)).toEqual({ err: null, address: "142.250.1.95" });
  });
});

describe("createPushAgent", () => {
  it("connects neither to a name that resolves to loopback nor to a loopback address that is not allowed", async () => {
    const server = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    let connections = 0;
    server.on("connection", () => connections++);
    try {
      // The real resolver: localhost is 127.0.0.1 (allowed only as that address, on that port).
      const agent = createPushAgent([{ host: "127.0.0.1", port }]);
      for (const url of [
        `https://localhost:${port}/x`,
        `https://127.0.0.1:${port + 1}/x`,
        `https://127.0.0.2:${port}/x`,
        `https://[::1]:${port}/x`,
        `https://169.254.169.254/latest/meta-data/`,
        `https://10.0.0.7/x`,
      ]) {
        const outcome = await attempt(agent, url);
        expect(outcome, url).toBeInstanceOf(PushTargetRefused);
      }
      expect(connections).toBe(0);
      // The allowance: that loopback address and port, as written in PUSH_SERVICE_HOSTS.
      expect(await attempt(agent, `https://127.0.0.1:${port}/x`)).not.toBeInstanceOf(PushTargetRefused);
      await expect.poll(() => connections).toBe(1);
    } finally {
      server.close();
    }
  });

  it("allows loopback only outside production, and only for loopback addresses listed in PUSH_SERVICE_HOSTS", () => {
    const PUSH_SERVICE_HOSTS = [
      { host: "127.0.0.1", port: 8443 },
      { host: "localhost", port: 8443 },
      { host: "push.example.net", port: 443 },
    ];
    expect(loopbackAllowance({ isProduction: false, PUSH_SERVICE_HOSTS })).toEqual([{ host: "127.0.0.1", port: 8443 }]);
    expect(loopbackAllowance({ isProduction: true, PUSH_SERVICE_HOSTS })).toEqual([]);
  });
});
