// Content revisions (issue 17): drafts, publishing now or at a time, ends (offers and news), unpublishing,
// history, a field diff and roll back. content_revisions holds every version of an item exactly as its
// content file would; the live tables hold what guests see. A publish is one transaction: the previous
// published revision superseded (a partial unique index allows one published per item), the item upserted
// into its table as `content:load` does, the search index rebuilt, content_state.version raised (every
// instance empties its page cache within CONTENT_VERSION_POLL_SECONDS; the sitemap is read from the live
// tables, never cached) and an audit row written. The edits of one item are serialised by a transaction
// advisory lock on the item; state changes are conditional UPDATEs, so a race is decided by the database.
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { CONTENT_KINDS, KINDS_WITH_END, itemKeyOf, parseItemKey, type ContentKind } from "../../common/content-schemas.ts";
import { fieldErrorsOf } from "../../common/field-errors.ts";
import type { Db } from "../db/database.ts";
import { sqlStateOf } from "../db/errors.ts";
import { contentRevisions, contentState } from "../db/schema.ts";
import { audit, type Actor, type Tx } from "../console/enrolment.ts";
import { ConsoleError } from "../console/errors.ts";
import { rebuildSearchDocuments } from "../search/index-documents.ts";
import { deleteLiveItem, lockContentChanges, readLiveItem, upsertItem } from "./content-kinds.ts";

export type Revision = typeof contentRevisions.$inferSelect;
export type RevisionState = "draft" | "scheduled" | "published" | "superseded" | "ended" | "discarded";
type Item = Record<string, unknown>;

/** The item checked with its kind's schema (the same as content:load's); a refusal names each field. */
export function checkItem(kind: ContentKind, data: unknown): Item {
  const parsed = (CONTENT_KINDS[kind].row as z.ZodType).safeParse(data);
  if (!parsed.success) throw new ConsoleError("CONTENT_INVALID", { fieldErrors: fieldErrorsOf(parsed.error.issues) });
  return parsed.data as Item;
}

/** The key of an item_key (or a URL) as its table holds it; CONTENT_NOT_FOUND when it cannot be one. */
export function itemKeyFromPath(kind: ContentKind, key: string): string | number {
  const parsed = parseItemKey(kind, key);
  if (parsed === null) throw new ConsoleError("CONTENT_NOT_FOUND");
  return parsed;
}

/** Serialises the changes of one item (drafts, publishes, the sweep) until the transaction ends. */
async function lockItem(tx: Tx, kind: ContentKind, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('content'), hashtext(${`${kind}:${key}`}))`);
}

/** The item's lock if it is free now (the sweep's way: it already holds a revision row). */
async function tryLockItem(tx: Tx, kind: string, key: string): Promise<boolean> {
  const { rows } = await tx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(hashtext('content'), hashtext(${`${kind}:${key}`})) as locked`);
  return rows[0]?.locked === true;
}

/**
 * What guests see is recorded before a change, so that history starts with it: items loaded by content:load
 * (or a content import) have no revision, and a load after console edits may have changed the live row
 * under the published revision. Either way the live row becomes a published revision (origin 'import'),
 * the one it replaces superseded.
 */
async function recordLiveVersion(tx: Tx, kind: ContentKind, key: string): Promise<void> {
  const live = await readLiveItem(tx, kind, itemKeyFromPath(kind, key));
  if (!live) return;
  const published = await publishedRevision(tx, kind, key);
  if (published && diffItems(kind, published.data, live).length === 0) return;
  if (published) await tx.update(contentRevisions).set({ state: "superseded", updatedAt: new Date() }).where(and(eq(contentRevisions.id, published.id), eq(contentRevisions.state, "published")));
  await tx.insert(contentRevisions).values({ kind, itemKey: key, data: live, state: "published", origin: "import", basedOn: published?.id ?? null, publishedAt: new Date() });
}

async function publishedRevision(tx: Tx | Db, kind: ContentKind, key: string): Promise<Revision | null> {
  const [row] = await tx.select().from(contentRevisions).where(and(eq(contentRevisions.kind, kind), eq(contentRevisions.itemKey, key), eq(contentRevisions.state, "published"))).limit(1);
  return row ?? null;
}

async function openDraft(tx: Tx | Db, kind: ContentKind, key: string): Promise<Revision | null> {
  const [row] = await tx.select().from(contentRevisions).where(and(eq(contentRevisions.kind, kind), eq(contentRevisions.itemKey, key), eq(contentRevisions.state, "draft"))).orderBy(desc(contentRevisions.id)).limit(1);
  return row ?? null;
}

const revisionView = (row: Pick<Revision, "id" | "state" | "publishAt" | "endAt">) => ({ revision: row.id, state: row.state, publishAt: row.publishAt?.toISOString() ?? null, endAt: row.endAt?.toISOString() ?? null });

/**
 * Saves the item as the item's draft (one open draft per item: a second save updates it). `key` is the
 * item's key for an existing item, null for a new one (whose key must be free). Answers the draft.
 */
export async function saveDraft(db: Db, actor: Actor, kind: ContentKind, key: string | null, data: unknown): Promise<Revision> {
  return db.transaction(async (tx) => saveDraftInTx(tx, actor, kind, key, data));
}

/**
 * Saves the item and publishes what was just saved, in one transaction: another save of the same item between
 * the two (an editor's) can neither slip its text into this publish nor be published under this name.
 */
export async function saveAndPublish(db: Db, actor: Actor, kind: ContentKind, key: string | null, data: unknown, now = new Date()): Promise<Revision> {
  return db.transaction(async (tx) => {
    const draft = await saveDraftInTx(tx, actor, kind, key, data);
    await lockContentChanges(tx);
    return publishInTx(tx, actor, { ...draft, endAt: null }, now, "content.publish");
  });
}

async function saveDraftInTx(tx: Tx, actor: Actor, kind: ContentKind, key: string | null, data: unknown): Promise<Revision> {
  const item = checkItem(kind, data);
  const itemKey = itemKeyOf(kind, item);
  if (key !== null && itemKey !== key) throw new ConsoleError("CONTENT_INVALID", { fieldErrors: { [CONTENT_KINDS[kind].key]: ["console.content.errors.keyFixed"] } });
  await lockItem(tx, kind, itemKey);
  if (key === null) {
    const live = await readLiveItem(tx, kind, itemKeyFromPath(kind, itemKey));
    const [any] = await tx.select({ id: contentRevisions.id }).from(contentRevisions).where(and(eq(contentRevisions.kind, kind), eq(contentRevisions.itemKey, itemKey))).limit(1);
    if (live || any) throw new ConsoleError("CONTENT_KEY_TAKEN", { fieldErrors: { [CONTENT_KINDS[kind].key]: ["console.content.errors.keyTaken"] } });
  } else {
    await recordLiveVersion(tx, kind, itemKey);
  }
  const draft = await openDraft(tx, kind, itemKey);
  const published = await publishedRevision(tx, kind, itemKey);
  let saved: Revision;
  if (draft) {
    [saved] = (await tx.update(contentRevisions).set({ data: item, updatedAt: new Date(), createdBy: actor.staff?.id ?? null }).where(and(eq(contentRevisions.id, draft.id), eq(contentRevisions.state, "draft"))).returning()) as [Revision];
  } else {
    [saved] = (await tx.insert(contentRevisions).values({ kind, itemKey, data: item, state: "draft", origin: "edit", basedOn: published?.id ?? null, createdBy: actor.staff?.id ?? null }).returning()) as [Revision];
  }
  // The text a save replaces is kept in the audit: a second editor's save never loses the first one's words.
  await audit(tx, actor, "content.draft", `${kind}:${itemKey}`, draft ? { revision: draft.id, data: draft.data, by: draft.createdBy } : null, { revision: saved.id });
  return saved;
}

/** The revision of an item, locked for its change; CONTENT_NOT_FOUND when it is not one of this item's. */
async function revisionOfItem(tx: Tx, kind: ContentKind, key: string, revisionId: number): Promise<Revision> {
  const [row] = await tx.select().from(contentRevisions).where(and(eq(contentRevisions.id, revisionId), eq(contentRevisions.kind, kind), eq(contentRevisions.itemKey, key))).for("update");
  if (!row) throw new ConsoleError("CONTENT_NOT_FOUND");
  return row;
}

/** A draft or a scheduled revision → discarded; cancelling a schedule is a publisher's (`mayCancelSchedule`). */
export async function discardDraft(db: Db, actor: Actor, kind: ContentKind, key: string, revisionId: number, { mayCancelSchedule }: { mayCancelSchedule: boolean }): Promise<void> {
  await db.transaction(async (tx) => {
    await lockItem(tx, kind, key);
    const revision = await revisionOfItem(tx, kind, key, revisionId);
    if (revision.state === "scheduled" && !mayCancelSchedule) throw new ConsoleError("ROLE_REQUIRED");
    const [row] = await tx
      .update(contentRevisions)
      .set({ state: "discarded", updatedAt: new Date() })
      .where(and(eq(contentRevisions.id, revisionId), inArray(contentRevisions.state, ["draft", "scheduled"])))
      .returning();
    if (!row) throw new ConsoleError("CONTENT_STATE_CHANGED");
    await audit(tx, actor, "content.discard", `${kind}:${key}`, { revision: revisionId }, { revision: revisionId, state: "discarded" });
  });
}

async function raiseContentVersion(tx: Tx): Promise<void> {
  await tx
    .insert(contentState)
    .values({ id: 1, version: 1 })
    .onConflictDoUpdate({ target: contentState.id, set: { version: sql`${contentState.version} + 1`, loadedAt: sql`now()` } });
}

/** The live site follows a change: search documents rebuilt, every instance's page cache emptied. */
async function contentChanged(tx: Tx): Promise<void> {
  await rebuildSearchDocuments(tx as unknown as Db);
  await raiseContentVersion(tx);
}

/**
 * Publishes a draft or scheduled revision inside `tx` (the item already locked): the published one before
 * it superseded, the item upserted into its live table. A row the item names that is missing (a bundle's
 * category…) refuses the publish (CONTENT_REFERENCE_MISSING).
 */
async function publishInTx(tx: Tx, actor: Actor, revision: Revision, now: Date, action: string): Promise<Revision> {
  const kind = revision.kind as ContentKind;
  const item = checkItem(kind, revision.data);
  const before = await publishedRevision(tx, kind, revision.itemKey);
  // An end still to come (an offer's, a news item's) stays when a new version replaces the published one,
  // unless this revision sets its own.
  const endAt = !KINDS_WITH_END.includes(kind as never) ? null : (revision.endAt ?? (before?.endAt && before.endAt.getTime() > now.getTime() ? before.endAt : null));
  if (before && before.id !== revision.id) {
    await tx.update(contentRevisions).set({ state: "superseded", updatedAt: now }).where(and(eq(contentRevisions.id, before.id), eq(contentRevisions.state, "published")));
  }
  const [published] = await tx
    .update(contentRevisions)
    .set({ state: "published", publishedAt: now, publishedBy: actor.staff?.id ?? null, updatedAt: now, endAt })
    .where(and(eq(contentRevisions.id, revision.id), inArray(contentRevisions.state, ["draft", "scheduled"])))
    .returning();
  if (!published) throw new ConsoleError("CONTENT_STATE_CHANGED");
  try {
    await tx.transaction(async (savepoint) => upsertItem(savepoint, kind, item));
  } catch (error) {
    throw refusalOfRow(error);
  }
  await contentChanged(tx);
  await audit(tx, actor, action, `${kind}:${revision.itemKey}`, before ? revisionView(before) : null, revisionView(published));
  return published;
}

/**
 * The database's refusal of an item's row as the console's: a row it names that is missing (23503), or a
 * value the table cannot hold (22…: a number out of range; 23…: a slug another item has). Anything else
 * (the database away) stays what it is.
 */
export function refusalOfRow(error: unknown): unknown {
  const state = sqlStateOf(error) ?? "";
  if (state === "23503") return new ConsoleError("CONTENT_REFERENCE_MISSING");
  if (/^2[23]/.test(state)) return new ConsoleError("CONTENT_INVALID");
  return error;
}

/** Publishes the revision now (a draft or a scheduled one). */
export async function publishNow(db: Db, actor: Actor, kind: ContentKind, key: string, revisionId: number, now = new Date()): Promise<Revision> {
  return db.transaction(async (tx) => {
    await lockItem(tx, kind, key);
    await lockContentChanges(tx);
    await recordLiveVersion(tx, kind, key);
    const revision = await revisionOfItem(tx, kind, key, revisionId);
    return publishInTx(tx, actor, { ...revision, endAt: null }, now, "content.publish");
  });
}

/**
 * Schedules a draft: published at `publishAt` by the sweep; offers and news may also end at `endAt` (the
 * item is then taken down). Times must be in the future, the end after the start.
 */
export async function schedule(db: Db, actor: Actor, kind: ContentKind, key: string, revisionId: number, times: { publishAt: Date; endAt: Date | null }, now = new Date()): Promise<Revision> {
  if (times.endAt && !KINDS_WITH_END.includes(kind as never)) throw new ConsoleError("CONTENT_END_NOT_ALLOWED", { fieldErrors: { endAt: ["console.content.errors.endNotAllowed"] } });
  if (times.publishAt.getTime() <= now.getTime()) throw new ConsoleError("CONTENT_TIME_INVALID", { fieldErrors: { publishAt: ["console.content.errors.publishAtPast"] } });
  if (times.endAt && times.endAt.getTime() <= times.publishAt.getTime()) throw new ConsoleError("CONTENT_TIME_INVALID", { fieldErrors: { endAt: ["console.content.errors.endBeforeStart"] } });
  return db.transaction(async (tx) => {
    await lockItem(tx, kind, key);
    const revision = await revisionOfItem(tx, kind, key, revisionId);
    checkItem(kind, revision.data);
    const [scheduled] = await tx
      .update(contentRevisions)
      .set({ state: "scheduled", publishAt: times.publishAt, endAt: times.endAt, updatedAt: now })
      .where(and(eq(contentRevisions.id, revisionId), inArray(contentRevisions.state, ["draft", "scheduled"])))
      .returning();
    if (!scheduled) throw new ConsoleError("CONTENT_STATE_CHANGED");
    await audit(tx, actor, "content.schedule", `${kind}:${key}`, revisionView(revision), revisionView(scheduled));
    return scheduled;
  });
}

/** Takes the published revision down inside `tx`: its live row deleted, the revision ended. */
async function endInTx(tx: Tx, actor: Actor, revision: Revision, now: Date, action: string): Promise<void> {
  const kind = revision.kind as ContentKind;
  const [ended] = await tx
    .update(contentRevisions)
    .set({ state: "ended", endedAt: now, updatedAt: now })
    .where(and(eq(contentRevisions.id, revision.id), eq(contentRevisions.state, "published")))
    .returning();
  if (!ended) throw new ConsoleError("CONTENT_STATE_CHANGED");
  try {
    // In a savepoint: a row that still names the item (a bundle its category, a reservation its city)
    // refuses the delete, and the refusal leaves the transaction usable.
    await tx.transaction(async (savepoint) => deleteLiveItem(savepoint, kind, itemKeyFromPath(kind, revision.itemKey)));
  } catch (error) {
    if (sqlStateOf(error) === "23503") throw new ConsoleError("CONTENT_IN_USE");
    throw error;
  }
  await contentChanged(tx);
  await audit(tx, actor, action, `${kind}:${revision.itemKey}`, revisionView(revision), revisionView(ended));
}

/** Unpublishes the item: guests no longer see it (refused while something still names it). */
export async function unpublish(db: Db, actor: Actor, kind: ContentKind, key: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await lockItem(tx, kind, key);
    await lockContentChanges(tx);
    await recordLiveVersion(tx, kind, key);
    const published = await publishedRevision(tx, kind, key);
    if (!published) throw new ConsoleError("CONTENT_STATE_CHANGED");
    await endInTx(tx, actor, published, now, "content.unpublish");
  });
}

/** A new revision (origin 'rollback') with the data of an earlier one, published at once. */
export async function rollback(db: Db, actor: Actor, kind: ContentKind, key: string, toRevisionId: number, now = new Date()): Promise<Revision> {
  return db.transaction(async (tx) => {
    await lockItem(tx, kind, key);
    await lockContentChanges(tx);
    await recordLiveVersion(tx, kind, key);
    const target = await revisionOfItem(tx, kind, key, toRevisionId);
    if (!["published", "superseded", "ended"].includes(target.state)) throw new ConsoleError("CONTENT_STATE_CHANGED");
    const [copy] = (await tx
      .insert(contentRevisions)
      .values({ kind, itemKey: key, data: target.data, state: "draft", origin: "rollback", basedOn: target.id, createdBy: actor.staff?.id ?? null })
      .returning()) as [Revision];
    return publishInTx(tx, actor, copy, now, "content.rollback");
  });
}

/** Every revision of an item, newest first (the baseline of an imported item recorded if there is none yet). */
export async function history(db: Db, kind: ContentKind, key: string): Promise<Revision[]> {
  return db.select().from(contentRevisions).where(and(eq(contentRevisions.kind, kind), eq(contentRevisions.itemKey, key))).orderBy(desc(contentRevisions.id));
}

export async function findRevision(db: Db, kind: ContentKind, key: string, revisionId: number): Promise<Revision | null> {
  const [row] = await db.select().from(contentRevisions).where(and(eq(contentRevisions.id, revisionId), eq(contentRevisions.kind, kind), eq(contentRevisions.itemKey, key)));
  return row ?? null;
}

export interface FieldChange {
  field: string;
  before: string | null;
  after: string | null;
}

const fieldText = (value: unknown): string | null => (value === undefined || value === null ? null : typeof value === "string" ? value : JSON.stringify(value, null, 2));

/** A value as text with object keys in order (jsonb keeps its own order of keys, a form another). */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) => (inner && typeof inner === "object" && !Array.isArray(inner) ? Object.fromEntries(Object.entries(inner).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))) : inner));

/** The fields that differ between two versions of an item, in the schema's order, with their text before and after. */
export function diffItems(kind: ContentKind, before: unknown, after: unknown): FieldChange[] {
  const a = (before ?? {}) as Item;
  const b = (after ?? {}) as Item;
  const fields = [...new Set([...Object.keys(CONTENT_KINDS[kind].row.shape), ...Object.keys(a), ...Object.keys(b)])];
  return fields.filter((field) => canonical(a[field] ?? null) !== canonical(b[field] ?? null)).map((field) => ({ field, before: fieldText(a[field]), after: fieldText(b[field]) }));
}

/** The field diff of two revisions of the same item (a → b). */
export async function diffRevisions(db: Db, kind: ContentKind, key: string, a: number, b: number): Promise<{ before: Revision; after: Revision; changes: FieldChange[] }> {
  const [before, after] = await Promise.all([findRevision(db, kind, key, a), findRevision(db, kind, key, b)]);
  if (!before || !after) throw new ConsoleError("CONTENT_NOT_FOUND");
  return { before, after, changes: diffItems(kind, before.data, after.data) };
}

/** The sweep's actor: no staff member (its audit actions are SCHEDULER_AUDIT_ACTIONS, common/console.ts). */
const SCHEDULER: Actor = { staff: null, clientIp: null };

/**
 * The scheduler's sweep (every instance, every CONTENT_SCHEDULE_SWEEP_SECONDS): each scheduled revision
 * that is due is published, and each published one whose end is due is ended, one per transaction, each
 * row locked FOR UPDATE SKIP LOCKED so that two instances never take the same one. A due revision that
 * cannot be published (a row it names was removed) goes back to draft with an audit row, so it neither
 * blocks the sweep nor is tried for ever. Answers the counts.
 */
export async function sweepSchedule(db: Db, now = new Date(), onFailure?: (revisionId: number, error: unknown) => void): Promise<{ published: number; ended: number; failed: number }> {
  const counts = { published: 0, ended: 0, failed: 0 };
  const skipped: number[] = [];
  for (const phase of ["publish", "end"] as const) {
    for (;;) {
      const outcome = await db
        .transaction(async (tx) => {
          // Content changes one at a time, and this lock first (before the row's): see lockContentChanges.
          await lockContentChanges(tx);
          const due = phase === "publish" ? and(eq(contentRevisions.state, "scheduled"), sql`${contentRevisions.publishAt} <= ${now}`) : and(eq(contentRevisions.state, "published"), sql`${contentRevisions.endAt} <= ${now}`);
          const notSkipped = skipped.length > 0 ? sql`${contentRevisions.id} <> all(${`{${skipped.join(",")}}`}::bigint[])` : sql`true`;
          const [row] = await tx
            .select()
            .from(contentRevisions)
            .where(and(due, notSkipped))
            .orderBy(asc(phase === "publish" ? contentRevisions.publishAt : contentRevisions.endAt))
            .limit(1)
            .for("update", { skipLocked: true });
          if (!row) return "none" as const;
          // The item's lock is only tried: a staff member changing the item now holds it and waits for this
          // row (lock order item → row there, row → item here), so waiting would deadlock. Next sweep then.
          if (!(await tryLockItem(tx, row.kind, row.itemKey))) {
            skipped.push(row.id);
            return "busy" as const;
          }
          try {
            await tx.transaction(async (savepoint) => {
              if (phase === "publish") await publishInTx(savepoint, SCHEDULER, row, now, "content.scheduled-publish");
              else await endInTx(savepoint, SCHEDULER, row, now, "content.scheduled-end");
            });
            return "done" as const;
          } catch (error) {
            if (!(error instanceof ConsoleError)) throw error;
            onFailure?.(row.id, error);
            skipped.push(row.id);
            if (phase === "publish") {
              await tx.update(contentRevisions).set({ state: "draft", publishAt: null, updatedAt: now }).where(eq(contentRevisions.id, row.id));
              await audit(tx, SCHEDULER, "content.schedule-failed", `${row.kind}:${row.itemKey}`, revisionView(row), { revision: row.id, state: "draft", reason: error.code });
            } else {
              // The end is cleared so the sweep does not try again; the item stays live until someone acts.
              await tx.update(contentRevisions).set({ endAt: null, updatedAt: now }).where(eq(contentRevisions.id, row.id));
              await audit(tx, SCHEDULER, "content.schedule-failed", `${row.kind}:${row.itemKey}`, revisionView(row), { revision: row.id, state: "published", reason: error.code });
            }
            return "failed" as const;
          }
        });
      if (outcome === "none") break;
      if (outcome === "busy") continue;
      if (outcome === "failed") counts.failed += 1;
      else if (phase === "publish") counts.published += 1;
      else counts.ended += 1;
    }
  }
  return counts;
}

