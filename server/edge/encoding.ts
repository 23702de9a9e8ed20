// The content encodings of dynamic answers. A page of the page cache is kept already compressed
// (server/page-cache). Every other answer that is whole in memory when it leaves its handler is compressed here in
// one call and sent with its length, instead of being piped through hono/compress's CompressionStream, whose web
// streams cost more than the answer itself and which sends a chunked body in several writes:
//  - a JSON answer (the spec API's envelope, a failure, /healthz), small: at once, on the event loop. Measured with
//    `BENCH_ONLY=numbers npm run bench` (50 connections, 2 CPUs): "contains 777" went from 1,983 req/s with a p99 of
//    64 ms to 2,821 req/s and 40 ms (docs/PERFORMANCE.md, "JSON answers compressed in one call");
//  - a document (HTML), which app/entry.server.tsx renders into one buffer: on libuv's thread pool, in one task,
//    so that the 20–60 KB of a signed-in page are compressed beside the next request's work rather than in it
//    (docs/PERFORMANCE.md, "A signed-in page in one write"). The pool (4 threads unless UV_THREADPOOL_SIZE says
//    otherwise) is shared with file reads and the scrypt of password checks: a page waits behind four password
//    checks at once (about 60 ms here), as a file read already did.
// A guest's page is compressed for the page cache here too (compressToKeep), at the slow, smallest settings, on the
// thread pool as well: a miss of the cache no longer holds the event loop while a page is compressed. The page cache
// lets one page at a time into the pool (its two encodings: two of the four threads; server/page-cache/page-cache.ts),
// so a page made for one visitor, a file read or a password check finds the other two free of the cache's work.
// What streams (a client navigation's data, a JSON answer over ONE_CALL_MAX_BYTES) is left to hono/compress.
import type { MiddlewareHandler } from "hono";
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, brotliDecompressSync, constants as zlibConstants, gunzipSync, gzip, gzipSync, type BrotliOptions, type ZlibOptions } from "node:zlib";

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
 * Above this, a JSON answer (the OpenAPI document, 117 KB) is compressed as a stream by hono/compress, off the event
 * loop, as before: one call on 64 KB of JSON takes 0.3–0.6 ms with brotli at quality 4 and 1–2 ms with gzip at level
 * 6 here (gzip took up to 8 ms on 256 KB). The API's answers are 1–20 KB.
 */
export const ONE_CALL_MAX_BYTES = 64 * 1024;

/**
 * The settings of an answer made for one request: brotli at quality 4 or gzip at level 6, the fast ones (about 30 µs
 * for a page of numbers; brotli's answer is about a seventh smaller than gzip's). What is compressed once and kept
 * (the build's files, the page cache) uses the slow, smallest settings instead.
 */
const brotliOnce = (body: Buffer): BrotliOptions => ({ params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length } });
const GZIP_ONCE: ZlibOptions = { level: 6 };
const brotliOffLoop = promisify(brotliCompress);
const gzipOffLoop = promisify(gzip);

/** Compresses an answer made for one request, at once (a small one: the thread pool's round trip would cost more). */
export function compressOnce(body: Buffer, encoding: ContentEncoding): Buffer {
  return encoding === "br" ? brotliCompressSync(body, brotliOnce(body)) : gzipSync(body, GZIP_ONCE);
}

/** The same bytes as compressOnce, made on libuv's thread pool: the event loop goes on meanwhile. */
export function compressOffLoop(body: Buffer, encoding: ContentEncoding): Promise<Buffer> {
  return encoding === "br" ? brotliOffLoop(body, brotliOnce(body)) : gzipOffLoop(body, GZIP_ONCE);
}

/**
 * What is compressed once and kept (the page cache): gzip at level 9 and brotli at quality 9, the smallest answers for
 * the visitors who pay per megabyte. A page of 50 KB takes about 20 ms of CPU for both here.
 */
const GZIP_KEPT: ZlibOptions = { level: 9 };
const brotliKept = (body: Buffer): BrotliOptions => ({ params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length } });

/**
 * Both encodings of an answer to keep, made side by side on libuv's thread pool: the event loop serves other requests
 * meanwhile (on the loop, each expired page of the page cache held every other answer of the instance for that long).
 */
export async function compressToKeep(body: Buffer): Promise<{ gzip: Buffer; br: Buffer }> {
  const [gzipped, brotli] = await Promise.all([gzipOffLoop(body, GZIP_KEPT), brotliOffLoop(body, brotliKept(body))]);
  return { gzip: gzipped, br: brotli };
}

/** A Buffer as a Response takes it (its own view of the same memory, typed on an ArrayBuffer). */
export function responseBytes(bytes: Buffer): Uint8Array<ArrayBuffer> {
  return new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * application/json itself, with its parameters: a type of JSON that streams (application/json-seq, NDJSON) is never
 * read whole here. A handler that streams a body of this very type would be held until it ends: none does.
 */
const JSON_TYPE = /^application\/json\s*(?:;|$)/i;
/** A document: every one is whole in memory when it leaves its handler (app/entry.server.tsx, the page mappers). */
const HTML_TYPE = /^text\/html\s*(?:;|$)/i;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const VARY_ACCEPT_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

/**
 * Middleware, placed after hono/compress so that it sees the answer first: a JSON answer of at most
 * ONE_CALL_MAX_BYTES, or a document, leaves with its length, compressed in one call when it is at least
 * COMPRESS_MIN_BYTES, the client accepts brotli or gzip and its Cache-Control does not say no-transform (with
 * `Vary: Accept-Encoding`, and a strong ETag made weak). hono/compress then leaves it alone: it has a
 * Content-Encoding, or a length under the threshold. A larger JSON answer goes on to hono/compress as it came.
 */
export const compressWholeAnswer: MiddlewareHandler = async (c, next) => {
  await next();
  const answer = c.res;
  // A part of a body (206, or any answer with a Content-Range) is never re-encoded: its range counts its bytes.
  if (c.req.method === "HEAD" || answer.status === 206 || answer.headers.has("Content-Range") || answer.headers.has("Content-Encoding")) return;
  const type = answer.headers.get("Content-Type") ?? "";
  const document = HTML_TYPE.test(type);
  if (!document && !JSON_TYPE.test(type)) return;
  // Only now: reading `body` turns @hono/node-server's light answer (bytes it writes in one call: a page from the
  // page cache, a built file) into a stream it must pipe. Status and headers leave it as it is.
  if (!answer.body) return;
  const identity = Buffer.from(await answer.arrayBuffer());
  if (!document && identity.length > ONE_CALL_MAX_BYTES) {
    // As it came, without a length: hono/compress streams it.
    c.res = new Response(responseBytes(identity), answer);
    return;
  }
  const transform = !NO_TRANSFORM.test(answer.headers.get("Cache-Control") ?? "");
  const encoding = identity.length >= COMPRESS_MIN_BYTES && transform ? chooseEncoding(c.req.header("Accept-Encoding")) : null;
  const body = !encoding ? identity : document ? await compressOffLoop(identity, encoding) : compressOnce(identity, encoding);
  const headers = new Headers(answer.headers);
  headers.set("Content-Length", String(body.length));
  if (identity.length >= COMPRESS_MIN_BYTES && transform) {
    // Big enough to be compressed: what is sent depends on Accept-Encoding, whether this client took it or not.
    const vary = headers.get("Vary");
    if (vary !== "*" && !(vary && VARY_ACCEPT_ENCODING.test(vary))) headers.set("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
  }
  if (encoding) {
    headers.set("Content-Encoding", encoding);
    // The compressed bytes differ from the plain ones: a strong validator becomes weak, as hono/compress makes it.
    const etag = headers.get("ETag");
    if (etag && !etag.startsWith("W/")) headers.set("ETag", `W/${etag}`);
  }
  // Hono's setter would wrap a new answer around the old one's body, a stream, which @hono/node-server then pipes;
  // emptied first, it takes the bytes as they are, and the server writes them in one call.
  c.res = undefined as unknown as Response;
  c.res = new Response(responseBytes(body), { status: answer.status, statusText: answer.statusText, headers });
};

/** The bytes an answer had before it was encoded (br or gzip; any other encoding, or none, as they are). */
export function decodeAnswer(body: Buffer, encoding: string | null): Buffer {
  if (encoding === "br") return brotliDecompressSync(body);
  if (encoding === "gzip") return gunzipSync(body);
  return body;
}
