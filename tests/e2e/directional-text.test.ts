// Codes, numbers and Latin words inside Arabic text, as Chromium lays them out: every USSD code of the seeded
// content (FAQ answers, product and service bodies, the codes of bundles, offers, products and services, and
// the search snippets) reads left to right on the screen (*100#, never #100*), sits in an element that
// isolates it (bdi or dir=ltr), and is a tel: link that dials it (* and # escaped). Every content text shown
// has each of its numbers and Latin runs isolated too.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { demoContent } from "../support/contract.ts";
import { DESKTOP, siteInBrowser } from "./browser.ts";

const site = siteInBrowser();

/** A dialable USSD code as the content writes it: *100#, *130*1#, #43#, *#06#. */
const USSD = /[*#]{1,2}\d+(?:[*#]{1,2}\d+)*#/g;
const codesIn = (text: string) => text.match(USSD) ?? [];
/** What a tel: link to the code must be: RFC 3966 wants * and # escaped, or a phone dials the wrong thing. */
const telOf = (code: string) => `tel:${code.replaceAll("*", "%2A").replaceAll("#", "%23")}`;
const plain = (html: string) => html.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").trim();

type Item = Record<string, unknown> & { id: number };
const arabicTexts = (item: Item, fields: string[]) => fields.map((field) => item[field]).filter((text): text is string => typeof text === "string" && text !== "");

interface ContentPage {
  path: string;
  /** The Arabic plain texts of the content shown on the page (each must be found, with its runs isolated). */
  texts: string[];
  /** Its sanitised HTML bodies, as plain text (for the count of codes). */
  bodies: string[];
  /** The item's own code (shown beside the text). */
  ussd?: string | null;
}

/** Every page where seeded Arabic content with a code is shown, and the texts it shows. */
function contentPages(): ContentPage[] {
  const products = demoContent<(Item & { category: string; ussd: string | null })[]>("products.json");
  const services = demoContent<(Item & { ussd: string | null })[]>("services.json");
  const bundles = demoContent<(Item & { type: string; ussd: string })[]>("bundles.json");
  const offers = demoContent<(Item & { type: string; ussd: string | null })[]>("offers.json");
  const faqs = demoContent<Item[]>("faqs.json");
  const pages: ContentPage[] = [
    { path: "/support/FAQs", texts: faqs.flatMap((faq) => arabicTexts(faq, ["questionAr", "answerAr"])), bodies: [] },
    ...products.map((item) => ({ path: `/products/${item.category}/${item.id}`, texts: arabicTexts(item, ["summaryAr"]), bodies: arabicTexts(item, ["bodyAr"]).map(plain), ussd: item.ussd })),
    ...services.map((item) => ({ path: `/service-details/${item.id}`, texts: arabicTexts(item, ["summaryAr"]), bodies: arabicTexts(item, ["bodyAr"]).map(plain), ussd: item.ussd })),
    ...bundles.map((item) => ({ path: `/bundle-details/${item.type}/${item.id}`, texts: arabicTexts(item, ["descriptionAr"]), bodies: [], ussd: item.ussd })),
    ...offers.map((item) => ({ path: `/offer-details/${item.type}/${item.id}`, texts: arabicTexts(item, ["summaryAr", "termsAr"]), bodies: [], ussd: item.ussd })),
  ];
  return pages.filter((page) => page.ussd || [...page.texts, ...page.bodies].some((text) => codesIn(text).length > 0));
}

interface ShownCode {
  code: string;
  /** The left edges of its characters on the screen, in reading order. */
  lefts: number[];
  isolated: boolean;
  href: string | null;
}

/** Every USSD code in the page's main content: where its characters are drawn, and what holds it. */
async function shownCodes(page: Page): Promise<ShownCode[]> {
  return page.evaluate((pattern) => {
    for (const details of document.querySelectorAll("details")) details.open = true;
    const found: ShownCode[] = [];
    const walker = document.createTreeWalker(document.querySelector("main")!, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      for (const match of node.data.matchAll(new RegExp(pattern, "g"))) {
        const lefts = [...match[0]].map((_, index) => {
          const range = document.createRange();
          range.setStart(node!, match.index + index);
          range.setEnd(node!, match.index + index + 1);
          return range.getBoundingClientRect().left;
        });
        const parent = node.parentElement!;
        found.push({ code: match[0], lefts, isolated: parent.closest("bdi, [dir=ltr]") !== null, href: parent.closest("a")?.getAttribute("href") ?? null });
      }
    }
    return found;
  }, USSD.source);
}

/**
 * For each text: whether an element of main shows exactly it, and the pieces of it holding Latin letters or
 * digits that no bdi or dir=ltr element isolates.
 */
async function unisolatedRuns(page: Page, texts: string[]): Promise<{ text: string; shown: boolean; unisolated: string[] }[]> {
  return page.evaluate((texts) => {
    const normal = (text: string) => text.replace(/\s+/g, " ").trim();
    const elements = [...document.querySelectorAll("main *")];
    return texts.map((text) => {
      const holders = elements.filter((element) => normal(element.textContent ?? "") === normal(text) && ![...element.children].some((child) => normal(child.textContent ?? "") === normal(text)));
      const unisolated: string[] = [];
      for (const holder of holders) {
        const walker = document.createTreeWalker(holder, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
          if (/[A-Za-z0-9\u0660-\u0669]/.test(node.data) && !node.parentElement!.closest("bdi, [dir=ltr]")) unisolated.push(node.data);
        }
      }
      return { text, shown: holders.length > 0, unisolated };
    });
  }, texts);
}

function problemsOf(path: string, codes: ShownCode[], expectedCodes: string[]): string[] {
  const problems: string[] = [];
  const shown = codes.map((code) => code.code);
  for (const code of expectedCodes) {
    const index = shown.indexOf(code);
    if (index === -1) problems.push(`${path}: ${code} is not shown as one piece of text`);
    else shown.splice(index, 1);
  }
  for (const { code, lefts, isolated, href } of codes) {
    const visual = [...code].map((character, index) => ({ character, left: lefts[index]! })).sort((a, b) => a.left - b.left).map((entry) => entry.character).join("");
    if (visual !== code) problems.push(`${path}: ${code} reads ${visual} on the screen`);
    if (!isolated) problems.push(`${path}: ${code} is not isolated (bdi or dir=ltr)`);
    if (href !== telOf(code)) problems.push(`${path}: ${code} links to ${href ?? "nothing"}, not ${telOf(code)}`);
  }
  return problems;
}

describe("codes, numbers and Latin words in Arabic text", () => {
  it("every USSD code of the seeded content reads left to right, isolated, as a tel: link; every content text has its runs isolated", { timeout: 480_000 }, async () => {
    const pages = contentPages();
    expect(pages.length, "pages with codes in the seeded content").toBeGreaterThan(10);
    const { page, errors, release } = await site.warmPage(DESKTOP, "ar");
    const problems: string[] = [];
    for (const contentPage of pages) {
      const response = await page.goto(contentPage.path, { waitUntil: "domcontentloaded" });
      expect(response?.status(), contentPage.path).toBe(200);
      const expectedCodes = [...contentPage.texts, ...contentPage.bodies].flatMap(codesIn).concat(contentPage.ussd ? [contentPage.ussd] : []);
      problems.push(...problemsOf(contentPage.path, await shownCodes(page), expectedCodes));
      for (const { text, shown, unisolated } of await unisolatedRuns(page, contentPage.texts)) {
        if (!shown) problems.push(`${contentPage.path}: "${text.slice(0, 40)}…" is not shown`);
        for (const piece of unisolated) problems.push(`${contentPage.path}: "${piece.trim().slice(0, 60)}" has a number or Latin run that is not isolated`);
      }
    }
    expect(problems).toEqual([]);
    expect(errors).toEqual([]);
    await release();
  });

  it("search snippets show the codes of FAQ answers the same way", async () => {
    const faqs = demoContent<(Item & { questionAr: string; answerAr: string })[]>("faqs.json").filter((faq) => codesIn(faq.answerAr.slice(0, 100)).length > 0);
    expect(faqs.length).toBeGreaterThan(0);
    const { page, release } = await site.warmPage(DESKTOP, "ar");
    const problems: string[] = [];
    for (const faq of faqs) {
      const path = `/search?q=${encodeURIComponent(faq.questionAr)}`;
      await page.goto(path, { waitUntil: "domcontentloaded" });
      problems.push(...problemsOf(path, await shownCodes(page), codesIn(faq.answerAr.slice(0, 100))));
    }
    expect(problems).toEqual([]);
    await release();
  });
});
