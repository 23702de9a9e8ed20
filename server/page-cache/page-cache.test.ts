import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { gunzipSync, brotliDecompressSync } from "node:zlib";
import { describe, expect, test } from "vitest";
import { guestPage, inlineScripts, REACT_ARIA_STYLES } from "./csp.ts";
import { matchesEtag } from "./guest-pages.ts";
import { compressForCache, guestPageOf, PageCache } from "./page-cache.ts";

const documentText = (text: string) => `<!DOCTYPE html><html><body>${text}</body></html>`;
const HTML_HEADERS = new Headers({ "Content-Type": "text/html; charset=utf-8" });
/** A page as a render gives it to the cache. */
const guest = (text: string) => guestPageOf(documentText(text), 200, HTML_HEADERS, null);
const document = (text: string) => compressForCache(guest(text));
/** A page as the cache keeps it (one that was not kept fails the test). */
async function html(text: string) {
  const page = await document(text);
  if (!page) throw new Error("the page was not kept: too many pages waited to be compressed");
  return page;
}

describe("the page cache", () => {
  test("keeps an entry for its lifetime, then forgets it", async () => {
    let now = 1_000;
    const cache = new PageCache({ ttlSeconds: 60, maxBytes: 10_000_000, now: () => now });
    cache.set("a", { ...(await html("a")), storedAt: now });
    now += 59_999;
    expect(cache.get("a")).toBeDefined();
    now += 1;
    expect(cache.get("a")).toBeUndefined();
    expect(cache.stats().entries).toBe(0);
    expect(cache.stats().bytes).toBe(0);
  });

  test("stays within its memory by dropping the least recently used page", async () => {
    const page = await html("x".repeat(2_000));
    const cache = new PageCache({ ttlSeconds: 60, maxBytes: page.bytes * 8 });
    for (const key of ["a", "b", "c", "d", "e", "f", "g", "h"]) cache.set(key, page);
    expect(cache.stats().entries).toBe(8);
    cache.get("a"); // a is now the most recently used: b goes first
    cache.set("i", page);
    expect(cache.stats()).toMatchObject({ entries: 8, bytes: page.bytes * 8 });
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBeDefined();
    expect(cache.get("i")).toBeDefined();
    // A page larger than an eighth of the budget is not kept at all.
    const small = new PageCache({ ttlSeconds: 60, maxBytes: page.bytes * 7 });
    small.set("big", page);
    expect(small.stats().entries).toBe(0);
  });

  test("concurrent misses of one page render it once; it is kept from its second miss on; an answer not to share is not kept", async () => {
    const cache = new PageCache({ ttlSeconds: 60, maxBytes: 10_000_000 });
    let renders = 0;
    const render = async () => {
      renders += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return guest("shared");
    };
    const first = await Promise.all(Array.from({ length: 20 }, () => cache.getOrRender("k", render)));
    expect(renders).toBe(1);
    expect(first.every((answer) => answer.page === first[0]!.page && !answer.hit)).toBe(true);
    // Asked once: answered as rendered (compressed for each request), not kept.
    expect(first[0]!.page).not.toHaveProperty("br");
    expect(cache.get("k")).toBeUndefined();
    // Asked again: answered at once as rendered, and kept once compressed; meanwhile its misses get the same page.
    const second = await Promise.all(Array.from({ length: 5 }, () => cache.getOrRender("k", render)));
    expect(renders).toBe(2);
    expect(second.every((answer) => answer.page === second[0]!.page && !answer.hit)).toBe(true);
    expect(second[0]!.page).not.toHaveProperty("br");
    const whileCompressed = await cache.getOrRender("k", render);
    expect(renders, "a miss while the page is compressed is not rendered").toBe(2);
    expect(whileCompressed.page).toBe(second[0]!.page);
    await expect.poll(() => cache.get("k")).toBeDefined();
    const kept = cache.get("k")!;
    expect(brotliDecompressSync(kept.br).equals(kept.identity)).toBe(true);
    expect(kept.etag).toBe(second[0]!.page!.etag);
    expect(await cache.getOrRender("k", render)).toMatchObject({ page: kept, hit: true });
    expect(renders).toBe(2);
    const notShared = await cache.getOrRender("redirect", async () => null);
    expect(notShared.page).toBeNull();
    expect(cache.get("redirect")).toBeUndefined();
    expect(cache.stats()).toMatchObject({ entries: 1, hits: 1, misses: 27, seen: 2 });
  });

  test("a page whose compression a purge (a content load) overtook is not kept", async () => {
    const cache = new PageCache({ ttlSeconds: 60, maxBytes: 10_000_000 });
    await cache.getOrRender("k", async () => guest("before the content load"));
    await cache.getOrRender("k", async () => guest("before the content load"));
    // The page is answered; its compression for the cache is under way. A content load empties the cache.
    cache.clear();
    // Pages are compressed one at a time, in turn: once this one is done, the one before it was done and not kept.
    expect(await document("after the purge")).not.toBeNull();
    expect(cache.get("k")).toBeUndefined();
    expect(cache.stats().entries).toBe(0);
  });

  test("addresses asked once (made up without end) take no kept page's place and no slow compression; it remembers ten thousand", async () => {
    const home = await html("home");
    const cache = new PageCache({ ttlSeconds: 60, maxBytes: home.bytes * 8 });
    for (let miss = 0; miss < 2; miss++) await cache.getOrRender("/home", async () => guest("home"));
    await expect.poll(() => cache.get("/home")).toBeDefined();
    for (let made = 0; made < 10_050; made++) {
      const { page } = await cache.getOrRender(`/home?x=${made}`, async () => guest("home"));
      expect(page).not.toHaveProperty("br");
    }
    expect(cache.get("/home"), "the kept page is still there").toBeDefined();
    expect(cache.stats()).toMatchObject({ entries: 1, seen: 10_000 });
    // Forgotten among the newer ones: kept again from its next second miss.
    await cache.getOrRender("/home?x=0", async () => guest("home"));
    expect(cache.get("/home?x=0")).toBeUndefined();
    await cache.getOrRender("/home?x=0", async () => guest("home"));
    await expect.poll(() => cache.get("/home?x=0")).toBeDefined();
  });

  test("a page rendered while the cache was emptied (a content load) is not kept: the next visitor gets a new render", async () => {
    const cache = new PageCache({ ttlSeconds: 60, maxBytes: 10_000_000 });
    let renders = 0;
    let finish!: () => void;
    const slowRender = async () => {
      renders += 1;
      await new Promise<void>((resolve) => (finish = resolve));
      return guest("before the content load");
    };
    // Asked once before: the next miss keeps its page.
    await cache.getOrRender("k", async () => {
      renders += 1;
      return guest("first");
    });
    const before = cache.getOrRender("k", slowRender);
    cache.clear();
    // A miss after the purge does not join the render that began before it.
    const after = cache.getOrRender("k", async () => {
      renders += 1;
      return guest("after the content load");
    });
    finish();
    expect((await before).page!.identity.toString()).toContain("before the content load");
    expect((await after).page!.identity.toString()).toContain("after the content load");
    expect(renders).toBe(3);
    await expect.poll(() => cache.get("k")?.identity.toString()).toContain("after the content load");
    expect(cache.stats().entries).toBe(1);
  });

  test("off when its lifetime is 0", async () => {
    const cache = new PageCache({ ttlSeconds: 0, maxBytes: 10_000_000 });
    cache.set("a", await html("a"));
    expect(cache.enabled).toBe(false);
    expect(cache.get("a")).toBeUndefined();
  });

  test("a cached page holds the same document in three encodings, with a weak ETag of its content", async () => {
    const page = await html("مرحبا".repeat(100));
    expect(gunzipSync(page.gzip).equals(page.identity)).toBe(true);
    expect(brotliDecompressSync(page.br).equals(page.identity)).toBe(true);
    expect(page.etag).toMatch(/^W\/"[\w-]{27}"$/);
    expect((await html("مرحبا".repeat(100))).etag).toBe(page.etag);
    expect((await html("other")).etag).not.toBe(page.etag);
    // Cookies and per-answer headers are not replayed.
    const withCookie = guestPageOf("<p>x</p>", 200, new Headers({ "Content-Type": "text/html", "Set-Cookie": "a=b", "Content-Length": "8", "X-Remix-Response": "yes" }), null);
    expect(withCookie.headers.map(([name]) => name)).toEqual(["content-type", "x-remix-response"]);
  });

  test("one page is compressed at a time and 32 wait their turn; one more is not kept, and a turn comes again once they are done", async () => {
    const builds = Array.from({ length: 34 }, (_, index) => document(`page ${index}`));
    const pages = await Promise.all(builds);
    expect(pages.filter((page) => page === null)).toHaveLength(1);
    expect(pages[33], "the one past the waiting line").toBeNull();
    for (const page of pages.slice(0, 33)) expect(gunzipSync(page!.gzip).equals(page!.identity)).toBe(true);
    expect(await document("after the line"), "the line is free again").not.toBeNull();
  });

  test("a page's life in the cache starts once it is compressed", async () => {
    let clock = 1_000;
    const building = compressForCache(guestPageOf("<p>x</p>", 200, new Headers({ "Content-Type": "text/html" }), null), () => clock);
    // The clock moves while the page is being compressed: a stamp taken when the build began would read 1,000.
    clock = 2_000;
    expect((await building)!.storedAt).toBe(2_000);
  });

  test("a page is compressed for the cache off the event loop: other work goes on meanwhile", async () => {
    // About a megabyte of words that do not repeat much (brotli at quality 9 takes tens of ms on it): compressed on the
    // event loop, as it was, the build is over before any timer can fire.
    let seed = 7;
    const word = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed.toString(36);
    };
    const body = `<p>${Array.from({ length: 120_000 }, word).join(" ")}</p>`;
    let turns = 0;
    const ticker = setInterval(() => (turns += 1), 1);
    try {
      const page = await html(body);
      expect(turns, "timers fired while the page was compressed").toBeGreaterThan(0);
      expect(gunzipSync(page.gzip).equals(page.identity)).toBe(true);
      expect(brotliDecompressSync(page.br).equals(page.identity)).toBe(true);
    } finally {
      clearInterval(ticker);
    }
  });
});

describe("the hashed policy of a cached page", () => {
  const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

  test("names by hash only the inline scripts the app emitted (they carry the render's marker), and has no nonce", () => {
    const marker = "guest-0f3c";
    const document = `<head><meta name="csp-nonce" content="${marker}"/><script nonce="${marker}">window.a = 1;</script><script type="module" src="/assets/x.js" nonce="${marker}"></script><script type="application/ld+json">{"a":1}</script></head><body><p>content</p><script>alert("injected")</script><script type="module" nonce="${marker}">import "/assets/y.js";</script><script nonce="${marker}">
window.b = {"cspNonce":"${marker}"};</script></body>`;
    const page = guestPage(document, marker);
    expect(page.html).not.toContain(marker);
    expect(page.html).not.toContain("csp-nonce");
    expect(inlineScripts(page.html)).toEqual(["window.a = 1;", 'alert("injected")', 'import "/assets/y.js";', '\nwindow.b = {"cspNonce":""};']);
    const scriptSrc = page.policy.split("; ").find((directive) => directive.startsWith("script-src "))!;
    expect(scriptSrc).toBe(`script-src 'self' ${sha("window.a = 1;")} ${sha('import "/assets/y.js";')} ${sha('\nwindow.b = {"cspNonce":""};')}`);
    expect(scriptSrc, "a script the app did not emit must not be allowed").not.toContain(sha('alert("injected")'));
    expect(page.policy).not.toContain("nonce");
    expect(page.policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "default-src 'self'"]) expect(page.policy).toContain(directive);
    expect(page.policy.split("; ").find((directive) => directive.startsWith("style-src "))).toBe(`style-src 'self' ${REACT_ARIA_STYLES.map(sha).join(" ")}`);
  });

  test("React Aria's run-time styles are still the texts the policy allows (fails after an upgrade that changes them)", () => {
    const require = createRequire(import.meta.url);
    const root = path.dirname(require.resolve("react-aria/package.json"));
    const sources = ["dist/private/interactions/usePress.mjs", "dist/private/overlays/usePreventScroll.mjs"].map((file) => readFileSync(path.join(root, file), "utf8"));
    const pressable = sources[0]!.match(/PRESSABLE_ATTRIBUTE = '([^']+)'/)![1]!;
    expect(REACT_ARIA_STYLES[0]).toBe(`@layer {\n  [${pressable}] {\n    touch-action: pan-x pan-y pinch-zoom;\n  }\n}`);
    expect(sources[0]).toContain("touch-action: pan-x pan-y pinch-zoom;");
    expect(sources[1]).toContain(REACT_ARIA_STYLES[1]);
    // Both elements are the only <style> React Aria creates, and both take the page's nonce when it has one.
    for (const source of sources) expect(source).toMatch(/if \(nonce\) style\.nonce = nonce;/);
  });
});

describe("answering a cached page", () => {
  test("If-None-Match: weak comparison, lists and *", () => {
    expect(matchesEtag('W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('W/"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag("*", 'W/"abc"')).toBe(true);
    expect(matchesEtag('W/"abd"', 'W/"abc"')).toBe(false);
    expect(matchesEtag(undefined, 'W/"abc"')).toBe(false);
  });
});
