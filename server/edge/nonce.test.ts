import { Hono } from "hono";
import { secureHeaders } from "hono/secure-headers";
import { describe, expect, test } from "vitest";
import { freshNonce, POOLED_NONCE } from "./nonce.ts";

describe("the pooled CSP nonce", () => {
  test("is 16 bytes in base64, and never the same twice over several fills of the pool", () => {
    const seen = new Set<string>();
    for (let index = 0; index < 2_000; index++) {
      const nonce = freshNonce();
      expect(Buffer.from(nonce, "base64")).toHaveLength(16);
      seen.add(nonce);
    }
    expect(seen.size).toBe(2_000);
  });

  test("is one per request, in the policy's script and style sources and where the pages read it", async () => {
    const app = new Hono<{ Variables: { secureHeadersNonce?: string } }>();
    app.use(secureHeaders({ contentSecurityPolicy: { scriptSrc: ["'self'", POOLED_NONCE], styleSrc: ["'self'", POOLED_NONCE] } }));
    app.get("/", (c) => c.text(c.get("secureHeadersNonce") ?? ""));
    const nonces = new Set<string>();
    for (let index = 0; index < 3; index++) {
      const answer = await app.request("/");
      const nonce = await answer.text();
      expect(answer.headers.get("Content-Security-Policy")).toBe(`script-src 'self' 'nonce-${nonce}'; style-src 'self' 'nonce-${nonce}'`);
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(3);
  });
});
