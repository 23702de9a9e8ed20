// A small HTTP client for tests, on node:http rather than fetch: it sends exactly the headers a
// test gives (fetch would add Accept-Language: * and Accept-Encoding, and re-encode odd paths),
// never follows redirects, and keeps the raw body next to the decoded one.
import http from "node:http";
import { gunzipSync, brotliDecompressSync, inflateSync } from "node:zlib";
import type { Language } from "../../common/language.ts";

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as sent on the wire (still compressed when Content-Encoding says so). */
  raw: Buffer;
  /** The body decoded from its Content-Encoding, as UTF-8 text. */
  text: string;
  /** Every Set-Cookie header. */
  cookies: string[];
  /** The body parsed as JSON; throws with the body in the message when it is not JSON. */
  json<T = unknown>(): T;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string | undefined>;
  body?: string | Buffer;
  /** Send the body with Transfer-Encoding: chunked (no Content-Length). */
  chunked?: boolean;
  timeoutMs?: number;
}

function decode(raw: Buffer, encoding: string | undefined): Buffer {
  // A HEAD or 304 answer names its encoding but has no body.
  if (raw.length === 0) return raw;
  switch (encoding?.toLowerCase()) {
    case "gzip":
      return gunzipSync(raw);
    case "br":
      return brotliDecompressSync(raw);
    case "deflate":
      return inflateSync(raw);
    default:
      return raw;
  }
}

/** Sends one request to `baseUrl` + `path`; `path` is sent byte for byte (malformed escapes included). */
export function send(baseUrl: string, path: string, options: RequestOptions = {}): Promise<HttpAnswer> {
  const base = new URL(baseUrl);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(options.headers ?? {})) if (value !== undefined) headers[name] = value;
  if (options.body !== undefined && !options.chunked) headers["content-length"] = String(Buffer.byteLength(options.body));
  if (options.chunked) headers["transfer-encoding"] = "chunked";
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request(
      { host: base.hostname, port: base.port, method: options.method ?? "GET", path, headers, agent: false, timeout: options.timeoutMs ?? 20_000 },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", reject);
        res.on("end", () => {
          const raw = Buffer.concat(chunks);
          const text = decode(raw, res.headers["content-encoding"]).toString("utf8");
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            raw,
            text,
            cookies: res.headers["set-cookie"] ?? [],
            json<T>() {
              try {
                return JSON.parse(text) as T;
              } catch {
                throw new Error(`${options.method ?? "GET"} ${path} answered ${res.statusCode} with a body that is not JSON: ${text.slice(0, 300)}`);
              }
            },
          });
        });
      },
    );
    req.on("timeout", () => req.destroy(new Error(`${options.method ?? "GET"} ${path}: no answer within ${options.timeoutMs ?? 20_000} ms`)));
    // The server may answer (413) and close before the whole body is written: that is an answer.
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    if (options.body !== undefined) req.end(options.body);
    else req.end();
  });
}

/** How a test asks for a language: a header value, or `null` for no Accept-Language header at all. */
export type AskedLanguage = Language | null;

export interface ApiClient {
  /** GET with Accept-Language set to `language` (omitted when null). */
  get(path: string, language?: AskedLanguage, headers?: Record<string, string | undefined>): Promise<HttpAnswer>;
  /** GET a page, with optional cookies, never following redirects. */
  page(path: string, options?: { cookie?: string; language?: AskedLanguage; headers?: Record<string, string | undefined> }): Promise<HttpAnswer>;
  request(path: string, options?: RequestOptions): Promise<HttpAnswer>;
}

/** Something to send requests to: a base URL, or a test server (whose state then explains a failed request). */
export type ApiTarget = string | { url: string; diagnose(): string };

export function api(target: ApiTarget): ApiClient {
  const baseUrl = typeof target === "string" ? target : target.url;
  const request = (path: string, options?: RequestOptions) =>
    send(baseUrl, path, options).catch((error: Error) => {
      throw new Error(`${options?.method ?? "GET"} ${path} failed: ${error.message}${typeof target === "string" ? "" : `\n${target.diagnose()}`}`, { cause: error });
    });
  return {
    get: (path, language = null, headers = {}) =>
      request(path, { headers: { accept: "application/json", ...(language ? { "accept-language": language } : {}), ...headers } }),
    page: (path, options = {}) =>
      request(path, {
        headers: {
          accept: "text/html",
          ...(options.language ? { "accept-language": options.language } : {}),
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...options.headers,
        },
      }),
    request,
  };
}

/** The value of cookie `name` among Set-Cookie headers (decoded), with its attributes. */
export function findSetCookie(cookies: string[], name: string): { value: string; attributes: string[] } | undefined {
  for (const cookie of cookies) {
    const [pair, ...attributes] = cookie.split(";").map((part) => part.trim());
    const separator = pair!.indexOf("=");
    if (pair!.slice(0, separator) === name) {
      return { value: decodeURIComponent(pair!.slice(separator + 1)), attributes: attributes.map((a) => a.toLowerCase()) };
    }
  }
  return undefined;
}
