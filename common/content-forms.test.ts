// The console's item form: fields derived from the content file's schema, and the posted text read back
// into the item exactly as the file holds it.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { contentFieldsOf, formRowsOf, formValueOf, itemFromForm, scheduleForm } from "./content-forms.ts";
import { CONTENT_KIND_NAMES, CONTENT_KINDS } from "./content-schemas.ts";
import { instantOfLocalTime, localTimeOf } from "./zoned-time.ts";

describe("the item form", () => {
  test("every item of every content file, written into the form and read back, is the same item (and passes its schema)", () => {
    for (const kind of CONTENT_KIND_NAMES) {
      const items = JSON.parse(readFileSync(`content/${kind}.json`, "utf8")) as Record<string, unknown>[];
      const fields = contentFieldsOf(kind);
      for (const original of items) {
        const item = CONTENT_KINDS[kind].row.parse(original) as Record<string, unknown>;
        // As the body reader nests what a browser posts: `allowances[0].amount` → {allowances: [{amount}]}.
        const posted = Object.fromEntries(
          fields
            .filter((field) => field.input !== "boolean" || item[field.name] === true)
            .map((field) => [field.name, field.input === "list" ? formRowsOf(field, item[field.name]).map((row) => row[""]) : field.input === "group" ? formRowsOf(field, item[field.name]) : formValueOf(field, item[field.name])]),
        );
        const read = itemFromForm(kind, posted);
        expect(read.fieldErrors, `${kind} ${JSON.stringify(original).slice(0, 80)}`).toEqual({});
        expect(read.item, `${kind}`).toEqual(item);
      }
    }
  });

  test("Arabic and English pairs are known, each with its language; nested lists are rows; bodies are HTML, and offer terms plain text as the site shows them", () => {
    const offer = Object.fromEntries(contentFieldsOf("offers").map((field) => [field.name, field]));
    expect(offer.titleAr).toMatchObject({ input: "text", language: "ar", pair: "title" });
    expect(offer.termsEn).toMatchObject({ input: "long-text", language: "en", pair: "terms" });
    const article = Object.fromEntries(contentFieldsOf("news").map((field) => [field.name, field]));
    expect(article.bodyAr).toMatchObject({ input: "html", language: "ar", pair: "body" });
    expect(offer.validFrom).toMatchObject({ input: "date" });
    expect(offer.ussd).toMatchObject({ input: "text", nullable: true });
    const bundle = Object.fromEntries(contentFieldsOf("bundles").map((field) => [field.name, field]));
    expect(bundle.allowances).toMatchObject({ input: "group", columns: [{ name: "kind", input: "enum" }, { name: "amount", input: "number" }, { name: "unit", input: "enum" }] });
    const centre = Object.fromEntries(contentFieldsOf("service-centres").map((field) => [field.name, field]));
    expect(centre.phones).toMatchObject({ input: "list", element: { input: "text" } });
    expect(centre.hours!.columns![0]).toMatchObject({ name: "days", input: "words", element: { input: "number" } });
    expect(bundle.type).toMatchObject({ input: "enum", options: ["data", "voice", "sms", "mixed"] });
    expect(bundle.popular).toMatchObject({ input: "boolean" });
  });

  test("Arabic-Indic digits are numbers; an empty optional field is null; an emptied row is removed; words split at commas", () => {
    const { item, fieldErrors } = itemFromForm("bundles", { price: "١٥٠٠", allowances: [{ kind: "data", amount: "٥", unit: "GB" }, { kind: "", amount: " ", unit: "" }, { kind: "sms", amount: "100", unit: "sms" }] });
    expect(item.price).toBe(1500);
    expect(item.allowances).toEqual([{ kind: "data", amount: 5, unit: "GB" }, { kind: "sms", amount: 100, unit: "sms" }]);
    expect(fieldErrors).toEqual({});
    expect(itemFromForm("offers", { ussd: "  " }).item.ussd).toBeNull();
    expect(itemFromForm("service-centres", { hours: [{ days: "0, 1،2 ٣", open: "09:00", close: "17:00" }], phones: ["", "0112345678", ""] }).item).toMatchObject({ hours: [{ days: [0, 1, 2, 3], open: "09:00", close: "17:00" }], phones: ["0112345678"] });
  });
});

describe("the names of choices", () => {
  test("every value a select offers has its name in both catalogs", () => {
    const catalogs = ["ar", "en"].map((language) => JSON.parse(readFileSync(`common/i18n/${language}.json`, "utf8")) as { console: { content: { options: Record<string, string> } } });
    const selects = CONTENT_KIND_NAMES.flatMap((kind) => contentFieldsOf(kind).flatMap((field) => [field, ...(field.columns ?? []), ...(field.element ? [field.element] : [])])).filter((field) => field.input === "enum");
    for (const option of new Set(selects.flatMap((field) => field.options ?? []))) for (const catalog of catalogs) expect(catalog.console.content.options[option], option).toBeTruthy();
  });
});

describe("schedule times in the operator's zone", () => {
  test("a wall-clock time (with or without seconds, Arabic-Indic digits too) is the instant of that time in the zone", () => {
    expect(scheduleForm.parse({ revision: "4", publishAt: "٢٠٢٦-١٢-٠١T٠٩:٣٠", endAt: "" })).toEqual({ revision: 4, publishAt: "2026-12-01T09:30", endAt: undefined });
    expect(instantOfLocalTime("2026-12-01T09:30", "Asia/Damascus").toISOString()).toBe("2026-12-01T06:30:00.000Z");
    expect(instantOfLocalTime("2026-07-01T09:30:15", "Europe/Berlin").toISOString()).toBe("2026-07-01T07:30:15.000Z");
    expect(localTimeOf(new Date("2026-12-01T06:30:00Z"), "Asia/Damascus")).toBe("2026-12-01T09:30");
  });

  test("an impossible date or time is refused", () => {
    for (const publishAt of ["2026-02-31T10:00", "2026-12-01T24:00", "2026-12-01 10:00", "soon", ""]) expect(scheduleForm.safeParse({ revision: "1", publishAt }).success, publishAt).toBe(false);
  });
});
