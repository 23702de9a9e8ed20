// Offers over real HTTP: only running offers are listed; one offer (an ended one too) in both languages;
// the pages, with an ended offer saying so, and 404 for an unknown offer or a wrong type.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import en from "../../common/i18n/en.json" with { type: "json" };
import { demoContent, expectFailure, expectSuccess, LANGUAGE_CASES } from "../support/contract.ts";
import { demoOfferAsOf, moveDemoOffersToToday, operatorToday } from "../support/demo-offers.ts";
import { api, startTestServer, type ApiClient, type TestServer } from "../support/test-server.ts";

interface SeedOffer {
  id: number;
  type: string;
  titleAr: string;
  titleEn: string;
  validFrom: string;
  validTo: string;
}
// The demo story as of the operator's today, on any day (tests/support/demo-offers.ts): offers running, one ended.
const today = operatorToday();
const seed = demoContent<SeedOffer[]>("offers.json").map((offer) => demoOfferAsOf(offer, today));
const running = seed.filter((offer) => offer.validFrom <= today && offer.validTo >= today);
const ended = seed.find((offer) => offer.validTo < today)!;

let server: TestServer;
let client: ApiClient;
beforeAll(async () => {
  expect(running.length, "the demo content has offers that run today").toBeGreaterThan(1);
  expect(ended, "the demo content has an offer that has ended").toBeDefined();
  server = await startTestServer({ prepare: (databaseUrl) => moveDemoOffersToToday(databaseUrl, today) });
  client = api(server);
});
afterAll(async () => {
  await server?.stop();
});

describe("GET core/api/offers/web", () => {
  for (const { asked, expected, label } of LANGUAGE_CASES) {
    test(`with ${label}: the running offers only, titles in ${expected}`, async () => {
      const page = expectSuccess<{ data: { id: number; title: string }[]; total: number }>(await client.get("/core/api/offers/web", asked), expected);
      expect(page.data.map((offer) => offer.id)).toEqual(running.map((offer) => offer.id));
      expect(page.data[0]!.title).toBe(expected === "ar" ? running[0]!.titleAr : running[0]!.titleEn);
      expect(page.total).toBe(running.length);
    });
  }

  test("one offer, an ended one too; unknown 404; bad id 400", async () => {
    expect(expectSuccess<{ validTo: string }>(await client.get(`/core/api/offers/web/${ended.id}`, "en"), "en").validTo).toBe(ended.validTo);
    expectFailure(await client.get("/core/api/offers/web/9999", "ar"), 404, "NOT_FOUND", "ar", "notFound");
    expectFailure(await client.get("/core/api/offers/web/x", "en"), 400, "BAD_REQUEST", "en", "badRequest");
  });
});

describe("offer pages", () => {
  test("/offers lists the running offers; details answer; an ended offer says so; wrong type or id is 404", async () => {
    const list = (await client.page("/offers?lang=en")).text;
    for (const offer of running) expect(list).toContain(offer.titleEn);
    expect(list).not.toContain(ended.titleEn);
    const first = running[0]!;
    expect((await client.page(`/offer-details/${first.type}/${first.id}?lang=ar`)).status).toBe(200);
    const endedPage = await client.page(`/offer-details/${ended.type}/${ended.id}?lang=en`);
    expect(endedPage.status).toBe(200);
    expect(endedPage.text).toContain(en.offers.ended);
    expect((await client.page(`/offer-details/other/${first.id}`)).status).toBe(404);
    expect((await client.page("/offer-details/weekend/9999")).status).toBe(404);
    expect(server.errors()).toEqual([]);
  });
});
