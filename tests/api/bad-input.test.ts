// Hostile or broken requests (issue requirement: never a 500): malformed percent-encoding, over-long
// query strings, garbage in the language cookie, unknown languages and unknown pages.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { api, findSetCookie, startTestServer, type ApiClient, type TestServer } from "../support/test-server.ts";
import { catalogs, expectFailure, htmlLanguage } from "../support/contract.ts";

let server: TestServer;
let client: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  client = api(server);
});
afterAll(async () => {
  await server?.stop();
});

describe("malformed paths", () => {
  for (const path of ["/%E0%A4%A", "/support/%ZZ", "/%"]) {
    test(`${path} answers the not-found page (404 HTML), not a 500`, async () => {
      const answer = await client.page(path);
      expect(answer.status).toBe(404);
      expect(answer.headers["content-type"]).toMatch(/^text\/html/);
      expect(answer.text).toContain(catalogs.ar.notFound.title);
      expect(htmlLanguage(answer.text)).toEqual({ lang: "ar", dir: "rtl" });
    });
  }

  test("malformed escapes inside route parameters answer a page or the not-found page, never a 5xx", async () => {
    for (const path of ["/products/%C0%AF", "/bundles/%ZZ", "/about-sama/%E0%A4%A", "/news-details/%/1", "/search?q=%ZZ"]) {
      const answer = await client.page(path);
      expect([200, 400, 404], `${path} answered ${answer.status}`).toContain(answer.status);
      expect(answer.headers["content-type"]).toMatch(/^text\/html/);
    }
  });

  test("/core/api/%ZZ answers the JSON 404 envelope, not a 500", async () => {
    expectFailure(await client.get("/core/api/%ZZ", "en"), 404, "NOT_FOUND", "en", "notFound");
  });

  test("/customerCare/api/about/type/%ZZ answers 400 or 404 envelope, not a 500", async () => {
    const answer = await client.get("/customerCare/api/about/type/%ZZ", "en");
    expect([400, 404]).toContain(answer.status);
    expectFailure(answer, answer.status, answer.status === 400 ? "BAD_REQUEST" : "NOT_FOUND", "en", answer.status === 400 ? "badRequest" : "notFound");
  });
});

describe("over-long query strings", () => {
  const longQuery = `?q=${"x".repeat(20 * 1024)}`;

  for (const path of ["/home", "/search", "/core/api/jobs/all"]) {
    test(`${path} with a 20 KB query string is refused as too long (414/431) or served, never a 500`, async () => {
      const answer = await client.request(`${path}${longQuery}`, { headers: { accept: "text/html" } });
      expect([200, 414, 431]).toContain(answer.status);
    });
  }

  test("the server still answers after the long requests", async () => {
    expect((await client.get("/healthz")).status).toBe(200);
  });
});

describe("page language from the lang cookie and ?lang=", () => {
  for (const [label, cookie] of [
    ["lang=xx", "lang=xx"],
    ["lang=%%%", "lang=%%%"],
    ["a 4 KB lang cookie", `lang=${"e".repeat(4096)}`],
    ["a cookie header without '='", "lang"],
  ] as const) {
    test(`${label}: the page renders in Arabic (lang="ar" dir="rtl")`, async () => {
      const answer = await client.page("/home", { cookie });
      expect(answer.status).toBe(200);
      expect(htmlLanguage(answer.text)).toEqual({ lang: "ar", dir: "rtl" });
    });
  }

  test('lang=en cookie: the page renders in English (lang="en" dir="ltr")', async () => {
    const answer = await client.page("/home", { cookie: "lang=en" });
    expect(answer.status).toBe(200);
    expect(htmlLanguage(answer.text)).toEqual({ lang: "en", dir: "ltr" });
  });

  test('?lang=en: the page renders in English and sets the cookie lang=en', async () => {
    const answer = await client.page("/home?lang=en");
    expect(answer.status).toBe(200);
    expect(htmlLanguage(answer.text)).toEqual({ lang: "en", dir: "ltr" });
    const cookie = findSetCookie(answer.cookies, "lang");
    expect(cookie?.value).toBe("en");
    expect(cookie?.attributes).toContain("path=/");
  });

  test("?lang=en wins over a lang=ar cookie", async () => {
    const answer = await client.page("/home?lang=en", { cookie: "lang=ar" });
    expect(htmlLanguage(answer.text)).toEqual({ lang: "en", dir: "ltr" });
  });

  test("?lang=fr: the page stays Arabic and no lang cookie is set", async () => {
    const answer = await client.page("/home?lang=fr");
    expect(answer.status).toBe(200);
    expect(htmlLanguage(answer.text)).toEqual({ lang: "ar", dir: "rtl" });
    expect(findSetCookie(answer.cookies, "lang")).toBeUndefined();
  });
});

describe("unknown pages", () => {
  for (const { language, path } of [
    { language: "ar", path: "/no-such-page" },
    { language: "en", path: "/no-such-page/deeper?lang=en" },
  ] as const) {
    test(`${path}: 404 HTML with "Ooops!" and the not-found message in ${language}`, async () => {
      const answer = await client.page(path);
      expect(answer.status).toBe(404);
      expect(answer.headers["content-type"]).toMatch(/^text\/html/);
      expect(answer.text).toContain("Ooops!");
      expect(answer.text).toContain(catalogs[language].notFound.message);
      expect(htmlLanguage(answer.text).lang).toBe(language);
    });
  }
});

describe("the server after these requests", () => {
  test("logged no error: no request above made it fail", () => {
    expect(server.errors()).toEqual([]);
  });
});
