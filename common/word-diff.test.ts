import { describe, expect, test } from "vitest";
import { wordDiff } from "./word-diff.ts";

const marked = (parts: { text: string; change: string }[]) => parts.map((part) => (part.change === "same" ? part.text : `[${part.change === "added" ? "+" : "-"}${part.text}]`)).join("");

describe("the words that changed in a field", () => {
  test("a changed word is removed on one side and added on the other; the rest is kept as it was", () => {
    const diff = wordDiff("Weekend double data for all", "Weekend triple data for all");
    expect(marked(diff.before)).toBe("Weekend [-double ]data for all");
    expect(marked(diff.after)).toBe("Weekend [+triple ]data for all");
  });

  test("each side joins back to its own text exactly (Arabic, HTML, new lines)", () => {
    const before = "<p>فعّل أي باقة إنترنت يوم الخميس</p>\n<p>واحصل على ضعف الحجم.</p>";
    const after = "<p>فعّل أي باقة إنترنت يوم الجمعة</p>\n<p>واحصل على ثلاثة أضعاف الحجم.</p>";
    const diff = wordDiff(before, after);
    expect(diff.before.map((part) => part.text).join("")).toBe(before);
    expect(diff.after.map((part) => part.text).join("")).toBe(after);
    expect(diff.before.filter((part) => part.change === "removed").map((part) => part.text.trim())).toEqual(["الخميس</p>", "ضعف"]);
  });

  test("an empty side is all added or all removed", () => {
    expect(wordDiff("", "new text")).toEqual({ before: [], after: [{ text: "new text", change: "added" }] });
    expect(wordDiff("old", "")).toEqual({ before: [{ text: "old", change: "removed" }], after: [] });
  });

  test("two very long texts are compared whole rather than word by word", () => {
    const long = (word: string) => Array.from({ length: 3000 }, () => word).join(" ");
    expect(wordDiff(long("a"), long("b"))).toEqual({ before: [{ text: long("a"), change: "removed" }], after: [{ text: long("b"), change: "added" }] });
  });
});
