import { Hono } from "hono";
import { describe, expect, test } from "vitest";
import { clientIpOf } from "./client-ip.ts";

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
});
