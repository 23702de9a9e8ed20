// The content encodings of dynamic answers. A document (HTML, or a client navigation's data) is streamed by
// React Router and compressed on the way by hono/compress (server/http.ts); a page of the page cache is kept
// already compressed (server/page-cache). A JSON answer (the spec API's envelope, a failure, /healthz) is whole
// in memory when it leaves its handler, and is small: compressMemoryJson encodes it at once, in one call, instead
// of piping it through a CompressionStream, whose web streams cost more than the answer itself. Measured with
// `BENCH_ONLY=numbers npm run bench` (50 connections, 2 CPUs): "contains 777" went from 1,983 req/s with a p99 of
// 64 ms to 2,821 req/s and 40 ms (docs/PERFORMANCE.md, "JSON answers compressed in one call").
import type { MiddlewareHandler } from "hono";
import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";

export type ContentEncoding = "br" | "gzip";

/** The best encoding the client accepts (brotli, then gzip; `q=0` refuses one), or null for the body as it is. */
export function chooseEncoding(acceptEncoding: string | undefined): ContentEncoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name, ...parameters] = part.trim().split(";");
    const q = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith("q="));
    accepted.set(name!.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const wildcard = accepted.get("*") ?? 0;
  for (const encoding of ["br", "gzip"] as const) if ((accepted.get(encoding) ?? wildcard) > 0) return encoding;
  return null;
}

/** Below this, an answer is sent as it is: the encoding's own frame would eat most of the saving (hono/compress's threshold too). */
export const COMPRESS_MIN_BYTES = 1024;
/**
 * Above this, a JSON answer (the OpenAPI document, a long export) is compressed as a stream by hono/compress, so
 * that one big answer never holds the event loop: brotli at quality 4 or gzip at level 6 take about 3 ms for 256 KB here.
 */
export const ONE_CALL_MAX_BYTES = 256 * 1024;

/**
 * Compresses an answer made for one request: brotli at quality 4 or gzip at level 6, the fast settings (about
 * 30 µs for a page of numbers; brotli's answer is about a seventh smaller than gzip's). What is compressed once
 * and kept (the build's files, the page cache) uses the slow, smallest settings instead.
 */
export function compressOnce(body: Buffer, encoding: ContentEncoding): Buffer {
  return encoding === "br"
    ? brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipSync(body, { level: 6 });
}

const JSON_TYPE = /^application\/json\b/i;
const VARY_ACCEPT_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

/**
 * Middleware, placed after hono/compress so that it sees the answer first: a JSON answer of at most
 * ONE_CALL_MAX_BYTES leaves with its length, compressed in one call when it is at least COMPRESS_MIN_BYTES and the
 * client accepts brotli or gzip (with `Vary: Accept-Encoding`). hono/compress then leaves it alone: it has a
 * Content-Encoding, or a length under the threshold. A larger one goes on to hono/compress as it came.
 */
export const compressMemoryJson: MiddlewareHandler = async (c, next) => {
  await next();
  const answer = c.res;
  if (!answer.body || c.req.method === "HEAD" || answer.headers.has("Content-Encoding") || !JSON_TYPE.test(answer.headers.get("Content-Type") ?? "")) return;
  const identity = Buffer.from(await answer.arrayBuffer());
  if (identity.length > ONE_CALL_MAX_BYTES) {
    // As it came, without a length: hono/compress streams it.
    c.res = new Response(new Uint8Array(identity.buffer as ArrayBuffer, identity.byteOffset, identity.byteLength), answer);
    return;
  }
  const encoding = identity.length >= COMPRESS_MIN_BYTES ? chooseEncoding(c.req.header("Accept-Encoding")) : null;
  const body = encoding ? compressOnce(identity, encoding) : identity;
  const headers = new Headers(answer.headers);
  headers.set("Content-Length", String(body.length));
  if (identity.length >= COMPRESS_MIN_BYTES) {
    // Big enough to be compressed: what is sent depends on Accept-Encoding, whether this client took it or not.
    const vary = headers.get("Vary");
    if (vary !== "*" && !(vary && VARY_ACCEPT_ENCODING.test(vary))) headers.set("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
    if (encoding) headers.set("Content-Encoding", encoding);
  }
  // Hono's setter would wrap a new answer around the old one's body, a stream, which @hono/node-server then pipes;
  // emptied first, it takes the bytes as they are, and the server writes them in one call.
  c.res = undefined as unknown as Response;
  c.res = new Response(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength), { status: answer.status, statusText: answer.statusText, headers });
};
