// The birth date rule (common/birth-date.ts), one for the profile and the reservation, their page forms and
// their API rows: yyyy-mm-dd in Latin or Arabic-Indic digits, a real date from 1900 to today; the
// reservation adds its own age rule (18 or older).
import { describe, expect, test } from "vitest";
import { profileUpdateSchema } from "./account.ts";
import { birthDateSchema, isBirthDate } from "./birth-date.ts";
import { reserveFormSchema } from "./reservation.ts";
import { adultOn } from "./reservation-rules.ts";

const forms = {
  profile: profileUpdateSchema.shape.birthDate,
  reservation: reserveFormSchema.shape.birthDate,
};

/** What a form makes of a typed birth date: the date it keeps, or the catalog keys of its messages. */
function judge(form: keyof typeof forms, typed: unknown): { date: string } | { messages: string[] } {
  const parsed = forms[form].safeParse(typed);
  return parsed.success ? { date: parsed.data } : { messages: parsed.error.issues.map((issue) => issue.message) };
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const daysFromNow = (days: number) => isoDay(new Date(Date.now() + days * 86_400_000));

describe("a birth date, the same in the profile and the reservation", () => {
  for (const form of ["profile", "reservation"] as const) {
    describe(`in the ${form} form`, () => {
      test("Arabic-Indic (and Persian) digits, or both scripts mixed, are the same date as Latin ones", () => {
        for (const typed of ["1990-04-21", "١٩٩٠-٠٤-٢١", "۱۹۹۰-۰۴-۲۱", "1990-٠٤-21", " ١٩٩٠-٠٤-٢١ "]) {
          expect(judge(form, typed), typed).toEqual({ date: "1990-04-21" });
        }
      });

      test("an empty or missing date is 'Birthdate is required'", () => {
        for (const typed of ["", "   ", undefined]) expect(judge(form, typed), String(typed)).toEqual({ messages: ["validation.birthDateRequired"] });
      });

      test("anything but a real calendar day written yyyy-mm-dd is refused with one message", () => {
        for (const typed of ["1990-02-30", "1990-13-01", "1990-00-10", "1990-04-00", "1990-4-21", "21-04-1990", "1990/04/21", "19900421", "٢١-٠٤-١٩٩٠", "1990-04-21T00:00", "soon", "1900-02-29"]) {
          expect(judge(form, typed), typed).toEqual({ messages: ["validation.birthDateInvalid"] });
        }
      });

      test("a leap day is a day; a date before 1900 or after today is not a birth date", () => {
        expect(judge(form, "1992-02-29")).toEqual({ date: "1992-02-29" });
        expect(judge(form, "2000-02-29")).toEqual({ date: "2000-02-29" });
        for (const typed of ["1899-12-31", "0990-04-21", daysFromNow(2), "2999-01-01"]) {
          expect(judge(form, typed), typed).toEqual({ messages: ["validation.birthDateInvalid"] });
        }
      });
    });
  }

  test("the profile takes any birth date up to today; the reservation asks for 18 or older", () => {
    const tenYearsAgo = `${new Date().getUTCFullYear() - 10}-01-15`;
    expect(judge("profile", tenYearsAgo)).toEqual({ date: tenYearsAgo });
    expect(judge("reservation", tenYearsAgo)).toEqual({ messages: ["validation.reserveTooYoung"] });
    expect(judge("reservation", "١٩٩٠-٠٤-٢١")).toEqual({ date: "1990-04-21" });
  });

  test("the profile's field is the rule itself; a value that is not text is invalid, not missing", () => {
    expect(profileUpdateSchema.shape.birthDate).toBe(birthDateSchema);
    expect(birthDateSchema.safeParse(19900421).error?.issues.map((issue) => issue.message)).toEqual(["validation.birthDateInvalid"]);
    expect(birthDateSchema.safeParse(null).error?.issues.map((issue) => issue.message)).toEqual(["validation.birthDateRequired"]);
  });

  test("'today' is today somewhere: a date is accepted once its day has begun at UTC+14", () => {
    const now = new Date("2026-05-10T10:30:00Z");
    expect(isBirthDate("2026-05-10", now)).toBe(true);
    expect(isBirthDate("2026-05-11", now)).toBe(true);
    expect(isBirthDate("2026-05-12", now)).toBe(false);
    expect(isBirthDate("2026-05-11", new Date("2026-05-10T09:59:00Z"))).toBe(false);
    expect(isBirthDate("1900-01-01", now)).toBe(true);
  });

  test("18 or older: from the 18th birthday on (a 29 February birthday counts from 1 March)", () => {
    const today = new Date(Date.UTC(2026, 4, 10, 12));
    expect(adultOn("2008-05-10", today)).toBe(true);
    expect(adultOn("2008-05-11", today)).toBe(false);
    expect(adultOn("2008-02-29", new Date(Date.UTC(2026, 1, 28, 12)))).toBe(false);
    expect(adultOn("2008-02-29", new Date(Date.UTC(2026, 2, 1, 12)))).toBe(true);
  });
});
