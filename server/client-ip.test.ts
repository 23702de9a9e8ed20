import { Hono } from "hono";
import { describe, expect, test } from "vitest";
import { clientIpFrom, clientIpOf, rateLimitSubject } from "./client-ip.ts";

/** What clientIpOf answers for a request from `socketIp` with these headers, behind `hops` trusted proxies. */
async function clientIp(socketIp: string, hops: number, headers: Record<string, string> = {}): Promise<string> {
  const app = new Hono();
  app.get("/", (c) => c.text(clientIpOf(c, hops)));
  const incoming = { socket: { remoteAddress: socketIp, remotePort: 4000, remoteFamily: socketIp.includes(":") ? "IPv6" : "IPv4" } };
  const answer = await app.request("/", { headers }, { incoming });
  return answer.text();
}

describe("the client IP", () => {
  test("is the socket's peer when no proxy is trusted, whatever X-Forwarded-For says", async () => {
    expect(await clientIp("192.0.2.7", 0)).toBe("192.0.2.7");
    expect(await clientIp("192.0.2.7", 0, { "x-forwarded-for": "203.0.113.1" })).toBe("192.0.2.7");
  });

  test("drops the IPv4-mapped IPv6 prefix", async () => {
    expect(await clientIp("::ffff:127.0.0.1", 0)).toBe("127.0.0.1");
    expect(await clientIp("2001:db8::1", 0)).toBe("2001:db8::1");
  });

  test("behind n trusted proxies, is the n-th X-Forwarded-For entry from the right", async () => {
    expect(await clientIp("10.0.0.2", 1, { "x-forwarded-for": "203.0.113.1" })).toBe("203.0.113.1");
    expect(await clientIp("10.0.0.2", 1, { "x-forwarded-for": "6.6.6.6, 203.0.113.1" })).toBe("203.0.113.1");
    expect(await clientIp("10.0.0.2", 2, { "x-forwarded-for": "6.6.6.6, 203.0.113.1, 10.0.0.9" })).toBe("203.0.113.1");
  });

  test("falls back to the socket when the header is missing, too short or not an address", async () => {
    expect(await clientIp("10.0.0.2", 1)).toBe("10.0.0.2");
    expect(await clientIp("10.0.0.2", 2, { "x-forwarded-for": "203.0.113.1" })).toBe("10.0.0.2");
    expect(await clientIp("10.0.0.2", 1, { "x-forwarded-for": "not-an-ip" })).toBe("10.0.0.2");
  });

  test("is the same from a raw request's socket and header (a request Hono does not serve: server/app.ts)", () => {
    expect(clientIpFrom("::ffff:10.0.0.2", "6.6.6.6, 203.0.113.1", 1)).toBe("203.0.113.1");
    expect(clientIpFrom("::ffff:10.0.0.2", "6.6.6.6, 203.0.113.1", 0)).toBe("10.0.0.2");
    expect(clientIpFrom("10.0.0.2", ["6.6.6.6", "203.0.113.1, 10.0.0.9"], 2)).toBe("203.0.113.1");
    expect(clientIpFrom(undefined, undefined, 1)).toBe("unknown");
  });
});

describe("the subject of a per-IP limit", () => {
  test("an IPv4 address is itself", () => {
    expect(rateLimitSubject("192.0.2.7")).toBe("192.0.2.7");
  });

  test("IPv6 addresses of one /64 share one subject, whatever their notation; another /64 is another subject", () => {
    const subject = rateLimitSubject("2001:db8:aa:1::1");
    expect(subject).toBe("2001:db8:aa:1::/64");
    for (const address of ["2001:db8:aa:1:ffff:ffff:ffff:ffff", "2001:0db8:00aa:0001:0:0:0:2", "2001:DB8:AA:1::abcd", "2001:db8:aa:1::5%eth0", "2001:db8:aa:1:1:2:1.2.3.4"]) {
      expect(rateLimitSubject(address), address).toBe(subject);
    }
    expect(rateLimitSubject("2001:db8:aa:2::1")).not.toBe(subject);
    expect(rateLimitSubject("::1")).toBe("0:0:0:0::/64");
    expect(rateLimitSubject("fe80::1")).toBe("fe80:0:0:0::/64");
  });
});
