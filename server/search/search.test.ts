// The order of search results, decided after the database found the candidates: relevance across kinds,
// an exact title first, and the groups in the order of their best result.
import { describe, expect, test } from "vitest";
import { foldSearchText } from "../../common/search-text.ts";
import { rankSearchCandidates, type SearchCandidate } from "./search.ts";

let nextId = 1;
function candidate(kind: SearchCandidate["kind"], title: string, measures: Partial<Pick<SearchCandidate, "matched" | "rank" | "similarity">> = {}): SearchCandidate {
  const id = nextId++;
  return { id, kind, title, snippet: "", url: `/${kind}/${id}`, matched: true, rank: 0.1, similarity: 0.5, ...measures };
}
const order = (groups: ReturnType<typeof rankSearchCandidates>) => groups.flatMap((group) => group.hits.map((hit) => hit.title));

describe("search results are ranked by relevance across kinds", () => {
  test("a service titled exactly as the query comes first, before a product that only mentions it with a higher text rank", () => {
    const groups = rankSearchCandidates(
      [candidate("product", "باقة سما برو", { rank: 0.9 }), candidate("faq", "ما هي خدمة سوبر كليب؟", { rank: 0.5 }), candidate("service", "سوبر كليب", { rank: 0.3 })],
      foldSearchText("سوبر كليب"),
    );
    expect(groups.map((group) => group.kind)).toEqual(["service", "faq", "product"]);
    expect(order(groups)).toEqual(["سوبر كليب", "ما هي خدمة سوبر كليب؟", "باقة سما برو"]);
  });

  test("the exact title is compared folded: case, spelling variants and the Arabic article do not matter", () => {
    const english = rankSearchCandidates([candidate("bundle", "Clip art", { rank: 0.8 }), candidate("service", "Super Clip", { rank: 0.1 })], foldSearchText("SUPER clip"));
    expect(order(english)[0]).toBe("Super Clip");
    const arabic = rankSearchCandidates([candidate("news", "أخبار التجوال", { rank: 0.8 }), candidate("service", "تفعيل التجوال الدولي", { rank: 0.1 })], foldSearchText("تفعيل تجوال دولى"));
    expect(order(arabic)[0]).toBe("تفعيل التجوال الدولي");
  });

  test("a title holding every word comes before a match in the text only; a full-text match before a typo; then the text rank", () => {
    const groups = rankSearchCandidates(
      [
        candidate("news", "typo only", { matched: false, rank: 0, similarity: 0.9 }),
        candidate("offer", "weak text match", { rank: 0.05 }),
        candidate("bundle", "strong text match", { rank: 0.7 }),
        candidate("app", "Roaming weekly pass", { rank: 0.2 }),
      ],
      foldSearchText("roaming pass"),
    );
    expect(order(groups)).toEqual(["Roaming weekly pass", "strong text match", "weak text match", "typo only"]);
  });

  test("each kind keeps its best 8, grouped together, the group of the best result first", () => {
    const bundles = Array.from({ length: 12 }, (_, index) => candidate("bundle", `bundle ${index}`, { rank: 0.5 - index / 100 }));
    const groups = rankSearchCandidates([...bundles, candidate("country", "Turkey", { rank: 0.9 })], foldSearchText("turkey"));
    expect(groups.map((group) => group.kind)).toEqual(["country", "bundle"]);
    expect(groups[1]!.hits.map((hit) => hit.title)).toEqual(bundles.slice(0, 8).map((bundle) => bundle.title));
  });
});
