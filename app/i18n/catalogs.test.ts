// The two catalogs say the same messages: every key of en.json (the source of truth, whose shape types the
// keys: common/message-key.ts) is in ar.json and the other way round, and a plural message has the forms
// its language's plural rules pick (Arabic: zero, one, two, few, many, other; English: one, other), so that
// `t(key, { count })` never falls back to the key itself in either language.
import { describe, expect, it } from "vitest";
import ar from "../../common/i18n/ar.json" with { type: "json" };
import en from "../../common/i18n/en.json" with { type: "json" };

const PLURAL_FORM = /^(.+)_(zero|one|two|few|many|other)$/;

const leaves = (node: unknown, path = ""): string[] =>
  typeof node === "string" ? [path] : Object.entries(node as object).flatMap(([key, value]) => leaves(value, path ? `${path}.${key}` : key));

/** Message → its plural forms (empty for a message said as it is). */
function messagesOf(catalog: object): Map<string, string[]> {
  const messages = new Map<string, string[]>();
  for (const leaf of leaves(catalog)) {
    const [, base, form] = PLURAL_FORM.exec(leaf) ?? [undefined, leaf, undefined];
    const forms = messages.get(base!) ?? [];
    if (form) forms.push(form);
    messages.set(base!, forms);
  }
  return messages;
}

const catalogs = { ar: messagesOf(ar), en: messagesOf(en) };

describe("the message catalogs", () => {
  it("have the same messages in Arabic and English", () => {
    const arabic = [...catalogs.ar.keys()];
    const english = [...catalogs.en.keys()];
    expect(english.length).toBeGreaterThan(300);
    expect(english.filter((key) => !catalogs.ar.has(key)), "messages of en.json missing from ar.json").toEqual([]);
    expect(arabic.filter((key) => !catalogs.en.has(key)), "messages of ar.json missing from en.json").toEqual([]);
  });

  it.each(["ar", "en"] as const)("give every plural message of %s the forms its plural rules pick, and nothing else", (language) => {
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    const plural = [...catalogs[language]].filter(([key, forms]) => forms.length > 0 || (catalogs[language === "ar" ? "en" : "ar"].get(key)?.length ?? 0) > 0);
    expect(plural.length, `plural messages of ${language}.json`).toBeGreaterThan(10);
    for (const [key, forms] of plural) {
      // `_zero` is i18next's form for 0 in any language; the others are the language's categories.
      expect(forms.filter((form) => form !== "zero").sort(), `${key} in ${language}.json`).toEqual([...categories].filter((form) => form !== "zero").sort());
      if (categories.includes("zero")) expect(forms, `${key} in ${language}.json`).toContain("zero");
      // A plural message is only its forms: a plain `key` beside `key_one` would be what a missing count shows.
      expect(leaves(language === "ar" ? ar : en), `${key} in ${language}.json`).not.toContain(key);
    }
  });
});
