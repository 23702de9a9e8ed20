// Guest pages are cached (issue 8): a guest's page is the same for every guest of its language, so the
// instance serves it from memory, compressed, with an ETag (304), Cache-Control for shared caches, and a
// CSP that names its inline scripts by hash instead of a nonce. A session, a notice or the Authorization
// header make a page private. A content load empties the cache of every instance.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { withClient } from "../support/database.ts";
import { insertSession, type SessionFixture } from "../support/subscriber.ts";
import { api, send, startTestServer, type HttpAnswer, type TestServer } from "../support/test-server.ts";

let server: TestServer;
let session: SessionFixture;
beforeAll(async () => {
  server = await startTestServer({ env: { CONTENT_VERSION_POLL_SECONDS: "0.3" } });
  session = await insertSession(server.databaseUrl);
});
afterAll(async () => {
  await server?.stop();
});

const page = (path: string, headers: Record<string, string> = {}) => api(server).page(path, { headers: { "accept-encoding": "gzip, br", ...headers } });
const cspOf = (answer: HttpAnswer) => String(answer.headers["content-security-policy"]);
/** The page once the cache has it (it compresses a page for keeping after answering the miss that kept it). */
async function keptPage(path: string, headers: Record<string, string> = {}): Promise<HttpAnswer> {
  await expect.poll(async () => (await page(path, headers)).headers["x-page-cache"]).toBe("hit");
  return page(path, headers);
}
const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("a guest's page", () => {
  test("is rendered for its first two requests, kept from the second, then served from the cache: same bytes, ETag, shared-cache headers, 304", async () => {
    const [first, second] = [await page("/bundles"), await page("/bundles")];
    expect(first.status).toBe(200);
    expect([first, second].map((answer) => answer.headers["x-page-cache"])).toEqual(["miss", "miss"]);
    const third = await keptPage("/bundles");
    expect(third.headers["x-page-cache"]).toBe("hit");
    for (const answer of [first, second, third]) {
      expect(answer.text).toBe(first.text);
      expect(answer.headers["content-encoding"]).toBe("br");
      expect(answer.headers["etag"]).toMatch(/^W\/"/);
      expect(answer.headers["etag"]).toBe(first.headers["etag"]);
      expect(answer.headers["cache-control"]).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
      expect(answer.headers["vary"]).toBe("Cookie, Accept-Encoding");
      expect(answer.headers["content-security-policy"]).toBe(first.headers["content-security-policy"]);
      expect(answer.cookies).toEqual([]);
    }
    // The first answer was compressed for its request alone (brotli's fast setting), the kept one once, smaller.
    expect(third.raw.length).toBeLessThan(first.raw.length);
    const gzip = await page("/bundles", { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.text).toBe(first.text);
    const plain = await api(server).page("/bundles");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.text).toBe(first.text);
    const notModified = await page("/bundles", { "if-none-match": String(first.headers["etag"]) });
    expect(notModified.status).toBe(304);
    expect(notModified.raw.length).toBe(0);
    expect(notModified.headers["etag"]).toBe(first.headers["etag"]);
    const head = await api(server).request("/bundles", { method: "HEAD", headers: { "accept-encoding": "gzip" } });
    expect(head.status).toBe(200);
    expect(head.headers["content-length"]).toBe(String(gzip.raw.length));
  });

  test("a HEAD before any GET is answered without filling the cache: the next GET gets the whole page", async () => {
    const head = await api(server).request("/roaming?lang=en", { method: "HEAD", headers: { "accept-encoding": "gzip" } });
    expect(head.status).toBe(200);
    expect(head.raw.length).toBe(0);
    const get = await page("/roaming?lang=en");
    expect(get.headers["x-page-cache"]).toBe("miss");
    expect(get.text).toMatch(/<\/html>\s*$/);
    expect((await page("/roaming?lang=en")).text).toBe(get.text);
  });

  test("carries no nonce: its CSP names each of its inline scripts by hash and stays strict", async () => {
    const answer = await page("/home");
    const policy = cspOf(answer);
    expect(answer.text).not.toMatch(/nonce=/);
    expect(answer.text).not.toContain('name="csp-nonce"');
    expect(policy).not.toContain("nonce-");
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    const inline = [...answer.text.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
    expect(inline.length).toBeGreaterThanOrEqual(2);
    for (const script of inline) expect(policy).toContain(sha(script));
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) expect(policy).toContain(directive);
  });

  test("is cached per language: ?lang= and the lang cookie name the same page; the cookie-setting answer is private", async () => {
    const asked = await page("/offers?lang=en&page=0");
    expect(asked.text).toContain('lang="en"');
    expect(asked.cookies.some((cookie) => cookie.startsWith("lang=en"))).toBe(true);
    expect(asked.headers["cache-control"]).toBe("private, no-cache");
    const byCookie = await page("/offers?page=0", { cookie: "lang=en" });
    expect(byCookie.headers["x-page-cache"], "the second request of the page: kept now").toBe("miss");
    expect(byCookie.text).toContain('lang="en"');
    expect(byCookie.headers["cache-control"]).toMatch(/^public/);
    await keptPage("/offers?page=0", { cookie: "lang=en" });
    const askedAgain = await page("/offers?lang=en&page=0");
    expect(askedAgain.headers["x-page-cache"]).toBe("hit");
    expect(askedAgain.text).toContain('lang="en"');
    expect(askedAgain.headers["etag"]).toBe((await page("/offers?page=0", { cookie: "lang=en" })).headers["etag"]);
    expect(askedAgain.cookies.some((cookie) => cookie.startsWith("lang=en"))).toBe(true);
    expect(askedAgain.headers["cache-control"]).toBe("private, no-cache");
    // The same cookie and ?lang=: nothing to set, so it may be shared.
    const both = await page("/offers?page=0&lang=en", { cookie: "lang=en" });
    expect(both.cookies).toEqual([]);
    expect(both.headers["cache-control"]).toMatch(/^public/);
    const arabic = await page("/offers?page=0");
    expect(arabic.text).toContain('lang="ar"');
    expect(arabic.text).not.toBe(asked.text);
  });

  test("made-up addresses (a query string, the path's letter case) are answered as the page, and kept only when asked again (that they take no kept page's place: server/page-cache/page-cache.test.ts)", async () => {
    for (let miss = 0; miss < 2; miss++) await page("/products");
    const kept = await keptPage("/products");
    const made = [...Array.from({ length: 40 }, (_, index) => `/products?utm=${index}-${Date.now()}`), "/PRODUCTS", "/Products"];
    for (const path of made) {
      const answer = await page(path);
      expect(answer.status).toBe(200);
      expect(answer.headers["x-page-cache"]).toBe("miss");
      expect(answer.headers["cache-control"]).toMatch(/^public/);
      expect(answer.headers["etag"]).toMatch(/^W\/"/);
      expect(answer.text).toContain(/<h1[^>]*>([^<]+)<\/h1>/.exec(kept.text)![0]);
    }
    expect((await page("/products")).headers["x-page-cache"], "the kept page is still kept").toBe("hit");
    expect((await page(made[0]!)).headers["x-page-cache"], "asked again: kept now").toBe("miss");
    expect((await keptPage(made[0]!)).headers["x-page-cache"]).toBe("hit");
  });

  test("a redirect or a missing page is answered to the guest but not kept", async () => {
    const missing = await page("/no-such-page-here");
    expect(missing.status).toBe(404);
    expect(missing.headers["x-page-cache"]).toBeUndefined();
    expect(missing.headers["cache-control"]).toBe("private, no-store");
    // Rendered without a nonce, so its policy carries the hashes of its scripts.
    expect(cspOf(missing)).toMatch(/script-src 'self' 'sha256-/);
    const guarded = await page("/profile");
    expect([302, 303]).toContain(guarded.status);
    expect(guarded.headers["x-page-cache"]).toBeUndefined();
  });
});

describe("a private page", () => {
  test("a session (or a notice) makes the page the visitor's own: rendered each time with a nonce, never stored", async () => {
    for (const cookie of [session.cookie, "flash=x", `lang=en; ${session.cookie}`]) {
      const answer = await page("/bundles", { cookie });
      expect(answer.status).toBe(200);
      expect(answer.headers["x-page-cache"]).toBeUndefined();
      expect(answer.headers["cache-control"]).toBe("private, no-store");
      const nonce = /'nonce-([^']+)'/.exec(cspOf(answer))?.[1];
      expect(nonce).toBeTruthy();
      expect(answer.text).toContain(`nonce="${nonce}"`);
    }
    const profile = await page("/profile", { cookie: session.cookie });
    expect(profile.status).toBe(200);
    expect(profile.headers["cache-control"]).toBe("private, no-store");
  });
});

describe("the sitemap", () => {
  test("is told to shared caches what a guest page is (kept a minute, never an hour), so a publish reaches crawlers as soon as the pages", async () => {
    const guest = await page("/home");
    const sitemap = await send(server.url, "/sitemap.xml");
    expect(sitemap.status).toBe(200);
    expect(guest.headers["cache-control"]).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
    expect(sitemap.headers["cache-control"]).toBe(guest.headers["cache-control"]);
  });
});

describe("a content load", () => {
  test("empties the page cache within the poll period: the next guest sees the new content", async () => {
    const before = await page("/bundles?lang=en");
    await page("/bundles?lang=en");
    await keptPage("/bundles?lang=en");
    const title = "Cache test bundle 5 GB";
    await withClient(server.databaseUrl, async (db) => {
      const { rows } = await db.query<{ id: number }>("select id from bundles order by id limit 1");
      await db.query("update bundles set title_en = $1 where id = $2", [title, rows[0]!.id]);
      // What `npm run content:load` does at its end.
      await db.query("update content_state set version = version + 1, loaded_at = now() where id = 1");
    });
    await expect.poll(async () => (await page("/bundles?lang=en")).text, { timeout: 5_000, interval: 200 }).toContain(title);
    expect(before.text).not.toContain(title);
  });

  test("also refreshes the lists of a signed-in visitor's page (the footer's categories, kept in memory)", async () => {
    const footer = async () => (await page("/profile?lang=en", { cookie: session.cookie })).text;
    const category = "Cache test category";
    expect(await footer()).not.toContain(category);
    await withClient(server.databaseUrl, async (db) => {
      await db.query("update bundle_categories set title_en = $1 where id = (select min(id) from bundle_categories)", [category]);
      expect(await footer()).not.toContain(category); // kept until the content version changes
      await db.query("update content_state set version = version + 1, loaded_at = now() where id = 1");
    });
    await expect.poll(footer, { timeout: 5_000, interval: 200 }).toContain(category);
  });
});

describe("with PAGE_CACHE_SECONDS=0", () => {
  test("nothing is cached: every guest page is rendered with a fresh nonce", async () => {
    const uncached = await startTestServer({ env: { PAGE_CACHE_SECONDS: "0" } });
    try {
      const [first, second] = [await send(uncached.url, "/home"), await send(uncached.url, "/home")];
      expect(first.headers["x-page-cache"]).toBeUndefined();
      const nonces = [first, second].map((answer) => /'nonce-([^']+)'/.exec(String(answer.headers["content-security-policy"]))?.[1]);
      expect(nonces[0]).toBeTruthy();
      expect(nonces[0]).not.toBe(nonces[1]);
      expect(first.headers["cache-control"]).toBe("private, no-store");
      expect((await send(uncached.url, "/sitemap.xml")).headers["cache-control"], "the sitemap, like the pages").toBe("private, no-store");
    } finally {
      await uncached.stop();
    }
  });
});
