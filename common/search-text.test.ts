import { describe, expect, it } from "vitest";
import { foldSearchText, matchesQuery, textOfHtml } from "./search-text.ts";

describe("foldSearchText", () => {
  it("makes Arabic spelling variants meet", () => {
    expect(foldSearchText("الإنترنت")).toBe(foldSearchText("الانترنت"));
    expect(foldSearchText("باقة")).toBe(foldSearchText("باقه"));
    expect(foldSearchText("مُسبقة الدَّفع")).toBe(foldSearchText("مسبقه الدفع"));
    expect(foldSearchText("مستشفى")).toBe(foldSearchText("مستشفي"));
    expect(foldSearchText("آخر")).toBe("اخر");
    expect(foldSearchText("مؤسسة")).toBe("موسسه");
    expect(foldSearchText("سـمـا")).toBe("سما");
    expect(foldSearchText("الإنترنت")).toBe(foldSearchText("إنترنت"));
    expect(foldSearchText("بالتجوال والباقات للشركات")).toBe("تجوال باقات شركات");
    // Too short to carry an article: kept whole.
    expect(foldSearchText("الله")).toBe("الله");
  });

  it("lower-cases Latin letters, drops accents and punctuation, converts Arabic-Indic digits", () => {
    expect(foldSearchText("  Café ROAMING! ")).toBe("cafe roaming");
    expect(foldSearchText("٠٩٤٤")).toBe("0944");
    expect(foldSearchText("*150#")).toBe("150");
  });
});

describe("textOfHtml", () => {
  it("keeps the words of an HTML body", () => {
    expect(textOfHtml("<p>Fast&nbsp;<strong>4G</strong> &amp; 5G</p><ul><li>one</li></ul>")).toBe("Fast 4G & 5G one");
  });
});

describe("matchesQuery", () => {
  it("needs every word of the query, folded, anywhere in the text; an empty query matches", () => {
    expect(matchesQuery("الأردن Jordan JO 962", "الاردن")).toBe(true);
    expect(matchesQuery("الأردن Jordan JO 962", "jordan 962")).toBe(true);
    expect(matchesQuery("الأردن Jordan JO 962", "jordan 963")).toBe(false);
    expect(matchesQuery("anything", "  ")).toBe(true);
    expect(matchesQuery("anything", undefined)).toBe(true);
  });
});
