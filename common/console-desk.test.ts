// How the console reads what staff type: a reference in any case, with Arabic-Indic digits or another dash, a
// number with spaces, the desk's one field, and the ID-check tick the desk requires before a SIM is collected.
import { describe, expect, it } from "vitest";
import { deskActionForm, deskLookupForm, feedbackFilter, feedbackReferenceOf, handleFeedbackForm } from "./console-desk.ts";
import { referenceOf } from "./reference.ts";

describe("referenceOf", () => {
  it("reads a reference as staff type it: any case, spaces around, Arabic-Indic digits, another dash or none", () => {
    expect(referenceOf("FB", "FB-7K2M9QX4")).toBe("FB-7K2M9QX4");
    expect(referenceOf("FB", "  fb-7k2m9qx4 ")).toBe("FB-7K2M9QX4");
    expect(referenceOf("FB", "fb-٧k٢m٩qx٤")).toBe("FB-7K2M9QX4");
    expect(referenceOf("FB", "FB–7K2M9QX4")).toBe("FB-7K2M9QX4");
    expect(referenceOf("R", "r7k2m9qx4")).toBe("R-7K2M9QX4");
  });

  it("refuses another prefix, a look-alike letter, a wrong length or a path", () => {
    expect(referenceOf("FB", "R-7K2M9QX4")).toBeNull();
    expect(referenceOf("R", "FB-7K2M9QX4")).toBeNull();
    expect(referenceOf("FB", "FB-7K2M9QX0")).toBeNull();
    expect(referenceOf("FB", "FB-7K2M9QXI")).toBeNull();
    expect(referenceOf("FB", "FB-7K2M9QX")).toBeNull();
    expect(referenceOf("FB", "../../etc/passwd")).toBeNull();
    expect(feedbackReferenceOf("")).toBeNull();
  });
});

describe("the desk's lookup", () => {
  const lookup = (q: unknown) => deskLookupForm.safeParse({ q });
  it("takes a reservation reference or a number of ours in local format, Arabic-Indic digits and spaces accepted", () => {
    expect(lookup("r-7k2m9qx4").data?.q).toEqual({ kind: "reference", reference: "R-7K2M9QX4" });
    expect(lookup("٠٩٤٤١٢٣٤٥٦").data?.q).toEqual({ kind: "number", gsm: "0944123456" });
    expect(lookup("094 412 3456").data?.q).toEqual({ kind: "number", gsm: "0944123456" });
  });

  it("refuses anything else with the field's message", () => {
    expect(lookup("").error?.issues[0]?.message).toBe("console.validation.lookupRequired");
    for (const q of ["hello", "0912345678", "abc0944123456", "+963944123456", "09441234567"]) expect(lookup(q).error?.issues[0]?.message, q).toBe("console.validation.lookupInvalid");
    expect(lookup(undefined).success).toBe(false);
  });
});

describe("the desk's actions", () => {
  it("collecting needs the ID-check tick; cancelling does not", () => {
    expect(deskActionForm.safeParse({ intent: "collect", reference: "R-7K2M9QX4", idChecked: "on" }).data).toEqual({ intent: "collect", reference: "R-7K2M9QX4", idChecked: "on" });
    const untick = deskActionForm.safeParse({ intent: "collect", reference: "R-7K2M9QX4" });
    expect(untick.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([["idChecked", "console.validation.idCheckRequired"]]);
    expect(deskActionForm.safeParse({ intent: "cancel", reference: "r-7k2m9qx4" }).data).toEqual({ intent: "cancel", reference: "R-7K2M9QX4" });
    expect(deskActionForm.safeParse({ intent: "cancel", reference: "nope" }).error?.issues[0]?.message).toBe("console.validation.referenceInvalid");
    expect(deskActionForm.safeParse({ intent: "steal", reference: "R-7K2M9QX4" }).success).toBe(false);
  });
});

describe("the inbox's forms", () => {
  it("a note is required and at most 1000 characters; the filters fall back to new, page 1", () => {
    expect(handleFeedbackForm.safeParse({ note: "  " }).error?.issues[0]?.message).toBe("console.validation.noteRequired");
    expect(handleFeedbackForm.safeParse({ note: "x".repeat(1001) }).error?.issues[0]?.message).toBe("console.validation.noteTooLong");
    expect(handleFeedbackForm.safeParse({ note: " Replied. " }).data).toEqual({ note: "Replied." });
    expect(feedbackFilter.parse({ state: "weird", page: "-3" })).toEqual({ state: "new", page: 1 });
    expect(feedbackFilter.parse({ state: "handled", page: "2", q: " fb-7k2m9qx4 " })).toEqual({ state: "handled", page: 2, q: "fb-7k2m9qx4" });
  });
});
