// Finding the codes, numbers and Latin runs of a text that must be laid out left to right, the tel: link
// of a USSD code, and the Unicode isolates of an SMS.
import { describe, expect, it } from "vitest";
import { isDialable, isolateForSms, splitDirectionalRuns, ussdHref } from "./bidi.ts";

/** The runs found, as [text, kind]. */
const runsOf = (text: string, rtl?: boolean) => splitDirectionalRuns(text, rtl).filter((segment) => segment.run).map((segment) => [segment.text, segment.run]);

describe("splitDirectionalRuns", () => {
  it("finds USSD codes in Arabic text, whole, without the punctuation after them", () => {
    expect(runsOf("اطلب الرمز *100# من هاتفك.")).toEqual([["*100#", "code"]]);
    expect(runsOf("فاطلب الرمز *130*1#.")).toEqual([["*130*1#", "code"]]);
    expect(runsOf("لتفعيلها اطلب *43#، ولإيقافها اطلب #43#")).toEqual([["*43#", "code"], ["#43#", "code"]]);
    expect(runsOf("اطلب *#06# لمعرفة رقم الجهاز")).toEqual([["*#06#", "code"]]);
    expect(runsOf("واطلب *101* ثم رقم البطاقة ثم #")).toEqual([["*101*", "code"]]);
  });

  it("finds numbers, prices, phone numbers, e-mail addresses and runs of Latin words in Arabic text", () => {
    expect(runsOf("الاشتراك 1,500 ل.س شهريًا")).toEqual([["1,500", "ltr"]]);
    expect(runsOf("أرسل كلمة STOP متبوعة برمز الباقة إلى الرقم 1500، مثلاً STOP W5 لإيقاف الباقة")).toEqual([
      ["STOP", "ltr"],
      ["1500", "ltr"],
      ["STOP W5", "ltr"],
    ]);
    expect(runsOf("اتصل على +963 11 2345678 أو راسلنا على care@sama.example.")).toEqual([
      ["+963 11 2345678", "ltr"],
      ["care@sama.example", "ltr"],
    ]);
    expect(runsOf("بالصيغة 09xxxxxxxx، فنرسل")).toEqual([["09xxxxxxxx", "ltr"]]);
    expect(runsOf("خصم 50% على 2.5 غيغابايت")).toEqual([["50%", "ltr"], ["2.5", "ltr"]]);
    expect(runsOf("محفظة Sama Cash (الدفع)")).toEqual([["Sama Cash", "ltr"]]);
    expect(runsOf("مدة ٧٢ ساعة")).toEqual([["٧٢", "ltr"]]);
  });

  it("keeps every character: the pieces put together are the text", () => {
    for (const text of ["اطلب *100# ثم 1,500 ل.س عبر Sama Cash.", "Dial *100# to check.", "", "نص عربي فقط"]) {
      expect(splitDirectionalRuns(text).map((segment) => segment.text).join("")).toBe(text);
    }
  });

  it("in left-to-right text marks only the USSD codes (they become links); numbers and words need nothing there", () => {
    expect(runsOf("Dial *150# or send STOP W5 to 1500 for 2,000 SYP.")).toEqual([["*150#", "code"]]);
    // The direction may be given: a number alone in an Arabic paragraph.
    expect(runsOf("1,500", true)).toEqual([["1,500", "ltr"]]);
    expect(runsOf("1,500", false)).toEqual([]);
  });

  it("does not take a # or * inside a word or a lone one for a code", () => {
    expect(runsOf("C# و A*B و # و *").filter(([, kind]) => kind === "code")).toEqual([]);
    expect(runsOf("اضغط # ثم *")).toEqual([]);
    expect(runsOf("الرقم12#")).toEqual([["12", "ltr"]]);
  });
});

describe("USSD links", () => {
  it("escape * and # so a phone dials the whole code", () => {
    expect(ussdHref("*100#")).toBe("tel:%2A100%23");
    expect(ussdHref("*130*1#")).toBe("tel:%2A130%2A1%23");
    expect(ussdHref("#43#")).toBe("tel:%2343%23");
    expect(ussdHref("*#06#")).toBe("tel:%2A%2306%23");
  });

  it("only a whole code is dialable, not the start of one", () => {
    expect(isDialable("*100#")).toBe(true);
    expect(isDialable("#43#")).toBe(true);
    expect(isDialable("*101*")).toBe(false);
  });
});

describe("isolateForSms", () => {
  it("wraps each code, and each run that could come apart, of an Arabic SMS in LRI … PDI", () => {
    expect(isolateForSms("لإيقاف الباقة اطلب *150*0# أو أرسل STOP W5 إلى 1500، أو اتصل بالرقم +963 11 2345678 أو care@sama.example")).toBe(
      "لإيقاف الباقة اطلب \u2066*150*0#\u2069 أو أرسل \u2066STOP W5\u2069 إلى 1500، أو اتصل بالرقم \u2066+963 11 2345678\u2069 أو \u2066care@sama.example\u2069",
    );
  });

  it("leaves a bare number or word of an Arabic SMS as it is: nothing can reorder it, and an isolate costs SMS characters", () => {
    const text = "رمز التحقق الخاص بك هو 012345، صالح لمدة 5 دقائق بقيمة 1,500 ل.س عبر تطبيق Sama.";
    expect(isolateForSms(text)).toBe(text);
  });

  it("leaves an English SMS as it is (it stays in the GSM alphabet, one part)", () => {
    const text = "Your verification code is 012345. Dial *100# for your balance.";
    expect(isolateForSms(text)).toBe(text);
  });
});
