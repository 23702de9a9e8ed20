// The client's IP: the socket's peer, or — only behind TRUSTED_PROXY_HOPS configured proxies — the
// X-Forwarded-For entry that the outermost trusted proxy appended (counting `hops` from the right).
// Entries further left are whatever the client wrote and are never believed.
import { isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

function normalise(address: string): string {
  return address.startsWith("::ffff:") && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

export function clientIpOf(c: Context, trustedProxyHops: number): string {
  let socketIp = "unknown";
  try {
    socketIp = normalise(getConnInfo(c).remote.address ?? "unknown");
  } catch {
    // not served by node (an in-process request in a test): no socket
  }
  if (trustedProxyHops <= 0) return socketIp;
  const entries = (c.req.header("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const entry = entries[entries.length - trustedProxyHops];
  return entry && isIP(normalise(entry)) ? normalise(entry) : socketIp;
}
