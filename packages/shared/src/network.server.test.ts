import { describe, expect, it } from "vitest";
import { clientNetworkKey } from "./network.server";

describe("clientNetworkKey", () => {
  it("keeps an IPv4 address as it is", () => {
    expect(clientNetworkKey("10.1.2.3")).toBe("10.1.2.3");
  });
  it("counts IPv4-mapped IPv6 as the IPv4 address", () => {
    expect(clientNetworkKey("::ffff:10.1.2.3")).toBe("10.1.2.3");
  });
  it("counts every address of one IPv6 /64 as one client", () => {
    const a = clientNetworkKey("2001:db8:aaaa:bbbb:1::1");
    const b = clientNetworkKey("2001:0db8:aaaa:bbbb:ffff:ffff:ffff:ffff");
    const c = clientNetworkKey("[2001:db8:aaaa:bbbb::dead:beef%eth0]");
    expect(a).toBe("2001:0db8:aaaa:bbbb::/64");
    expect(b).toBe(a);
    expect(c).toBe(a);
  });
  it("tells neighbouring /64 networks apart", () => {
    expect(clientNetworkKey("2001:db8:aaaa:bbbc::1")).not.toBe(clientNetworkKey("2001:db8:aaaa:bbbb::1"));
    expect(clientNetworkKey("::1")).toBe("0000:0000:0000:0000::/64");
  });
});
