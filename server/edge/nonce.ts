// The CSP nonce of each answer. hono/secure-headers' own NONCE asks the system's random source for 16 bytes on
// every request (crypto.getRandomValues: about 3 % of a small API answer's CPU here, in a profile of the number
// search under load), as Node's randomUUID would if it did not draw from a pool. This one draws the same 16
// random bytes from a pool filled by the same source, 256 nonces at a time; the nonce is kept where NONCE keeps
// it (`secureHeadersNonce`), so everything that reads it there is unchanged.
import { randomFillSync } from "node:crypto";
import type { ContentSecurityPolicyOptionHandler } from "hono/secure-headers";

const NONCE_BYTES = 16;
const NONCES_PER_FILL = 256;
const pool = Buffer.alloc(NONCE_BYTES * NONCES_PER_FILL);
let taken = NONCES_PER_FILL;

/** 16 bytes of the system's random source, base64 (each byte of the pool is given once). */
export function freshNonce(): string {
  if (taken === NONCES_PER_FILL) {
    randomFillSync(pool);
    taken = 0;
  }
  const start = NONCE_BYTES * taken++;
  return pool.toString("base64", start, start + NONCE_BYTES);
}

/** In place of hono/secure-headers' NONCE: the same source, the same place, one nonce per request. */
export const POOLED_NONCE: ContentSecurityPolicyOptionHandler = (c) => {
  let nonce = c.get("secureHeadersNonce") as string | undefined;
  if (!nonce) c.set("secureHeadersNonce", (nonce = freshNonce()));
  return `'nonce-${nonce}'`;
};
