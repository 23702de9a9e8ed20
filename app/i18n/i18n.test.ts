import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import ar from "../../common/i18n/ar.json" with { type: "json" };
import en from "../../common/i18n/en.json" with { type: "json" };
import type { TranslationValues } from "../../common/message-key.ts";
import { createI18n, type Messages } from "./i18n.ts";

const messages = { greeting: "Hello", named: "Hello {{name}}", items_one: "{{count}} item", items_other: "{{count}} items", nested: { leaf: "Leaf" } };

/**
 * The translators' runtime, asked for keys of made-up catalogs, plural leaves and keys no catalog has: the
 * types (common/message-key.ts) let code ask only for the real catalog's keys, so these tests widen `t` to
 * what it does at runtime.
 */
type AnyKeyT = (key: string, values?: TranslationValues) => string;
const translatorOf = (language: "ar" | "en", catalog: Messages) => createI18n(language, catalog).t as AnyKeyT;

describe("createI18n", () => {
  it("answers a plain key, a nested one, and a missing key as itself", () => {
    const t = translatorOf("en", { ...messages });
    expect(t("greeting")).toBe("Hello");
    expect(t("nested.leaf")).toBe("Leaf");
    expect(t("greeting")).toBe("Hello");
    expect(t("nested")).toBe("nested");
    expect(t("no.such.key")).toBe("no.such.key");
  });

  it("interpolates and picks plurals", () => {
    const t = translatorOf("en", { ...messages });
    expect(t("named", { name: "Sami" })).toBe("Hello Sami");
    expect(t("named", { name: "Lina" })).toBe("Hello Lina");
    expect(t("named", {})).toBe("Hello {{name}}");
    expect(t("items", { count: 1 })).toBe("1 item");
    expect(t("items", { count: 3 })).toBe("3 items");
  });

  it("is one translator per catalog, and keeps one catalog's answers apart from another's", () => {
    const catalog = { ...messages };
    expect(createI18n("en", catalog)).toBe(createI18n("en", catalog));
    const english = translatorOf("en", { ...messages });
    const arabic = translatorOf("ar", { ...messages, greeting: "مرحبا" });
    expect(english("greeting")).toBe("Hello");
    expect(arabic("greeting")).toBe("مرحبا");
    expect(english("greeting")).toBe("Hello");
  });

  // Neither the browser nor the server loads i18next (16 KB gzip before a page is interactive): the small translator
  // must say what i18next, with the options the site gave it, says for every message of both catalogs.
  it.each([["ar", ar], ["en", en]] as const)("gives i18next's text for every message of the %s catalog, with values and counts", (language, catalog) => {
    const reference = i18next.createInstance();
    void reference.init({ lng: language, fallbackLng: false, resources: { [language]: { translation: catalog } }, initAsync: false, interpolation: { escapeValue: false } });
    const t = translatorOf(language, catalog);
    // i18next's own `t` is typed by the catalog too (tests/types/i18next.d.ts): widened the same way.
    const referenceT = reference.t.bind(reference) as unknown as AnyKeyT;
    const keys = leaves(catalog).map(([key]) => key);
    const bases = [...new Set(keys.map((key) => key.replace(/_(zero|one|two|few|many|other)$/, "")))];
    expect(keys.length).toBeGreaterThan(300);
    for (const key of [...keys, ...bases, "no.such.key", "nav"]) {
      const values = { name: "Sami", count: 7, amount: "5,000", date: "2026-11-25", query: "<b>x</b>", gsm: "0991234567" };
      expect(t(key), key).toBe(referenceT(key));
      expect(t(key, values), key).toBe(referenceT(key, values));
      // A value that is null or a number, as data may bring one.
      const unusual = { name: null, count: 7, amount: 5000, date: null, query: 0, gsm: null };
      expect(t(key, unusual), `${key} (null and numeric values)`).toBe(referenceT(key, unusual));
      for (const count of [0, 1, 2, 3, 11, 100, 1.5]) expect(t(key, { count }), `${key} (${count})`).toBe(referenceT(key, { count }));
    }
  });
});

const leaves = (node: unknown, path = ""): [string, string][] =>
  typeof node === "string" ? [[path, node]] : Object.entries(node as object).flatMap(([key, value]) => leaves(value, path ? `${path}.${key}` : key));

describe("the Arabic word for the mobile number", () => {
  // The spec's "mobile number": رقم الموبايل, the operator's own word (its name is سما موبايل). «جوال» means the
  // same, but two words for one field read as two fields. Roaming (تجوال، التجوال) is another word.
  const JAWWAL = /^(?:[وفبلك]?ال|لل|[وفبلك])?جوال/;
  const arabicWords = (text: string) => text.match(/[\u0600-\u06FF]+/g) ?? [];

  it("is موبايل in every Arabic message, never جوال", () => {
    const other = leaves(ar).filter(([, text]) => arabicWords(text).some((word) => JAWWAL.test(word)));
    expect(other, "messages of common/i18n/ar.json that say جوال").toEqual([]);
    expect(leaves(en).find(([key]) => key === "auth.numberLabel")?.[1]).toBe("Mobile number");
    for (const key of ["auth.numberLabel", "feedback.gsm", "validation.mobileRequired", "validation.mobileInvalid", "auth.numberText"]) {
      expect(leaves(ar).find(([path]) => path === key)?.[1], key).toMatch(/موبايل/);
    }
  });

  it("is never جوال in the Arabic texts of the server, the shared code or the content", () => {
    const root = fileURLToPath(new URL("../..", import.meta.url));
    const files = ["server", "common", "content", "app"].flatMap((folder) =>
      readdirSync(join(root, folder), { recursive: true, encoding: "utf8" }).filter((file) => /\.(tsx?|json|html)$/.test(file) && !file.includes(".test.")).map((file) => join(folder, file)),
    );
    expect(files.length).toBeGreaterThan(50);
    const other = files.filter((file) => arabicWords(readFileSync(join(root, file), "utf8")).some((word) => JAWWAL.test(word)));
    expect(other).toEqual([]);
  });
});
