import { describe, expect, it, vi } from "vitest";
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
