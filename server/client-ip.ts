// The client's IP: the socket's peer, or — only behind TRUSTED_PROXY_HOPS configured proxies — the
// X-Forwarded-For entry that the outermost trusted proxy appended (counting `hops` from the right).
// Entries further left are whatever the client wrote and are never believed.
import { isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

function normalise(address: string): string {
  return address.startsWith("::ffff:") && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

/** The client's IP from the socket's peer and X-Forwarded-For (as above): for a request Hono does not serve too. */
export function clientIpFrom(socketAddress: string | undefined, forwardedFor: string | string[] | undefined, trustedProxyHops: number): string {
  const socketIp = normalise(socketAddress ?? "unknown");
  if (trustedProxyHops <= 0) return socketIp;
  // Several X-Forwarded-For headers are one list, in their order (RFC 9110 §5.3).
  const entries = [forwardedFor ?? []]
    .flat()
    .join(",")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const entry = entries[entries.length - trustedProxyHops];
  return entry && isIP(normalise(entry)) ? normalise(entry) : socketIp;
}

export function clientIpOf(c: Context, trustedProxyHops: number): string {
  let socketAddress: string | undefined;
  try {
    socketAddress = getConnInfo(c).remote.address;
  } catch {
    // not served by node (an in-process request in a test): no socket
  }
  return clientIpFrom(socketAddress, c.req.header("x-forwarded-for"), trustedProxyHops);
}

/**
 * Who a per-IP limit counts: an IPv4 address itself, an IPv6 address by its /64 network (one subscriber
 * line or one host gets a whole /64, and rotating addresses inside it must not reset the count).
 */
export function rateLimitSubject(ip: string): string {
  const address = ip.split("%")[0]!;
  if (isIP(address) !== 6) return ip;
  const [head = "", tail = ""] = address.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = address.includes("::") ? (tail ? tail.split(":") : []) : [];
  // An embedded IPv4 tail (::ffff:1.2.3.4 was made IPv4 already; others are rare) counts as two groups.
  const groups = [...left, ...Array(Math.max(0, 8 - left.length - right.length - (right.at(-1)?.includes(".") ? 1 : 0))).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group || "0", 16).toString(16))
    .join(":")}::/64`;
}
