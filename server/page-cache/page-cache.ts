// The cache of guest pages. A page a visitor without a session sees is the same for every such visitor of
// its language, so each instance keeps the rendered answer (HTML, or a client navigation's data) for
// PAGE_CACHE_SECONDS, already compressed (gzip and brotli), with its ETag and its hashed CSP, and serves it
// without rendering. Memory is bounded (least recently used pages go first); concurrent misses of one page
// render it once. A page is kept from its second miss on: an address asked once (anyone can make up new ones
// without end: a query string, the path's letter case) is answered, compressed for its request alone, and never
// takes the slow compression or another page's place. The same answers say to shared caches (a CDN) how long they
// may keep them.
import { createHash } from "node:crypto";
import { compressToKeep } from "../edge/encoding.ts";

/** A guest's page as every guest of its language is shown it: the rendered answer, its ETag and its hashed CSP. */
export interface GuestPage {
  status: number;
  /** Headers of the rendered answer worth replaying (content type, React Router's own); no cookies. */
  headers: [string, string][];
  identity: Buffer;
  /** Weak: the same page is served in three encodings. */
  etag: string;
  /** The page's CSP with the hashes of its inline scripts (HTML only). */
  csp: string | null;
}

/** A guest's page as the cache keeps it: compressed once in both encodings, with the time it was stored. */
export interface CachedPage extends GuestPage {
  gzip: Buffer;
  br: Buffer;
  storedAt: number;
  bytes: number;
}

/** Answers that are cached: documents and React Router's client-navigation data. */
export const CACHEABLE_TYPES = /^(text\/html|text\/x-script)\b/i;
/** Headers of the rendered answer that are not replayed from the cache. */
const NOT_REPLAYED = new Set(["set-cookie", "content-length", "content-encoding", "transfer-encoding", "date", "etag", "cache-control", "vary", "content-security-policy"]);

/**
 * Pages compressed for the cache at once (one: its two encodings side by side take two of libuv's four threads, the
 * other two stay for file reads, password checks and the pages made for one visitor), and pages that may wait for
 * their turn. Every new query string is a page of its own, so a flood of them must not queue without end: past the
 * waiting line, a page is answered without being kept (compressed for its one request, as a signed-in page is).
 */
const COMPRESSING_AT_ONCE = 1;
const WAITING_AT_MOST = 32;
let compressing = 0;
const waiting: (() => void)[] = [];

/** A turn to compress a page (true), or false when the waiting line is full. A finished turn is handed on. */
async function compressionTurn(): Promise<boolean> {
  if (compressing < COMPRESSING_AT_ONCE) {
    compressing += 1;
    return true;
  }
  if (waiting.length >= WAITING_AT_MOST) return false;
  await new Promise<void>((resolve) => waiting.push(resolve));
  return true;
}

function endCompressionTurn(): void {
  const next = waiting.shift();
  if (next) next();
  else compressing -= 1;
}

/** A rendered answer as any guest may be shown it: its bytes, the headers worth replaying and its ETag. */
export function guestPageOf(body: string, status: number, headers: Headers, csp: string | null): GuestPage {
  const identity = Buffer.from(body, "utf8");
  return {
    status,
    headers: [...headers].filter(([name]) => !NOT_REPLAYED.has(name.toLowerCase())),
    identity,
    etag: `W/"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`,
    csp,
  };
}

/**
 * A page as the cache keeps it, compressed off the event loop (server/edge/encoding.ts, compressToKeep), or null when
 * too many pages wait to be compressed (the page is then not kept). Its life starts once it is ready.
 */
export async function compressForCache(page: GuestPage, now: () => number = Date.now): Promise<CachedPage | null> {
  if (!(await compressionTurn())) return null;
  const { gzip, br } = await compressToKeep(page.identity).finally(endCompressionTurn);
  return { ...page, gzip, br, storedAt: now(), bytes: page.identity.length + gzip.length + br.length + 512 };
}

/**
 * How many addresses the cache remembers having rendered once (a digest of each, about 100 bytes: a megabyte at
 * most). A page of the site is asked again long before ten thousand new addresses come between: once forgotten, it is
 * kept from its next second miss.
 */
const SEEN_AT_MOST = 10_000;

export interface PageCacheOptions {
  ttlSeconds: number;
  maxBytes: number;
  now?: () => number;
}

export interface PageCacheStats {
  entries: number;
  bytes: number;
  hits: number;
  misses: number;
  /** Keys remembered as rendered once (at most SEEN_AT_MOST). */
  seen: number;
}

export class PageCache {
  readonly #entries = new Map<string, CachedPage>();
  readonly #rendering = new Map<string, Promise<GuestPage | null>>();
  /** The digests of the keys a miss rendered, the most recent last: a page is kept from its second miss on. */
  readonly #seen = new Map<string, true>();
  /** Raised by clear(): a render that began before it is not kept (it may show the content that was purged). */
  #generation = 0;
  readonly #ttlMs: number;
  readonly #maxBytes: number;
  readonly #now: () => number;
  #bytes = 0;
  #hits = 0;
  #misses = 0;

  constructor(options: PageCacheOptions) {
    this.#ttlMs = options.ttlSeconds * 1000;
    this.#maxBytes = options.maxBytes;
    this.#now = options.now ?? Date.now;
  }

  get enabled(): boolean {
    return this.#ttlMs > 0;
  }

  /** The fresh entry of `key`, or undefined (an expired one is dropped). */
  get(key: string): CachedPage | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (this.#now() - entry.storedAt >= this.#ttlMs) {
      this.#remove(key, entry);
      return undefined;
    }
    // Most recently used last: Map keeps insertion order, so the first key is the one to evict.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry;
  }

  set(key: string, entry: CachedPage): void {
    if (!this.enabled || entry.bytes > this.#maxBytes / 8) return;
    const previous = this.#entries.get(key);
    if (previous) this.#remove(key, previous);
    this.#entries.set(key, entry);
    this.#bytes += entry.bytes;
    for (const [oldestKey, oldest] of this.#entries) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#remove(oldestKey, oldest);
    }
  }

  /**
   * The page of `key`: kept (a hit), or rendered with `render`, which concurrent misses of one key share. `render`
   * answers null for an answer that is not a guest page (a redirect, a cookie): then each caller renders its own. A
   * rendered page is answered at once, as it is (compressed for each request by the edge); when a miss rendered its
   * key before (the second miss of an address), it is also compressed in the background and kept, unless clear()
   * comes before that ends (the page may show the content that was purged: the next miss renders anew) or too many
   * pages wait to be compressed. Until it is kept, the misses of its key are answered the same page, not rendered.
   */
  async getOrRender(key: string, render: () => Promise<GuestPage | null>): Promise<{ page: GuestPage | CachedPage | null; hit: boolean }> {
    const cached = this.get(key);
    if (cached) {
      this.#hits += 1;
      return { page: cached, hit: true };
    }
    this.#misses += 1;
    let rendering = this.#rendering.get(key);
    if (!rendering) {
      const generation = this.#generation;
      const keep = this.#seenBefore(key);
      const done = () => {
        if (this.#rendering.get(key) === started) this.#rendering.delete(key);
      };
      const started: Promise<GuestPage | null> = render().then(
        (page) => {
          if (page && keep && generation === this.#generation) this.#keep(key, page, generation).finally(done);
          else done();
          return page;
        },
        (error: unknown) => {
          done();
          throw error;
        },
      );
      rendering = started;
      this.#rendering.set(key, rendering);
    }
    return { page: await rendering, hit: false };
  }

  /** Compresses `page` and keeps it, unless clear() came meanwhile; a page that could not be compressed is not kept. */
  async #keep(key: string, page: GuestPage, generation: number): Promise<void> {
    const kept = await compressForCache(page, this.#now).catch(() => null);
    if (kept && generation === this.#generation) this.set(key, kept);
  }

  /** Whether a miss rendered `key` before (among the last SEEN_AT_MOST keys); it is now the most recent. */
  #seenBefore(key: string): boolean {
    const digest = createHash("sha256").update(key).digest("base64url");
    const seen = this.#seen.delete(digest);
    this.#seen.set(digest, true);
    if (this.#seen.size > SEEN_AT_MOST) this.#seen.delete(this.#seen.keys().next().value!);
    return seen;
  }

  /** Forgets every page and every render under way; the keys seen stay (a content load keeps pages from their next miss). */
  clear(): void {
    this.#generation += 1;
    this.#rendering.clear();
    this.#entries.clear();
    this.#bytes = 0;
  }

  stats(): PageCacheStats {
    return { entries: this.#entries.size, bytes: this.#bytes, hits: this.#hits, misses: this.#misses, seen: this.#seen.size };
  }

  #remove(key: string, entry: CachedPage): void {
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }
}
