// Languages of the site: digits typed in Arabic-Indic or Persian form are normalised, and the API
// language comes from Accept-Language (Arabic unless English is named first).
import { describe, expect, test } from "vitest";
import { directionOf, isLanguage, languageFromAcceptLanguage, normaliseDigits, otherLanguage } from "./language.ts";

describe("normaliseDigits", () => {
  test("Arabic-Indic digits ٠١٢٣٤٥٦٧٨٩ become 0123456789", () => {
    expect(normaliseDigits("٠١٢٣٤٥٦٧٨٩")).toBe("0123456789");
  });

  test("Persian (extended Arabic-Indic) digits ۰۱۲۳۴۵۶۷۸۹ become 0123456789", () => {
    expect(normaliseDigits("۰۱۲۳۴۵۶۷۸۹")).toBe("0123456789");
  });

  test("a phone number typed with mixed digit forms becomes ASCII", () => {
    expect(normaliseDigits("٠٩٤۴1234۵٦")).toBe("0944123456");
  });

  test("other characters are kept as they are", () => {
    expect(normaliseDigits("رقم: ٣ - No. 7 ۸!")).toBe("رقم: 3 - No. 7 8!");
    expect(normaliseDigits("")).toBe("");
    expect(normaliseDigits("abc")).toBe("abc");
  });
});

describe("languageFromAcceptLanguage", () => {
  for (const [header, expected] of [
    [undefined, "ar"],
    [null, "ar"],
    ["", "ar"],
    ["*", "ar"],
    ["ar", "ar"],
    ["en", "en"],
    ["EN", "en"],
    ["en-US", "en"],
    ["en-GB,en;q=0.9", "en"],
    ["ar-SY,ar;q=0.9,en;q=0.8", "ar"],
    ["fr-FR, en;q=0.8", "en"],
    ["fr, de", "ar"],
    [" en ; q=0.5", "en"],
  ] as const) {
    test(`${JSON.stringify(header)} → ${expected}`, () => {
      expect(languageFromAcceptLanguage(header)).toBe(expected);
    });
  }
});

describe("language facts", () => {
  test("only ar and en are languages of the site", () => {
    expect(isLanguage("ar")).toBe(true);
    expect(isLanguage("en")).toBe(true);
    expect(isLanguage("fr")).toBe(false);
    expect(isLanguage("AR")).toBe(false);
    expect(isLanguage(undefined)).toBe(false);
  });

  test("Arabic is written right to left, English left to right", () => {
    expect(directionOf("ar")).toBe("rtl");
    expect(directionOf("en")).toBe("ltr");
    expect(otherLanguage("ar")).toBe("en");
    expect(otherLanguage("en")).toBe("ar");
  });
});
