import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it, vi } from "vitest";
import ar from "./ar.json" with { type: "json" };
import en from "./en.json" with { type: "json" };
import { createI18n } from "./i18n.ts";

const messages = { greeting: "Hello", named: "Hello {{name}}", items_one: "{{count}} item", items_other: "{{count}} items", nested: { leaf: "Leaf" } };

describe("createI18n's remembered messages", () => {
  it("answers a plain key as i18next does, and the same text again from memory", () => {
    const i18n = createI18n("en", { ...messages });
    const t = i18n.getFixedT("en");
    expect(t("greeting")).toBe("Hello");
    expect(t("nested.leaf")).toBe("Leaf");
    expect(i18n.getFixedT("en")("greeting")).toBe("Hello");
    // A missing key reads as itself, as i18next gives it.
    expect(t("no.such.key")).toBe("no.such.key");
  });

  it("does not ask i18next again for a plain key it has answered", () => {
    const i18n = createI18n("en", { ...messages });
    // i18next's translator is not part of its typed interface.
    const translate = vi.spyOn((i18n as unknown as { translator: { translate: (...args: unknown[]) => unknown } }).translator, "translate");
    const t = i18n.getFixedT("en");
    t("greeting");
    t("greeting");
    i18n.getFixedT("en")("greeting");
    expect(translate).toHaveBeenCalledTimes(1);
    t("named", { name: "Sami" });
    t("named", { name: "Sami" });
    expect(translate).toHaveBeenCalledTimes(3);
  });

  it("still interpolates and picks plurals for a call with options", () => {
    const t = createI18n("en", { ...messages }).getFixedT("en");
    expect(t("named", { name: "Sami" })).toBe("Hello Sami");
    expect(t("named", { name: "Lina" })).toBe("Hello Lina");
    expect(t("items", { count: 1 })).toBe("1 item");
    expect(t("items", { count: 3 })).toBe("3 items");
  });

  it("keeps one instance's memory apart from another catalog's", () => {
    const english = createI18n("en", { ...messages }).getFixedT("en");
    const arabic = createI18n("ar", { ...messages, greeting: "مرحبا" }).getFixedT("ar");
    expect(english("greeting")).toBe("Hello");
    expect(arabic("greeting")).toBe("مرحبا");
    expect(english("greeting")).toBe("Hello");
  });
});

describe("the Arabic word for the mobile number", () => {
  // The spec's "mobile number": رقم الموبايل, the operator's own word (its name is سما موبايل). «جوال» means the
  // same, but two words for one field read as two fields. Roaming (تجوال، التجوال) is another word.
  const JAWWAL = /^(?:[وفبلك]?ال|لل|[وفبلك])?جوال/;
  const arabicWords = (text: string) => text.match(/[\u0600-\u06FF]+/g) ?? [];
  const leaves = (node: unknown, path = ""): [string, string][] =>
    typeof node === "string" ? [[path, node]] : Object.entries(node as object).flatMap(([key, value]) => leaves(value, path ? `${path}.${key}` : key));

  it("is موبايل in every Arabic message, never جوال", () => {
    const other = leaves(ar).filter(([, text]) => arabicWords(text).some((word) => JAWWAL.test(word)));
    expect(other, "messages of app/i18n/ar.json that say جوال").toEqual([]);
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
