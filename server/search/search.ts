// Site search (/search?q=… and its API row): full-text match in the page's language (Snowball stemming
// over folded text), or, for typos, trigram word similarity; results ranked by relevance across kinds
// (an exact title first) and grouped by kind, the group of the best result first.
import { sql } from "drizzle-orm";
import type { Language } from "../../common/language.ts";
import { foldSearchText } from "../../common/search-text.ts";
import type { Db } from "../db/database.ts";
import { TEXT_SEARCH_CONFIG, type SearchKind } from "./index-documents.ts";

/** Every kind a result can be of (groups come in the order of their best result). */
export const SEARCH_KINDS: SearchKind[] = ["bundle", "offer", "product", "service", "app", "country", "faq", "news"];
export const SEARCH_QUERY_MAX_LENGTH = 100;
const PER_KIND = 8;
/** Candidates of each kind the database hands over for ranking (the best by full-text rank). */
const CANDIDATES_PER_KIND = 40;
/** pg_trgm word similarity above which a word counts as a misspelling of a word in the text. */
const TYPO_SIMILARITY = 0.5;

export interface SearchHit {
  title: string;
  snippet: string;
  url: string;
}

export interface SearchGroup {
  kind: SearchKind;
  hits: SearchHit[];
}

export interface SearchResult {
  query: string;
  total: number;
  groups: SearchGroup[];
}

/** A found document before ranking: whether the full-text query matched it, and how well. */
export type SearchCandidate = SearchHit & {
  id: number;
  kind: SearchKind;
  matched: boolean;
  rank: number;
  similarity: number;
};

/**
 * How close a title is to the query, both folded: 3 the title is the query, 2 the title holds every
 * word of the query (as a word or the start of one), 0 otherwise.
 */
function titleCloseness(title: string, queryWords: string[]): number {
  const titleWords = foldSearchText(title).split(" ");
  if (titleWords.join(" ") === queryWords.join(" ")) return 3;
  return queryWords.every((word) => titleWords.some((titleWord) => titleWord.startsWith(word))) ? 2 : 0;
}

/**
 * Orders candidates by relevance whatever their kind — the title's closeness to the query, then a full-text
 * match before a typo-tolerant one, then the full-text rank, then trigram similarity — keeps the best
 * PER_KIND of each kind, and groups them by kind, the group holding the best result first.
 */
export function rankSearchCandidates(candidates: SearchCandidate[], foldedQuery: string): SearchGroup[] {
  const queryWords = foldedQuery.split(" ").filter(Boolean);
  const scored = candidates.map((candidate) => ({ candidate, closeness: titleCloseness(candidate.title, queryWords) }));
  scored.sort(
    (a, b) =>
      b.closeness - a.closeness ||
      Number(b.candidate.matched) - Number(a.candidate.matched) ||
      b.candidate.rank - a.candidate.rank ||
      b.candidate.similarity - a.candidate.similarity ||
      a.candidate.id - b.candidate.id,
  );
  const groups = new Map<SearchKind, SearchHit[]>();
  for (const { candidate } of scored) {
    const hits = groups.get(candidate.kind) ?? [];
    groups.set(candidate.kind, hits);
    if (hits.length < PER_KIND) hits.push({ title: candidate.title, snippet: candidate.snippet, url: candidate.url });
  }
  // A Map keeps the order kinds were first met in: the kind of the best result first.
  return [...groups].map(([kind, hits]) => ({ kind, hits }));
}

/** Searches the content in `language`; a query with fewer than two letters or digits finds nothing. */
export async function searchContent(db: Db, language: Language, query: string): Promise<SearchResult> {
  const trimmed = query.trim().slice(0, SEARCH_QUERY_MAX_LENGTH);
  const folded = foldSearchText(trimmed);
  if (folded.replace(/\s/g, "").length < 2) return { query: trimmed, total: 0, groups: [] };
  const config = TEXT_SEARCH_CONFIG[language];
  const candidates = await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(TYPO_SIMILARITY)}, true)`);
    // The database keeps the best few of each kind by its own measures; the final order needs the titles
    // folded as the query was (common/search-text.ts), so it is decided here.
    const result = await tx.execute<SearchCandidate & Record<string, unknown>>(sql`
      select id, kind, title, snippet, url, matched, rank, similarity from (
        select *, row_number() over (partition by kind order by matched desc, rank desc, similarity desc, id) as place
        from (
          select id, kind, title, snippet, url,
            document @@ query as matched,
            ts_rank(document, query) as rank,
            word_similarity(${folded}, folded) as similarity
          from search_documents, websearch_to_tsquery(${config}::regconfig, ${folded}) as query
          where language = ${language} and (document @@ query or folded %> ${folded})
        ) as found
      ) as ranked
      where place <= ${CANDIDATES_PER_KIND}`);
    return result.rows;
  });
  const groups = rankSearchCandidates(candidates, folded);
  return { query: trimmed, total: groups.reduce((sum, group) => sum + group.hits.length, 0), groups };
}
