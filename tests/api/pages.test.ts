// The page routes of spec §2 over plain HTTP (no browser): redirects, every route of the table
// answering its page with a title and a breadcrumb in the page language, not-found answers, the
// subscriber guard, and the privacy page's text and breadcrumb.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { api, findSetCookie, startTestServer, type ApiClient, type HttpAnswer, type TestServer } from "../support/test-server.ts";
import { breadcrumbOf, catalogs, demoContent, expectTextIn, htmlLanguage, pageTitle, textOf, withoutScripts } from "../support/contract.ts";
import { insertSession } from "../support/subscriber.ts";

let server: TestServer;
let client: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  client = api(server);
});
afterAll(async () => {
  await server?.stop();
});

/** The redirect target as path + query, whether Location is absolute or relative. */
function redirectTarget(answer: HttpAnswer): string {
  const location = answer.headers.location;
  if (!location) throw new Error(`expected a redirect, got HTTP ${answer.status} without Location`);
  const url = new URL(location, server.url);
  return url.pathname + url.search;
}

function languageCookie(language: "ar" | "en"): string {
  return `lang=${language}`;
}

describe("redirects", () => {
  for (const [from, to] of [
    ["/", "/personal"],
    ["/personal", "/home"],
    ["/personal/bundles", "/bundles"],
    ["/support", "/support/FAQs"],
    ["/about-sama", "/about-sama/who-we-are"],
    ["/?lang=en", "/personal?lang=en"],
  ] as const) {
    test(`${from} answers 302 to ${to}`, async () => {
      const answer = await client.page(from);
      expect(answer.status).toBe(302);
      expect(redirectTarget(answer)).toBe(to);
    });
  }
});

const ROUTES = [
  "/home",
  "/products",
  "/products/prepaid",
  "/products/segment-products",
  "/products/prices-list",
  "/products/payment/62",
  "/products/prepaid/11",
  "/bundles",
  "/bundles/1",
  "/bundle-details/data/101",
  "/offers",
  "/offer-details/weekend/1",
  "/roaming",
  "/international-Roaming-Countries",
  "/SMS-Roaming-Countries",
  "/app-details/1",
  "/service-details/1",
  "/news-details/press/2",
  "/segment-details/1",
  "/Reservation",
  "/about-sama/who-we-are",
  "/about-sama/social-responsibility",
  "/about-sama/financial-reports",
  "/about-sama/press-center",
  "/about-sama/investor-relations",
  "/support/FAQs",
  "/support/Services-Centers",
  "/support/Feedback",
  "/support/Contact-Us",
  "/privacy-policy",
  "/privacy-policy/segment",
  "/service-terms",
  "/service-terms/segment",
  "/search?q=x",
  "/business",
  "/business/corporate-plans",
];
/** A trail never names the same place twice in a row ("من نحن › من نحن" read as a stutter). */
function expectNoRepeatedCrumb(nav: string, where: string) {
  const labels = [...nav.matchAll(/<li\b[^>]*>([\s\S]*?)<\/li>/g)].map((match) => textOf(match[1]!));
  expect(labels.length, `${where}: the breadcrumb's items`).toBeGreaterThan(1);
  const repeated = labels.filter((label, index) => index > 0 && label === labels[index - 1]);
  expect(repeated, `${where}: the breadcrumb reads ${labels.join(" › ")}`).toEqual([]);
}

/** The home page is the root of every breadcrumb, so it has none of its own. */
const WITHOUT_BREADCRUMB = new Set(["/home"]);

describe("every route of the table answers its page", () => {
  for (const path of ROUTES) {
    for (const language of ["ar", "en"] as const) {
      test(`${path} in ${language}: 200 HTML, lang/dir of ${language}, a <title> in ${language}${WITHOUT_BREADCRUMB.has(path) ? "" : " and the breadcrumb"}`, async () => {
        const answer = await client.page(path, { cookie: languageCookie(language) });
        expect(answer.status, answer.text.slice(0, 300)).toBe(200);
        expect(answer.headers["content-type"]).toMatch(/^text\/html/);
        expect(htmlLanguage(answer.text)).toEqual({ lang: language, dir: language === "ar" ? "rtl" : "ltr" });
        const title = pageTitle(answer.text);
        expect(title, "the page should have a non-empty <title>").toBeTruthy();
        expectTextIn(language, title!);
        if (!WITHOUT_BREADCRUMB.has(path)) {
          const breadcrumb = breadcrumbOf(answer.text, language);
          expect(breadcrumb, `a <nav aria-label="${catalogs[language].breadcrumb.label}">`).toBeDefined();
          expect(breadcrumb!.links[0]?.text).toBe(catalogs[language].breadcrumb.home);
          expectNoRepeatedCrumb(breadcrumb!.html, `${path} (${language})`);
        }
      });
    }
  }

  test("the one stylesheet comes first in the head, before any script or preload (it blocks the first paint); module preloads are low priority", async () => {
    for (const path of ["/home", "/bundles", "/support/FAQs"]) {
      const head = (await client.page(path)).text.split("</head>")[0]!;
      const stylesheets = [...head.matchAll(/<link rel="stylesheet"[^>]*>/g)];
      expect(stylesheets, path).toHaveLength(1);
      const firstFetch = head.search(/<link rel="(modulepreload|preload)"|<script/);
      expect(stylesheets[0]!.index, `${path}: the stylesheet at ${stylesheets[0]!.index}, the first script or preload at ${firstFetch}`).toBeLessThan(firstFetch);
      // The module scripts (deferred by nature) are fetched behind it, the font and the images.
      const modulePreloads = [...head.matchAll(/<link rel="modulepreload"[^>]*>/g)].map(([link]) => link);
      expect(modulePreloads.length, path).toBeGreaterThan(5);
      expect(modulePreloads.filter((link) => !link.includes('fetchpriority="low"')), path).toEqual([]);
    }
  });

  test("paths match case-insensitively: /Support/Services-Centers and /SUPPORT/faqs answer 200", async () => {
    expect((await client.page("/Support/Services-Centers")).status).toBe(200);
    expect((await client.page("/SUPPORT/faqs")).status).toBe(200);
  });

  test("/app-details/1 is titled with the first app's name", async () => {
    const apps = demoContent<{ id: number; titleAr: string; titleEn: string }[]>("apps.json");
    const app = apps.find((item) => item.id === 1)!;
    expect(pageTitle((await client.page("/app-details/1", { cookie: languageCookie("en") })).text)).toContain(app.titleEn);
    expect(pageTitle((await client.page("/app-details/1", { cookie: languageCookie("ar") })).text)).toContain(app.titleAr);
  });
});

describe("not found", () => {
  for (const path of ["/bundles/999", "/app-details/999", "/support/nope", "/about-sama/nope", "/about-other/who-we-are"]) {
    test(`${path} answers the not-found page with 404`, async () => {
      const answer = await client.page(path);
      expect(answer.status).toBe(404);
      expect(answer.headers["content-type"]).toMatch(/^text\/html/);
      expect(answer.text).toContain("Ooops!");
    });
  }
});

describe("subscriber-only routes", () => {
  for (const path of ["/profile", "/call-forward", "/super-clip", "/my-line"]) {
    test(`a guest asking for ${path} is sent to /home (302)`, async () => {
      const answer = await client.page(path);
      expect(answer.status).toBe(302);
      expect(redirectTarget(answer)).toBe("/home");
    });
  }

  test("a guest asking for /reserve-number is sent to /home?login=1 and the route is remembered in an HttpOnly cookie", async () => {
    const answer = await client.page("/reserve-number");
    expect(answer.status).toBe(302);
    expect(redirectTarget(answer)).toBe("/home?login=1");
    const cookie = findSetCookie(answer.cookies, "next_route");
    expect(cookie, `Set-Cookie next_route among ${JSON.stringify(answer.cookies)}`).toBeDefined();
    expect(cookie!.value).toBe("/reserve-number");
    expect(cookie!.attributes).toContain("httponly");
    expect(cookie!.attributes).toContain("path=/");
  });

  test("a guest asking to activate a bundle (/my-line?activate=…) is sent to /home?login=1 with that route remembered; a made-up one is not", async () => {
    const answer = await client.page("/my-line?activate=102");
    expect(answer.status).toBe(302);
    expect(redirectTarget(answer)).toBe("/home?login=1");
    expect(findSetCookie(answer.cookies, "next_route")?.value).toBe("/my-line?activate=102");
    const odd = await client.page("/my-line?activate=javascript:alert(1)");
    expect(redirectTarget(odd)).toBe("/home");
    expect(findSetCookie(odd.cookies, "next_route")).toBeUndefined();
  });

  test("a logged-in subscriber (live session cookie) opens every guarded route (200)", async () => {
    const session = await insertSession(server.databaseUrl);
    for (const path of ["/profile", "/call-forward", "/super-clip", "/call-barring", "/hotline", "/reserve-number", "/my-line", "/my-line?activate=102"]) {
      for (const language of ["ar", "en"] as const) {
        const answer = await client.page(path, { cookie: `${session.cookie}; ${languageCookie(language)}` });
        expect(answer.status, `${path} with a live session`).toBe(200);
        expect(answer.headers["content-type"]).toMatch(/^text\/html/);
        expectNoRepeatedCrumb(breadcrumbOf(answer.text, language)!.html, `${path} (${language})`);
      }
    }
  });

  test("an expired session is a guest: 302 to /home", async () => {
    const session = await insertSession(server.databaseUrl, { expiresAt: new Date(Date.now() - 60_000) });
    const answer = await client.page("/profile", { cookie: session.cookie });
    expect(answer.status).toBe(302);
    expect(redirectTarget(answer)).toBe("/home");
  });

  test("a revoked session is a guest: 302 to /home", async () => {
    const session = await insertSession(server.databaseUrl, { revokedAt: new Date(Date.now() - 1_000) });
    const answer = await client.page("/call-forward", { cookie: session.cookie });
    expect(answer.status).toBe(302);
    expect(redirectTarget(answer)).toBe("/home");
  });

  test("an unknown, empty or oversized session token is a guest: 302, never a 500", async () => {
    for (const cookie of ["session=not-a-real-token", "session=", `session=${"z".repeat(3000)}`, "session=%%%"]) {
      const answer = await client.page("/super-clip", { cookie });
      expect(answer.status, `Cookie: ${cookie.slice(0, 40)}`).toBe(302);
      expect(redirectTarget(answer)).toBe("/home");
    }
  });
});

describe("privacy page", () => {
  const about = demoContent<{ type: number; textAr: string; textEn: string }[]>("about.json");
  const privacy = about.find((row) => row.type === 5);

  for (const language of ["ar", "en"] as const) {
    test(`in ${language}: the policy text is shown with its literal "\\n" sequences stripped`, async () => {
      if (!privacy) throw new Error("content/about.json has no privacy text (type 5); the test needs one");
      const source = language === "ar" ? privacy.textAr : privacy.textEn;
      expect(source, 'the demo privacy text should contain a literal "\\n" for this test to mean something').toContain("\\n");
      const answer = await client.page("/privacy-policy", { cookie: languageCookie(language) });
      expect(answer.status).toBe(200);
      const visible = withoutScripts(answer.text);
      expect(visible).not.toContain("\\n");
      const start = visible.indexOf('data-testid="privacy-content"');
      expect(start, "the page should show the privacy content block").toBeGreaterThan(0);
      const firstSentence = textOf(source).slice(0, 60);
      expect(textOf(visible.slice(start))).toContain(firstSentence);
    });

    test(`in ${language}: the breadcrumb links Home to /personal and the title to /bundles`, async () => {
      const answer = await client.page("/privacy-policy", { cookie: languageCookie(language) });
      const breadcrumb = breadcrumbOf(answer.text, language);
      expect(breadcrumb).toBeDefined();
      const title = (catalogs[language].page as Record<string, string>).privacy;
      expect(breadcrumb!.links).toEqual([
        { href: "/personal", text: catalogs[language].breadcrumb.home },
        { href: "/bundles", text: title },
      ]);
    });

    test(`in ${language}: on /privacy-policy/segment the title links to /products/segment-products`, async () => {
      const answer = await client.page("/privacy-policy/segment", { cookie: languageCookie(language) });
      expect(answer.status).toBe(200);
      const breadcrumb = breadcrumbOf(answer.text, language);
      expect(breadcrumb!.links.map((link) => link.href)).toEqual(["/personal", "/products/segment-products"]);
    });
  }
});

describe("the server after these requests", () => {
  test("logged no error: no request above made it fail", () => {
    expect(server.errors()).toEqual([]);
  });
});
