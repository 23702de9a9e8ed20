// What the console's content pages show (issue 17): the kinds with their counts, an item list with each
// item's state (live, draft pending, scheduled), a search across kinds by title or name in either
// language, and an item's page (what is live, its open draft or schedule, its history). Content is a few
// hundred items: lists are read whole and filtered here with the site's own search folding.
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { CONTENT_KIND_NAMES, CONTENT_KINDS, itemKeyOf, type ContentKind } from "../../common/content-schemas.ts";
import { matchesQuery } from "../../common/search-text.ts";
import type { Db } from "../db/database.ts";
import { contentRevisions } from "../db/schema.ts";
import { CONTENT_TABLES, readLiveItem, readLiveItems } from "./content-kinds.ts";
import { history, itemKeyFromPath, type Revision } from "./revisions.ts";

type Item = Record<string, unknown>;

/** The title of an item in each language: its title, name or question; a link or a code otherwise. */
export function titlesOf(item: Item): { ar: string; en: string } {
  for (const field of ["title", "name", "question"]) {
    if (typeof item[`${field}Ar`] === "string" && typeof item[`${field}En`] === "string") return { ar: item[`${field}Ar`] as string, en: item[`${field}En`] as string };
  }
  const text = String(item.link ?? item.code ?? item.slug ?? "");
  return { ar: text, en: text };
}

export interface ContentListing {
  key: string;
  titleAr: string;
  titleEn: string;
  live: boolean;
  draft: boolean;
  scheduledAt: string | null;
}

/** The kinds, each with its number of live items and of items waiting (a draft or a schedule). */
export async function contentOverview(db: Db): Promise<{ kind: ContentKind; live: number; waiting: number }[]> {
  const waiting = await db
    .select({ kind: contentRevisions.kind, items: sql<number>`count(distinct ${contentRevisions.itemKey})::int` })
    .from(contentRevisions)
    .where(inArray(contentRevisions.state, ["draft", "scheduled"]))
    .groupBy(contentRevisions.kind);
  return Promise.all(
    CONTENT_KIND_NAMES.map(async (kind) => {
      const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(CONTENT_TABLES[kind].table);
      return { kind, live: row?.count ?? 0, waiting: waiting.find((entry) => entry.kind === kind)?.items ?? 0 };
    }),
  );
}

/** The items of a kind (live ones, new ones not yet published, ones taken down), matching `query` by title in either language. */
export async function listContentItems(db: Db, kind: ContentKind, query?: string): Promise<ContentListing[]> {
  const [live, revisions] = await Promise.all([
    readLiveItems(db, kind),
    db
      .select()
      .from(contentRevisions)
      .where(and(eq(contentRevisions.kind, kind), inArray(contentRevisions.state, ["draft", "scheduled", "ended"])))
      .orderBy(desc(contentRevisions.id)),
  ]);
  const listings = new Map<string, ContentListing>();
  for (const item of live) {
    const titles = titlesOf(item);
    listings.set(itemKeyOf(kind, item), { key: itemKeyOf(kind, item), titleAr: titles.ar, titleEn: titles.en, live: true, draft: false, scheduledAt: null });
  }
  // Items taken down stay listed (not on the site), so that they can be published again or rolled back.
  for (const revision of revisions) {
    if (revision.state === "ended" && listings.has(revision.itemKey)) continue;
    const titles = titlesOf(revision.data as Item);
    const listing = listings.get(revision.itemKey) ?? { key: revision.itemKey, titleAr: titles.ar, titleEn: titles.en, live: false, draft: false, scheduledAt: null };
    if (revision.state === "draft") listing.draft = true;
    if (revision.state === "scheduled" && revision.publishAt) listing.scheduledAt = revision.publishAt.toISOString();
    listings.set(revision.itemKey, listing);
  }
  const keyIsNumber = CONTENT_KINDS[kind].key !== "slug" && CONTENT_KINDS[kind].key !== "code";
  return [...listings.values()]
    .filter((listing) => matchesQuery(`${listing.key} ${listing.titleAr} ${listing.titleEn}`, query))
    .sort((a, b) => (keyIsNumber ? Number(a.key) - Number(b.key) : a.key.localeCompare(b.key)));
}

/** Items of every kind whose title or name (either language) matches `query`; at most `limit`. */
export async function searchContent(db: Db, query: string, limit = 50): Promise<(ContentListing & { kind: ContentKind })[]> {
  const found = await Promise.all(CONTENT_KIND_NAMES.map(async (kind) => (await listContentItems(db, kind, query)).map((listing) => ({ ...listing, kind }))));
  return found.flat().slice(0, limit);
}

export interface ContentItemPage {
  /** What guests see now (null: not on the site). */
  live: Item | null;
  /** The open draft, if any. */
  draft: Revision | null;
  /** The scheduled revisions (a start, perhaps an end). */
  scheduled: Revision[];
  /** The published revision (its end time, if any). */
  published: Revision | null;
  history: Revision[];
}

/** An item's page: null when neither a live row nor any revision of the key exists. */
export async function contentItemPage(db: Db, kind: ContentKind, key: string): Promise<ContentItemPage | null> {
  const [live, revisions] = await Promise.all([readLiveItem(db, kind, itemKeyFromPath(kind, key)), history(db, kind, key)]);
  if (!live && revisions.length === 0) return null;
  return {
    live,
    draft: revisions.find((revision) => revision.state === "draft") ?? null,
    scheduled: revisions.filter((revision) => revision.state === "scheduled"),
    published: revisions.find((revision) => revision.state === "published") ?? null,
    history: revisions,
  };
}
