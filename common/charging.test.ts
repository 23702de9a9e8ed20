import { describe, expect, test } from "vitest";
import { voucherTopUpForm } from "./charging.ts";

const parse = (voucher: unknown) => voucherTopUpForm.safeParse({ gsm: "0944123456", voucher });

describe("voucherTopUpForm", () => {
  test("14 digits are the voucher, however they were typed: ASCII, Arabic-Indic, Persian, grouped by spaces or dashes", () => {
    for (const typed of ["12345678901234", " 12345678901234 ", "1234 5678 9012 34", "1234-5678-9012-34", "١٢٣٤٥٦٧٨٩٠١٢٣٤", "۱۲۳۴ ۵۶۷۸ ۹۰۱۲ ۳۴", "1234\u00A05678\u00A0901234", 12345678901234]) {
      const parsed = parse(typed);
      expect(parsed.success, String(typed)).toBe(true);
      expect(parsed.data!.voucher).toBe("12345678901234");
    }
  });

  test("anything else is the one field error validation.voucherInvalid", () => {
    for (const typed of ["", "1234567890123", "123456789012345", "1234 5678 9012 3x", "12345678901234!", "-12345678901234", "1234--5678 9012 34-", "1234.5678.9012.34", "abcdefghijklmn", null, undefined, ["12345678901234"], {}]) {
      const parsed = parse(typed);
      expect(parsed.success, JSON.stringify(typed)).toBe(false);
      expect(parsed.error!.issues.map((issue) => [issue.path.join("."), issue.message]), JSON.stringify(typed)).toEqual([["voucher", "validation.voucherInvalid"]]);
    }
  });
});
