// Bundles over real HTTP: the paged list (all, or one category's), one bundle, both languages, bad input.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { demoContent, expectFailure, expectSuccess, LANGUAGE_CASES } from "../support/contract.ts";
import { api, startTestServer, type ApiClient, type TestServer } from "../support/test-server.ts";

interface SeedBundle {
  id: number;
  categoryId: number;
  titleAr: string;
  titleEn: string;
  price: number;
}
interface Bundle {
  id: number;
  categoryId: number;
  type: string;
  title: string;
  price: number;
  allowances: unknown[];
  activation: { ussd: string };
}
interface Page<T> {
  data: T[];
  page: number;
  size: number;
  total: number;
}

const seed = demoContent<SeedBundle[]>("bundles.json");
let server: TestServer;
let client: ApiClient;
beforeAll(async () => {
  server = await startTestServer();
  client = api(server);
});
afterAll(async () => {
  await server?.stop();
});

describe("GET core/api/bundles/web", () => {
  for (const { asked, expected, label } of LANGUAGE_CASES) {
    test(`with ${label}: every bundle of the content file, titles in ${expected}`, async () => {
      const page = expectSuccess<Page<Bundle>>(await client.get("/core/api/bundles/web?size=100", asked), expected);
      expect(page.total).toBe(seed.length);
      expect(page.data.map((bundle) => bundle.id).sort()).toEqual(seed.map((bundle) => bundle.id).sort());
      const first = seed.find((bundle) => bundle.id === page.data[0]!.id)!;
      expect(page.data[0]!.title).toBe(expected === "ar" ? first.titleAr : first.titleEn);
      expect(page.data[0]!.price).toBe(first.price);
      expect(page.data[0]!.activation.ussd).toMatch(/^\*[\d*]+#$/);
    });
  }

  test("one category's bundles, and pages of them", async () => {
    const category = seed[0]!.categoryId;
    const inCategory = seed.filter((bundle) => bundle.categoryId === category);
    const all = expectSuccess<Page<Bundle>>(await client.get(`/core/api/bundles/web?categoryId=${category}`, "en"), "en");
    expect(all.data.map((bundle) => bundle.id)).toEqual(inCategory.map((bundle) => bundle.id));
    const second = expectSuccess<Page<Bundle>>(await client.get(`/core/api/bundles/web?categoryId=${category}&page=1&size=1`, "en"), "en");
    expect(second).toMatchObject({ page: 1, size: 1, total: inCategory.length });
    expect(second.data.map((bundle) => bundle.id)).toEqual([inCategory[1]!.id]);
  });

  test("bad query values: 400 naming the field, never a 500", async () => {
    for (const query of ["page=-1", "size=0", "size=1000", "categoryId=abc"]) {
      const body = expectFailure(await client.get(`/core/api/bundles/web?${query}`, "ar"), 400, "BAD_REQUEST", "ar", "badRequest");
      expect(Object.keys(body.errors ?? {})).toEqual([query.split("=")[0]]);
    }
  });
});

describe("GET core/api/bundles/web/{id}", () => {
  test("one bundle in both languages; an unknown id is 404; a bad id 400", async () => {
    const bundle = seed[1]!;
    expect(expectSuccess<Bundle>(await client.get(`/core/api/bundles/web/${bundle.id}`, "ar"), "ar").title).toBe(bundle.titleAr);
    expect(expectSuccess<Bundle>(await client.get(`/core/api/bundles/web/${bundle.id}`, "en"), "en").title).toBe(bundle.titleEn);
    expectFailure(await client.get("/core/api/bundles/web/999999", "en"), 404, "NOT_FOUND", "en", "notFound");
    expectFailure(await client.get("/core/api/bundles/web/abc", "en"), 400, "BAD_REQUEST", "en", "badRequest");
  });
});

describe("bundle pages", () => {
  test("/bundles lists every bundle; a category page its own; details answer 200, a wrong type or id 404", async () => {
    const list = await client.page("/bundles?lang=en");
    expect(list.status).toBe(200);
    for (const bundle of seed) expect(list.text).toContain(bundle.titleEn);
    const category = await client.page(`/bundles/${seed[0]!.categoryId}?lang=ar`);
    expect(category.status).toBe(200);
    expect(category.text).toContain(seed[0]!.titleAr);
    const full = expectSuccess<Bundle>(await client.get(`/core/api/bundles/web/${seed[0]!.id}`, "en"), "en");
    expect((await client.page(`/bundle-details/${full.type}/${full.id}?lang=en`)).status).toBe(200);
    expect((await client.page(`/bundle-details/${full.type === "data" ? "voice" : "data"}/${full.id}`)).status).toBe(404);
    expect((await client.page("/bundle-details/data/999999")).status).toBe(404);
    expect((await client.page("/bundle-details/data/abc")).status).toBe(404);
    expect(server.errors()).toEqual([]);
  });

  test("/home shows the popular bundles, and only those", async () => {
    const popular = demoContent<(SeedBundle & { popular: boolean })[]>("bundles.json");
    const home = (await client.page("/home?lang=en")).text;
    for (const bundle of popular) expect(home.includes(`>${bundle.titleEn}<`), bundle.titleEn).toBe(bundle.popular);
  });
});
