// The public catalogue over real HTTP: each content row of the API in both languages (lists, one item,
// 404 and 400), the filters of the roaming and price lists, site search with Arabic spelling variants,
// the pages of every content route, sitemap.xml and robots.txt.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { demoContent, expectFailure, expectSuccess, expectTextIn, htmlLanguage, LANGUAGE_CASES } from "../support/contract.ts";
import { foldSearchText } from "../../common/search-text.ts";
import { api, startTestServer, type ApiClient, type TestServer } from "../support/test-server.ts";

type Bilingual = { titleAr: string; titleEn: string };
const products = demoContent<(Bilingual & { id: number; category: string; segmentId: number | null })[]>("products.json");
// The site lists categories by their sortOrder (the file lists them by slug).
const categories = demoContent<(Bilingual & { slug: string; sortOrder: number })[]>("product-categories.json").sort((a, b) => a.sortOrder - b.sortOrder);
const segments = demoContent<(Bilingual & { id: number })[]>("segments.json");
const services = demoContent<(Bilingual & { id: number; special: boolean })[]>("services.json");
const news = demoContent<(Bilingual & { id: number; type: string; date: string })[]>("news.json");
const solutions = demoContent<(Bilingual & { slug: string })[]>("business-solutions.json");
const countries = demoContent<{ code: string; nameAr: string; nameEn: string; zone: number; callRoaming: boolean; smsRoaming: boolean }[]>("roaming-countries.json");
const tariffs = demoContent<{ code: string; nameAr: string; nameEn: string }[]>("international-tariffs.json");
const faqs = demoContent<{ id: number }[]>("faqs.json");
const centres = demoContent<{ id: number; cityId: number }[]>("service-centres.json");
const apps = demoContent<(Bilingual & { id: number })[]>("apps.json");

const title = (item: Bilingual, language: "ar" | "en") => (language === "ar" ? item.titleAr : item.titleEn);
type Page<T> = { data: T[]; page: number; size: number; total: number };

let server: TestServer;
let client: ApiClient;
beforeAll(async () => {
  server = await startTestServer();
  client = api(server);
});
afterAll(async () => {
  await server?.stop();
});

describe("products, segments, services, apps, news, business", () => {
  for (const { asked, expected, label } of LANGUAGE_CASES) {
    test(`with ${label}: lists and items are in ${expected}`, async () => {
      const categoryList = expectSuccess<{ slug: string; title: string }[]>(await client.get("/core/api/productCategories/web", asked), expected);
      expect(categoryList.map((category) => category.slug)).toEqual(categories.map((category) => category.slug));
      expect(categoryList[0]!.title).toBe(title(categories[0]!, expected));

      const payment = expectSuccess<{ id: number; title: string; body: string; category: string }>(await client.get("/core/api/products/web/62", asked), expected);
      expect(payment.category).toBe("payment");
      expect(payment.title).toBe(title(products.find((product) => product.id === 62)!, expected));
      expectTextIn(expected, payment.body.replace(/<[^>]+>/g, " "));

      const segmentList = expectSuccess<{ id: number; title: string }[]>(await client.get("/core/api/segments/web", asked), expected);
      expect(segmentList.map((segment) => segment.title)).toEqual(segments.map((segment) => title(segment, expected)));

      const special = expectSuccess<{ id: number; special: boolean }[]>(await client.get("/core/api/services/web?special=true", asked), expected);
      expect(special.map((service) => service.id).sort()).toEqual(services.filter((service) => service.special).map((service) => service.id).sort());

      const app = expectSuccess<{ title: string; link: string }>(await client.get(`/customerCare/api/commercialApp/web/${apps[1]!.id}`, asked), expected);
      expect(app.title).toBe(title(apps[1]!, expected));

      const solution = expectSuccess<{ title: string }>(await client.get(`/core/api/business/web/${solutions[0]!.slug}`, asked), expected);
      expect(solution.title).toBe(title(solutions[0]!, expected));
    });
  }

  test("product lists filter by category and segment and are paged", async () => {
    const payment = expectSuccess<Page<{ id: number }>>(await client.get("/core/api/products/web?category=payment", "en"), "en");
    expect(payment.data.map((product) => product.id).sort()).toEqual(products.filter((product) => product.category === "payment").map((product) => product.id).sort());
    const bySegment = expectSuccess<Page<{ segmentId: number }>>(await client.get(`/core/api/products/web?segmentId=${segments[0]!.id}`, "en"), "en");
    expect(bySegment.total).toBe(products.filter((product) => product.segmentId === segments[0]!.id).length);
    const second = expectSuccess<Page<{ id: number }>>(await client.get("/core/api/products/web?page=1&size=5", "en"), "en");
    expect(second).toMatchObject({ page: 1, size: 5, total: products.length });
    expect(second.data).toHaveLength(5);
  });

  test("news is newest first and filters by type", async () => {
    const all = expectSuccess<Page<{ date: string }>>(await client.get("/core/api/news/web?size=100", "ar"), "ar");
    expect(all.data.map((item) => item.date)).toEqual([...news.map((item) => item.date)].sort().reverse());
    const press = expectSuccess<Page<{ type: string }>>(await client.get("/core/api/news/web?type=press", "en"), "en");
    expect(press.total).toBe(news.filter((item) => item.type === "press").length);
    expect(press.data.every((item) => item.type === "press")).toBe(true);
  });

  test("unknown ids are 404, bad ids and queries 400, in the asked language", async () => {
    for (const path of ["/core/api/products/web/9999", "/core/api/segments/web/99", "/core/api/services/web/99", "/core/api/news/web/99", "/customerCare/api/commercialApp/web/99", "/core/api/business/web/nothing"]) {
      expectFailure(await client.get(path, "en"), 404, "NOT_FOUND", "en", "notFound");
    }
    for (const path of ["/core/api/products/web/x", "/core/api/products/web?size=0", "/core/api/products/web?category=%3Cscript%3E", "/core/api/news/web?type=blog", "/core/api/services/web?special=maybe", "/core/api/roaming/countries/web?service=fax"]) {
      expectFailure(await client.get(path, "ar"), 400, "BAD_REQUEST", "ar", "badRequest");
    }
  });
});

describe("roaming and the prices list", () => {
  test("zones; countries of each service, sorted by name in the asked language", async () => {
    expect(expectSuccess<unknown[]>(await client.get("/core/api/roaming/zones/web", "en"), "en")).toHaveLength(demoContent<unknown[]>("roaming-zones.json").length);
    for (const [service, flag] of [["call", "callRoaming"], ["sms", "smsRoaming"]] as const) {
      const page = expectSuccess<Page<{ code: string; name: string }>>(await client.get(`/core/api/roaming/countries/web?service=${service}&size=100`, "ar"), "ar");
      expect(page.data.map((country) => country.code).sort()).toEqual(countries.filter((country) => country[flag]).map((country) => country.code).sort());
      const names = page.data.map((country) => country.name);
      expect(names).toEqual([...names].sort(new Intl.Collator("ar").compare));
    }
  });

  test("a country is found by either language's name, its code or its dialling code; zone filters", async () => {
    const turkey = countries.find((country) => country.code === "TR")!;
    for (const q of [turkey.nameAr, turkey.nameEn.toUpperCase(), "tr", "90"]) {
      const page = expectSuccess<Page<{ code: string }>>(await client.get(`/core/api/roaming/countries/web?q=${encodeURIComponent(q)}`, "en"), "en");
      expect(page.data.map((country) => country.code), q).toContain("TR");
    }
    const zone1 = expectSuccess<Page<{ zone: number }>>(await client.get("/core/api/roaming/countries/web?zone=1&size=100", "en"), "en");
    expect(zone1.total).toBe(countries.filter((country) => country.zone === 1).length);
  });

  test("the prices list searches by name, folding Arabic spelling", async () => {
    const all = expectSuccess<Page<unknown>>(await client.get("/core/api/prices/international/web?size=100", "ar"), "ar");
    expect(all.total).toBe(tariffs.length);
    const jordan = tariffs.find((tariff) => tariff.code === "JO")!;
    // "الاردن" without the hamza finds "الأردن".
    const page = expectSuccess<Page<{ code: string }>>(await client.get(`/core/api/prices/international/web?q=${encodeURIComponent("الاردن")}`, "ar"), "ar");
    expect(page.data.map((tariff) => tariff.code)).toEqual([jordan.code]);
  });
});

describe("FAQs and service centres", () => {
  test("FAQs grouped, every question once", async () => {
    const groups = expectSuccess<{ questions: { id: number }[] }[]>(await client.get("/customerCare/api/faqs/web", "en"), "en");
    expect(groups.flatMap((group) => group.questions.map((question) => question.id)).sort((a, b) => a - b)).toEqual(faqs.map((faq) => faq.id).sort((a, b) => a - b));
  });

  test("service centres, all and one city's, each with an open-now mark", async () => {
    const all = expectSuccess<{ id: number; openNow: boolean }[]>(await client.get("/customerCare/api/serviceCenters/web", "ar"), "ar");
    expect(all).toHaveLength(centres.length);
    expect(all.every((centre) => typeof centre.openNow === "boolean")).toBe(true);
    const damascus = expectSuccess<{ cityId: number }[]>(await client.get("/customerCare/api/serviceCenters/web?cityId=1", "en"), "en");
    expect(damascus).toHaveLength(centres.filter((centre) => centre.cityId === 1).length);
  });
});

describe("site search", () => {
  const search = async (q: string, language: "ar" | "en") =>
    expectSuccess<{ total: number; groups: { kind: string; hits: { title: string; url: string }[] }[] }>(await client.get(`/core/api/search/web?q=${encodeURIComponent(q)}`, language), language);
  const urls = (result: Awaited<ReturnType<typeof search>>) => result.groups.flatMap((group) => group.hits.map((hit) => hit.url));

  test("Arabic spelling variants find the same things (hamza, taa marbuta, diacritics, the article)", async () => {
    const reference = urls(await search("الإنترنت", "ar"));
    expect(reference.length).toBeGreaterThan(0);
    for (const variant of ["الانترنت", "انترنت", "إنترنت", "الإِنْتَرْنِت"]) expect(urls(await search(variant, "ar")), variant).toEqual(reference);
    expect(urls(await search("باقة", "ar"))).toEqual(urls(await search("باقه", "ar")));
  });

  test("English is case- and stem-insensitive, and tolerates a typo", async () => {
    expect(urls(await search("Roaming", "en"))).toEqual(urls(await search("roaming", "en")));
    // The same items (their order may differ a little: the ranks are not identical).
    expect(urls(await search("bundles", "en")).sort()).toEqual(urls(await search("BUNDLE", "en")).sort());
    const typo = await search("rooming", "en");
    expect(typo.total).toBeGreaterThan(0);
    const country = await search("Turkye", "en");
    expect(urls(country)).toContain(`/international-Roaming-Countries?q=Turkey`);
  });

  test("results are grouped by kind in the asked language; a country is found by its other-language name", async () => {
    const result = await search("تركيا", "ar");
    const countryGroup = result.groups.find((group) => group.kind === "country");
    expect(countryGroup?.hits[0]?.title).toBe("تركيا");
    const crossed = await search("Turkey", "ar");
    expect(crossed.groups.find((group) => group.kind === "country")?.hits[0]?.title).toBe("تركيا");
    const payment = await search("bill", "en");
    expect(urls(payment)).toContain("/products/payment/62");
  });

  test("the most relevant result comes first whatever its kind: searching a service's name finds that service first", async () => {
    const superClip = services.find((service) => service.titleEn === "Super Clip")!;
    for (const [q, language] of [["سوبر كليب", "ar"], ["super clip", "en"], ["Super Clip", "en"]] as const) {
      const result = await search(q, language);
      expect(result.groups[0]?.hits[0]?.url, `the first result of "${q}" (${language}), before ${JSON.stringify(result.groups.map((group) => group.kind))}`).toBe(`/service-details/${superClip.id}`);
    }
  });

  test("an item whose title is exactly the query ranks above every partial match, across all kinds", async () => {
    const titled = [
      ...products.map((item) => ({ ...item, url: `/products/${item.category}/${item.id}` })),
      ...services.map((item) => ({ ...item, url: `/service-details/${item.id}` })),
      ...apps.map((item) => ({ ...item, url: `/app-details/${item.id}` })),
      ...news.map((item) => ({ ...item, url: `/news-details/${item.type}/${item.id}` })),
    ];
    const problems: string[] = [];
    for (const language of ["ar", "en"] as const) {
      for (const item of titled) {
        const q = title(item, language);
        const hits = (await search(q, language)).groups.flatMap((group) => group.hits);
        const same = (hit: { title: string }) => foldSearchText(hit.title) === foldSearchText(q);
        const firstPartial = hits.findIndex((hit) => !same(hit));
        const lastExact = hits.findLastIndex(same);
        if (!hits.some((hit) => hit.url === item.url)) problems.push(`"${q}" (${language}) does not find ${item.url}`);
        else if (firstPartial !== -1 && lastExact > firstPartial) problems.push(`"${q}" (${language}): "${hits[firstPartial]!.title}" comes before the exact title at ${lastExact + 1}`);
      }
    }
    expect(problems).toEqual([]);
  });

  test("one letter finds nothing; an over-long query is 400", async () => {
    expect((await search("x", "en")).total).toBe(0);
    expectFailure(await client.get(`/core/api/search/web?q=${"a".repeat(101)}`, "en"), 400, "BAD_REQUEST", "en", "badRequest");
  });
});

describe("content pages", () => {
  const pages = [
    "/products",
    "/products/prepaid",
    "/products/payment/62",
    "/products/segment-products",
    "/products/prices-list",
    `/segment-details/${segments[0]!.id}`,
    "/roaming",
    "/international-Roaming-Countries",
    "/SMS-Roaming-Countries",
    `/app-details/${apps[0]!.id}`,
    `/service-details/${services[0]!.id}`,
    `/news-details/${news[0]!.type}/${news[0]!.id}`,
    "/support/FAQs",
    "/support/Services-Centers",
    "/support/Feedback",
    "/support/Contact-Us",
    "/business",
    `/business/${solutions[0]!.slug}`,
    "/search?q=roaming",
  ];
  for (const language of ["ar", "en"] as const) {
    test(`every content page answers 200 in ${language}, with its title, description and Open Graph tags`, async () => {
      for (const path of pages) {
        const answer = await client.page(`${path}${path.includes("?") ? "&" : "?"}lang=${language}`);
        expect(answer.status, path).toBe(200);
        expect(htmlLanguage(answer.text).lang).toBe(language);
        const pageTitle = /<title>([^<]*)<\/title>/.exec(answer.text)?.[1] ?? "";
        expectTextIn(language, pageTitle);
        expect(answer.text, path).toMatch(/<meta name="description" content="[^"]+"/);
        expect(answer.text, path).toMatch(new RegExp(`<meta property="og:url" content="[^"]*${path.split("?")[0]!.replace(/[/.]/g, "\\$&")}\\?lang=${language}"`));
        expect(answer.text, path).toContain(`<meta property="og:locale" content="${language === "ar" ? "ar_SY" : "en_GB"}"`);
      }
    });
  }

  test("a product under another category, or unknown items, are 404", async () => {
    for (const path of ["/products/prepaid/62", "/products/nothing", "/segment-details/99", "/news-details/press/999", "/app-details/0", "/business/none", "/support/Nothing"]) {
      expect((await client.page(path)).status, path).toBe(404);
    }
  });

  test("the roaming list and the prices list filter on the server too (?q=, ?zone=), before any script", async () => {
    const filtered = (await client.page(`/SMS-Roaming-Countries?lang=en&q=${encodeURIComponent("ترك")}`)).text;
    expect(filtered).toContain('value="ترك"');
    const centres1 = (await client.page("/support/Services-Centers?lang=en&city=1")).text;
    expect(centres1).toContain('<option value="1" selected="">');
  });
});

describe("images", () => {
  test("every news illustration exists at the three widths, and pages ask for it responsively", async () => {
    for (const item of demoContent<{ image: string | null }[]>("news.json")) {
      expect(item.image).not.toBeNull();
      for (const width of [536, 767, 1200]) {
        const answer = await client.get(`${item.image}-${width}.jpg`);
        expect(answer.status, `${item.image}-${width}.jpg`).toBe(200);
        expect(answer.headers["content-type"]).toBe("image/jpeg");
      }
    }
    const home = (await client.page("/home?lang=en")).text;
    const cards = [...home.matchAll(/<img [^>]*>/g)].map((match) => match[0]);
    expect(cards.length).toBeGreaterThan(0);
    for (const img of cards) {
      expect(img).toMatch(/srcSet="[^"]*-536\.jpg 536w, [^"]*-767\.jpg 767w, [^"]*-1200\.jpg 1200w"/);
      expect(img).toContain('sizes="(max-width: 536px) 100vw, (max-width: 767px) 100vw,');
      expect(img).toMatch(/width="\d+" height="\d+"/);
      // Below the fold on the home page: lazy.
      expect(img).toContain('loading="lazy"');
    }
    const article = (await client.page(`/news-details/${news[0]!.type}/${news[0]!.id}?lang=ar`)).text;
    expect(/<img [^>]*>/.exec(article)?.[0]).toContain('loading="eager"');
    const item = expectSuccess<{ image: string }>(await client.get(`/core/api/news/web/${news[0]!.id}`, "en"), "en");
    expect(item.image).toBe(`/images/news/${news[0]!.id}`);
  });
});

describe("sitemap.xml and robots.txt", () => {
  test("the sitemap lists every public page in both languages with alternates", async () => {
    const answer = await client.get("/sitemap.xml");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/^application\/xml/);
    const locs = [...answer.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!.replace(/&amp;/g, "&")));
    const paths = new Set(locs.map((url) => url.pathname));
    for (const path of ["/home", "/products/payment/62", "/support/FAQs", "/roaming", `/news-details/${news[0]!.type}/${news[0]!.id}`, `/business/${solutions[0]!.slug}`]) expect(paths, path).toContain(path);
    expect(locs.filter((url) => url.searchParams.get("lang") === "ar")).toHaveLength(locs.length / 2);
    expect(paths).not.toContain("/profile");
    expect(answer.text).toContain('hreflang="en"');
  });

  test("robots.txt keeps crawlers out of the form and line-feature endpoints, the dev pages and search results, lets them see that a subscriber page redirects, and names the sitemap", async () => {
    const answer = await client.get("/robots.txt");
    expect(answer.status).toBe(200);
    for (const path of ["/account/", "/line-features/", "/dev/", "/search"]) expect(answer.text).toContain(`Disallow: ${path}`);
    expect(answer.text).not.toContain("Disallow: /profile");
    const crawler = await client.page("/profile", { headers: { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" } });
    expect(crawler.status).toBe(302);
    expect(new URL(crawler.headers.location!, "http://x").pathname).toBe("/home");
    expect(answer.text).toMatch(/^Sitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml$/m);
  });
});
