import { describe, expect, it } from "vitest";
import { clientAddress, clientNetwork } from "./client-network";

describe("clientNetwork", () => {
  it("keeps an IPv4 address as it is", () => {
    expect(clientNetwork("203.0.113.7")).toBe("203.0.113.7");
    expect(clientNetwork(" 203.0.113.7 ")).toBe("203.0.113.7");
  });

  it("gives every address of one IPv6 /64 the same network, however it is written", () => {
    const network = "2001:db8:1:2::/64";
    expect(clientNetwork("2001:db8:1:2::1")).toBe(network);
    expect(clientNetwork("2001:0DB8:0001:0002:ffff:ffff:ffff:ffff")).toBe(network);
    expect(clientNetwork("2001:db8:1:2:a:b:c:d")).toBe(network);
    expect(clientNetwork("2001:db8:1:2::1%eth0")).toBe(network);
  });

  it("keeps neighbouring /64s apart", () => {
    expect(clientNetwork("2001:db8:1:3::1")).not.toBe(clientNetwork("2001:db8:1:2::1"));
    expect(clientNetwork("::1")).toBe("0:0:0:0::/64");
    expect(clientNetwork("fe80::1")).toBe("fe80:0:0:0::/64");
  });

  it("reads an IPv4 address written the IPv6 way as that IPv4 client", () => {
    expect(clientNetwork("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(clientNetwork("::ffff:c000:0201")).toBe("192.0.2.1");
  });

  it("answers null for text that is not an address", () => {
    for (const text of ["", "unknown", "1.2.3", "256.1.1.1", "1:2:3", "1::2::3", "2001:db8::g", "1:2:3:4:5:6:7:8:9"]) {
      expect(clientNetwork(text)).toBeNull();
    }
  });
});

describe("clientAddress", () => {
  const from = (address?: string) =>
    new Request("https://quietmailbox.test/signin", address ? { headers: { "CF-Connecting-IP": address } } : {});

  it("counts the address Cloudflare reports, an IPv6 one as its /64", () => {
    expect(clientAddress(from("203.0.113.7"), "production")).toBe("203.0.113.7");
    expect(clientAddress(from("2001:db8:1:2::9"), "development")).toBe("2001:db8:1:2::/64");
  });

  it("outside production, takes a request from this machine for nobody's in particular", () => {
    expect(clientAddress(from(), "development")).toBeNull();
    expect(clientAddress(from("127.0.0.1"), "development")).toBeNull();
    expect(clientAddress(from("::1"), "test")).toBeNull();
  });

  it("in production, puts the requests without a readable address in one budget", () => {
    expect(clientAddress(from(), "production")).toBe("unknown");
    expect(clientAddress(from("127.0.0.1"), "production")).toBe("127.0.0.1");
    expect(clientAddress(from("not an address"), "production")).toBe("unknown");
  });
});
