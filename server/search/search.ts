// Site search (/search?q=… and its API row): full-text match in the page's language (Snowball stemming
// over folded text), or, for typos, trigram word similarity; results grouped by kind.
import { sql } from "drizzle-orm";
import type { Language } from "../../common/language.ts";
import { foldSearchText } from "../../common/search-text.ts";
import type { Db } from "../db/database.ts";
import { TEXT_SEARCH_CONFIG, type SearchKind } from "./index-documents.ts";

/** The order groups appear in. */
export const SEARCH_KINDS: SearchKind[] = ["bundle", "offer", "product", "service", "app", "country", "faq", "news"];
export const SEARCH_QUERY_MAX_LENGTH = 100;
const PER_KIND = 8;
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

/** Searches the content in `language`; a query with fewer than two letters or digits finds nothing. */
export async function searchContent(db: Db, language: Language, query: string): Promise<SearchResult> {
  const trimmed = query.trim().slice(0, SEARCH_QUERY_MAX_LENGTH);
  const folded = foldSearchText(trimmed);
  if (folded.replace(/\s/g, "").length < 2) return { query: trimmed, total: 0, groups: [] };
  const config = TEXT_SEARCH_CONFIG[language];
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(TYPO_SIMILARITY)}, true)`);
    const result = await tx.execute<{ kind: SearchKind; title: string; snippet: string; url: string }>(sql`
      select kind, title, snippet, url from (
        select kind, title, snippet, url,
          row_number() over (partition by kind order by matched desc, rank desc, similarity desc, id) as place
        from (
          select id, kind, title, snippet, url,
            document @@ query as matched,
            ts_rank(document, query) as rank,
            word_similarity(${folded}, folded) as similarity
          from search_documents, websearch_to_tsquery(${config}::regconfig, ${folded}) as query
          where language = ${language} and (document @@ query or folded %> ${folded})
        ) as found
      ) as ranked
      where place <= ${PER_KIND}
      order by kind, place`);
    return result.rows;
  });
  const groups = SEARCH_KINDS.map((kind) => ({
    kind,
    hits: rows.filter((row) => row.kind === kind).map(({ title, snippet, url }) => ({ title, snippet, url })),
  })).filter((group) => group.hits.length > 0);
  return { query: trimmed, total: rows.length, groups };
}
