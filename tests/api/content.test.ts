// Spec §7 content rows over real HTTP: about/terms/privacy texts, the operator's app links, the apps
// list, social links and bundle categories, in Arabic and English, with the exact envelope.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { api, startTestServer, type ApiClient, type TestServer } from "../support/test-server.ts";
import { catalogs, demoContent, expectFailure, expectSuccess, expectTextIn, LANGUAGE_CASES, textOf } from "../support/contract.ts";

interface AboutRow { type: number; slug: string; titleAr: string; titleEn: string; textAr: string; textEn: string; image: string | null; largeImage: string | null }
interface AppRow { id: number; titleAr: string; titleEn: string; link: string; appleLink: string; sortOrder: number }
interface CategoryRow { id: number; titleAr: string; titleEn: string; sortOrder: number }
interface SocialRow { type: number; link: string }

const about = demoContent<AboutRow[]>("about.json");
const apps = demoContent<AppRow[]>("apps.json");
const categories = demoContent<CategoryRow[]>("bundle-categories.json");
const socialLinks = demoContent<SocialRow[]>("social-links.json");

let server: TestServer;
let client: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  client = api(server);
});
afterAll(async () => {
  await server?.stop();
});

function aboutRow(type: number): AboutRow {
  const row = about.find((item) => item.type === type);
  if (!row) throw new Error(`content/about.json has no item of type ${type}; the test needs one`);
  return row;
}

describe("GET /customerCare/api/about/type/{type}", () => {
  for (const { asked, expected, label } of LANGUAGE_CASES) {
    test(`terms (type 4) with ${label}: the terms text in ${expected}, its image and large image`, async () => {
      const data = expectSuccess<{ text: string; image: string | null; largeImage: string | null }>(
        await client.get("/customerCare/api/about/type/4", asked),
        expected,
      );
      expect(Object.keys(data).sort()).toEqual(["image", "largeImage", "text"]);
      const row = aboutRow(4);
      expect(textOf(data.text)).toBe(textOf(expected === "ar" ? row.textAr : row.textEn));
      expect(data.text).not.toMatch(/<script|\son\w+=/i);
      expectTextIn(expected, textOf(data.text));
      expect(data.image).toBe(row.image);
      expect(data.largeImage).toBe(row.largeImage);
    });

    test(`privacy (type 5) with ${label}: the privacy text in ${expected}`, async () => {
      const data = expectSuccess<{ text: string; image: string | null; largeImage: string | null }>(
        await client.get("/customerCare/api/about/type/5", asked),
        expected,
      );
      expect(Object.keys(data).sort()).toEqual(["image", "largeImage", "text"]);
      const row = aboutRow(5);
      expect(textOf(data.text)).toBe(textOf(expected === "ar" ? row.textAr : row.textEn));
      expect(data.text).not.toMatch(/<script|\son\w+=/i);
      expectTextIn(expected, textOf(data.text));
      expect(data.image).toBe(row.image);
      expect(data.largeImage).toBe(row.largeImage);
    });

    test(`a type with no text (999) with ${label}: 404 NOT_FOUND envelope in ${expected}`, async () => {
      const body = expectFailure(await client.get("/customerCare/api/about/type/999", asked), 404, "NOT_FOUND", expected, "notFound");
      expect(body.errors).toBeUndefined();
    });

    test(`a type that is not a number with ${label}: 400 BAD_REQUEST naming the field "type"`, async () => {
      const body = expectFailure(await client.get("/customerCare/api/about/type/abc", asked), 400, "BAD_REQUEST", expected, "badRequest");
      expect(Object.keys(body.errors ?? {})).toEqual(["type"]);
      // The field's message is in the asked language too, never Zod's own English.
      expect(body.errors!.type).toEqual([catalogs[expected].api.invalidField]);
    });
  }

  test("a negative or fractional type is bad input (400), never a 500", async () => {
    for (const type of ["-4", "4.5", "0"]) {
      const answer = await client.get(`/customerCare/api/about/type/${type}`, "en");
      expectFailure(answer, 400, "BAD_REQUEST", "en", "badRequest");
    }
  });
});

describe("GET /customerCare/api/app/web", () => {
  for (const { asked, expected, label } of LANGUAGE_CASES) {
    test(`with ${label}: the operator app's Android link and iOS link`, async () => {
      const data = expectSuccess<{ link: string; appleLink: string }>(await client.get("/customerCare/api/app/web", asked), expected);
      const first = [...apps].sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id)[0]!;
      expect(data).toEqual({ link: first.link, appleLink: first.appleLink });
      expect(data.link).toMatch(/^https:\/\//);
      expect(data.appleLink).toMatch(/^https:\/\//);
    });
  }
});

describe("GET /customerCare/api/commercialApp/web", () => {
  for (const { asked, expected, label } of LANGUAGE_CASES) {
    test(`with ${label}: every app in display order with id, title in ${expected}, link and appleLink`, async () => {
      const data = expectSuccess<{ id: number; title: string; link: string; appleLink: string }[]>(
        await client.get("/customerCare/api/commercialApp/web", asked),
        expected,
      );
      const ordered = [...apps].sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
      expect(data).toEqual(
        ordered.map((app) => ({ id: app.id, title: expected === "ar" ? app.titleAr : app.titleEn, link: app.link, appleLink: app.appleLink })),
      );
      for (const item of data) {
        expect(Object.keys(item).sort()).toEqual(["appleLink", "id", "link", "title"]);
        expectTextIn(expected, item.title);
      }
    });
  }
});

describe("GET /customerCare/api/socialLink/get", () => {
  for (const { asked, expected, label } of LANGUAGE_CASES) {
    test(`with ${label}: one link per type 0 (Facebook) to 3 (YouTube)`, async () => {
      const data = expectSuccess<{ type: number; link: string }[]>(await client.get("/customerCare/api/socialLink/get", asked), expected);
      expect(data.map((item) => item.type)).toEqual([0, 1, 2, 3]);
      expect(data).toEqual([...socialLinks].sort((a, b) => a.type - b.type));
      for (const item of data) {
        expect(Object.keys(item).sort()).toEqual(["link", "type"]);
        expect(item.link).toMatch(/^https:\/\//);
      }
    });
  }
});

describe("GET /core/api/bundleCategories/web", () => {
  for (const { asked, expected, label } of LANGUAGE_CASES) {
    test(`with ${label}: categories in display order, each {id, title} in ${expected}`, async () => {
      const data = expectSuccess<{ id: number; title: string }[]>(await client.get("/core/api/bundleCategories/web", asked), expected);
      const ordered = [...categories].sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
      expect(data).toEqual(ordered.map((row) => ({ id: row.id, title: expected === "ar" ? row.titleAr : row.titleEn })));
      expect(data.length).toBeGreaterThanOrEqual(4);
      for (const item of data) expectTextIn(expected, item.title);
    });
  }
});

describe("the server after these requests", () => {
  test("logged no error: no request above made it fail", () => {
    expect(server.errors()).toEqual([]);
  });
});
