// Builds search_documents from the loaded content: one row per item and language, with the text folded
// (common/search-text.ts) and its full-text vector in that language's configuration. Called by the content
// loader inside its transaction, so search always matches the content it was loaded with.
import { asc, sql } from "drizzle-orm";
import { LANGUAGES, type Language } from "../../common/language.ts";
import { foldSearchText, textOfHtml } from "../../common/search-text.ts";
import type { Db } from "../db/database.ts";
import { pick } from "../content/catalogue.ts";
import { apps, bundles, faqs, news, offers, products, roamingCountries, searchDocuments, services } from "../db/schema.ts";

export type SearchKind = "bundle" | "offer" | "product" | "service" | "app" | "faq" | "news" | "country";

/** Full-text configuration per language: PostgreSQL's Snowball stemmers. */
export const TEXT_SEARCH_CONFIG: Record<Language, "arabic" | "english"> = { ar: "arabic", en: "english" };

interface Document {
  kind: SearchKind;
  title: string;
  snippet: string;
  url: string;
  /** Further words to match that are not shown (e.g. the other language's country name, codes). */
  extra?: string;
}

const SNIPPET_LENGTH = 160;

function snippetOf(text: string): string {
  const plain = textOfHtml(text);
  return plain.length <= SNIPPET_LENGTH ? plain : `${plain.slice(0, SNIPPET_LENGTH - 1).trimEnd()}…`;
}

async function documentsOf(db: Db, language: Language): Promise<Document[]> {
  // One after the other: this runs inside the loader's transaction, on one connection.
  const bundleRows = await db.select().from(bundles).orderBy(asc(bundles.id));
  const offerRows = await db.select().from(offers).orderBy(asc(offers.id));
  const productRows = await db.select().from(products).orderBy(asc(products.id));
  const serviceRows = await db.select().from(services).orderBy(asc(services.id));
  const appRows = await db.select().from(apps).orderBy(asc(apps.id));
  const faqRows = await db.select().from(faqs).orderBy(asc(faqs.id));
  const newsRows = await db.select().from(news).orderBy(asc(news.id));
  const countryRows = await db.select().from(roamingCountries).orderBy(asc(roamingCountries.code));
  return [
    ...bundleRows.map((row) => ({
      kind: "bundle" as const,
      title: pick(row, "title", language),
      snippet: snippetOf(pick(row, "description", language)),
      url: `/bundle-details/${row.type}/${row.id}`,
      extra: `${row.ussd} ${row.smsKeyword}`,
    })),
    ...offerRows.map((row) => ({
      kind: "offer" as const,
      title: pick(row, "title", language),
      snippet: snippetOf(pick(row, "summary", language)),
      url: `/offer-details/${row.type}/${row.id}`,
      extra: pick(row, "terms", language),
    })),
    ...productRows.map((row) => ({
      kind: "product" as const,
      title: pick(row, "title", language),
      snippet: snippetOf(pick(row, "summary", language)),
      url: `/products/${row.category}/${row.id}`,
      extra: textOfHtml(pick(row, "body", language)),
    })),
    ...serviceRows.map((row) => ({
      kind: "service" as const,
      title: pick(row, "title", language),
      snippet: snippetOf(pick(row, "summary", language)),
      url: `/service-details/${row.id}`,
      extra: textOfHtml(pick(row, "body", language)),
    })),
    ...appRows.map((row) => ({
      kind: "app" as const,
      title: pick(row, "title", language),
      snippet: snippetOf(pick(row, "summary", language)),
      url: `/app-details/${row.id}`,
      extra: textOfHtml(pick(row, "body", language)),
    })),
    ...faqRows.map((row) => ({
      kind: "faq" as const,
      title: pick(row, "question", language),
      snippet: snippetOf(pick(row, "answer", language)),
      url: `/support/FAQs#faq-${row.id}`,
    })),
    ...newsRows.map((row) => ({
      kind: "news" as const,
      title: pick(row, "title", language),
      snippet: snippetOf(pick(row, "summary", language)),
      url: `/news-details/${row.type}/${row.id}`,
      extra: textOfHtml(pick(row, "body", language)),
    })),
    ...countryRows.map((row) => {
      const name = pick(row, "name", language);
      const list = row.callRoaming ? "/international-Roaming-Countries" : "/SMS-Roaming-Countries";
      return {
        kind: "country" as const,
        title: name,
        snippet: row.operators.map((operator) => operator.name).join(" · "),
        url: `${list}?q=${encodeURIComponent(name)}`,
        // Both names, so "Turkey" on the Arabic page still finds تركيا.
        extra: `${row.nameAr} ${row.nameEn} ${row.code} ${row.dialCode}`,
      };
    }),
  ];
}

/** Replaces every search document with ones built from the content now in the database. */
export async function rebuildSearchDocuments(db: Db): Promise<number> {
  await db.delete(searchDocuments);
  let count = 0;
  for (const language of LANGUAGES) {
    const documents = await documentsOf(db, language);
    if (documents.length === 0) continue;
    await db.insert(searchDocuments).values(
      documents.map((document) => {
        const folded = foldSearchText(`${document.title} ${document.snippet} ${document.extra ?? ""}`);
        return {
          kind: document.kind,
          language,
          title: document.title,
          snippet: document.snippet,
          url: document.url,
          folded,
          // The title counts more than the rest when ranking.
          document: sql`setweight(to_tsvector(${TEXT_SEARCH_CONFIG[language]}::regconfig, ${foldSearchText(document.title)}), 'A') || to_tsvector(${TEXT_SEARCH_CONFIG[language]}::regconfig, ${folded})`,
        };
      }),
    );
    count += documents.length;
  }
  return count;
}
