import { describe, expect, it } from "vitest";
import { isLoopbackAddress, isPublicAddress, normalizeHost, parsePushServiceHost } from "./push-services.server";

describe("isPublicAddress", () => {
  it.each([
    "127.0.0.1",
    "127.1.2.3",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "100.100.100.200",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "192.0.0.192",
    "168.63.129.16",
    "::",
    "::1",
    "fe80::1",
    "fc00::1",
    "fd00:ec2::254",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:169.254.169.254",
    "::ffff:7f00:1",
    "64:ff9b::a9fe:a9fe",
    "2002:7f00:1::1",
    "2001:0:4136:e378::1",
    "2001:db8::1",
    "[::1]",
    "localhost",
    "",
  ])("refuses %s", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    "142.250.1.95",
    "17.188.128.1",
    "8.8.8.8",
    "2a00:1450:4007:80f::200a",
    "2620:149:a44::10",
    "::ffff:8.8.8.8",
  ])("accepts %s", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe("isLoopbackAddress", () => {
  it("is 127/8 and ::1 only", () => {
    expect(["127.0.0.1", "127.9.9.9", "::1", "[::1]", "::ffff:127.0.0.1"].map(isLoopbackAddress)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(["10.0.0.1", "169.254.169.254", "localhost", "0.0.0.0", "::"].map(isLoopbackAddress)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe("PUSH_SERVICE_HOSTS entries", () => {
  it("normalises case, brackets and trailing dots", () => {
    expect(normalizeHost("LocalHost..")).toBe("localhost");
    expect(normalizeHost("[::1]")).toBe("::1");
    expect(parsePushServiceHost("Push.Example.net.:8443")).toEqual({ host: "push.example.net", port: 8443 });
    expect(parsePushServiceHost("[::1]:9")).toEqual({ host: "::1", port: 9 });
    expect(parsePushServiceHost("::1")).toBeNull();
    expect(parsePushServiceHost("push.example.net/x")).toBeNull();
  });
});
