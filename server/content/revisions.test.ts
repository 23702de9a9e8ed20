// Content revisions on a real database: publishing supersedes the version before and changes what guests
// see (live table, search index, content version), schedules and ends at their times, two sweeps running
// at once publish a due revision exactly once, rollback, the field diff, the refusal to take down an item
// something still names, and the same schema as content:load.
import { readFile } from "node:fs/promises";
import { beforeEach, describe, expect, test } from "vitest";
import { z } from "zod";
import { CONTENT_KINDS } from "../../common/content-schemas.ts";
import { openTestDb, useTestDatabase } from "../../tests/support/test-database.ts";
import type { Actor } from "../console/enrolment.ts";
import { ConsoleError } from "../console/errors.ts";
import { listContentItems } from "./content-console.ts";
import { diffItems, diffRevisions, discardDraft, history, publishNow, rollback, saveAndPublish, saveDraft, schedule, sweepSchedule, unpublish } from "./revisions.ts";
import { importContentFiles } from "./content-files.ts";

const database = useTestDatabase({ each: true });
let editor: Actor;
beforeEach(async () => {
  const { rows } = await database.pool.query<{ id: string }>("insert into staff_accounts (email, display_name, roles) values ('pub@example.com', 'Pub', '{editor,publisher}') returning id");
  editor = { staff: { id: Number(rows[0]!.id), email: "pub@example.com" }, clientIp: "127.0.0.1" };
});

const offers = async () => JSON.parse(await readFile("content/offers.json", "utf8")) as Record<string, unknown>[];
const liveOffer = async (id: number) => (await database.pool.query("select title_en, title_ar from offers where id = $1", [id])).rows[0] as { title_en: string; title_ar: string } | undefined;
const contentVersion = async () => Number((await database.pool.query("select version from content_state where id = 1")).rows[0].version);
const states = async (kind: string, key: string) => (await database.pool.query("select state, origin from content_revisions where kind = $1 and item_key = $2 order by id", [kind, key])).rows;
const searchFinds = async (text: string) => (await database.pool.query("select url from search_documents where language = 'en' and title = $1", [text])).rows.map((row) => row.url as string);
const HOUR = 3_600_000;

async function offerDraft(id: number, titleEn: string) {
  const offer = (await offers()).find((item) => item.id === id)!;
  return saveDraft(database.db, editor, "offers", String(id), { ...offer, titleEn, titleAr: `${titleEn} (ع)` });
}

describe("drafts and publishing", () => {
  test("a draft changes nothing guests see; publishing it supersedes the imported version, updates the live row, the search index and the content version", async () => {
    const version = await contentVersion();
    const draft = await offerDraft(1, "Weekend triple data");
    expect(await liveOffer(1)).toMatchObject({ title_en: "Weekend double data" });
    expect(await contentVersion()).toBe(version);
    // The first edit recorded the live row as the history's start.
    expect(await states("offers", "1")).toEqual([{ state: "published", origin: "import" }, { state: "draft", origin: "edit" }]);

    await publishNow(database.db, editor, "offers", "1", draft.id);
    expect(await liveOffer(1)).toMatchObject({ title_en: "Weekend triple data", title_ar: "Weekend triple data (ع)" });
    expect(await states("offers", "1")).toEqual([{ state: "superseded", origin: "import" }, { state: "published", origin: "edit" }]);
    expect(await contentVersion()).toBe(version + 1);
    expect(await searchFinds("Weekend triple data")).toEqual(["/offer-details/weekend/1"]);
    const audit = (await database.pool.query("select action, actor_email, target from staff_audit where action like 'content.%' order by id")).rows;
    expect(audit).toEqual([
      { action: "content.draft", actor_email: "pub@example.com", target: "offers:1" },
      { action: "content.publish", actor_email: "pub@example.com", target: "offers:1" },
    ]);
  });

  test("a second save updates the one open draft; a discarded draft cannot be published", async () => {
    const first = await offerDraft(2, "One");
    const second = await offerDraft(2, "Two");
    expect(second.id).toBe(first.id);
    await discardDraft(database.db, editor, "offers", "2", first.id, { mayCancelSchedule: true });
    await expect(publishNow(database.db, editor, "offers", "2", first.id)).rejects.toMatchObject({ code: "CONTENT_STATE_CHANGED" });
  });

  test("a new item is published under its own key; a new item cannot take an existing key", async () => {
    const offer = { ...(await offers())[0]!, id: 900, type: "brand-new", titleEn: "Brand new offer" };
    const draft = await saveDraft(database.db, editor, "offers", null, offer);
    await publishNow(database.db, editor, "offers", "900", draft.id);
    expect(await liveOffer(900)).toMatchObject({ title_en: "Brand new offer" });
    await expect(saveDraft(database.db, editor, "offers", null, { ...offer, id: 1 })).rejects.toMatchObject({ code: "CONTENT_KEY_TAKEN", details: { fieldErrors: { id: ["console.content.errors.keyTaken"] } } });
  });
});

describe("content loaded from files after console edits", () => {
  test("a live row changed by content:load since the last publish is recorded (origin import) before the next change, so no version guests saw is lost", async () => {
    const draft = await offerDraft(1, "From the console");
    await publishNow(database.db, editor, "offers", "1", draft.id);
    await database.pool.query("update offers set title_en = 'From a content file' where id = 1");
    const next = await offerDraft(1, "From the console again");
    expect((await states("offers", "1")).map((row) => `${row.state} ${row.origin}`)).toEqual(["superseded import", "superseded edit", "published import", "draft edit"]);
    const [, fromFile] = await history(database.db, "offers", "1");
    expect(fromFile!.data).toMatchObject({ titleEn: "From a content file" });
    await publishNow(database.db, editor, "offers", "1", next.id);
    expect(await liveOffer(1)).toMatchObject({ title_en: "From the console again" });
  });
});

describe("the same schema as content:load", () => {
  test("an item that content:load refuses the console refuses too, naming the field", async () => {
    const offer = (await offers())[0]!;
    const broken = { ...offer, validFrom: "2026-13-45", titleEn: "" };
    expect(z.array(CONTENT_KINDS.offers.row).safeParse([broken]).success).toBe(false);
    const refusal = await saveDraft(database.db, editor, "offers", "1", broken).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ConsoleError);
    expect(Object.keys((refusal as ConsoleError).details.fieldErrors!).sort()).toEqual(["titleEn", "validFrom"]);
    // And the key of an existing item stays its key.
    await expect(saveDraft(database.db, editor, "offers", "1", { ...offer, id: 2 })).rejects.toMatchObject({ code: "CONTENT_INVALID", details: { fieldErrors: { id: ["console.content.errors.keyFixed"] } } });
  });
});

describe("schedule and end", () => {
  test("a scheduled offer is published at its start, not before, and taken down at its end", async () => {
    const now = new Date();
    const draft = await offerDraft(3, "Scheduled title");
    await schedule(database.db, editor, "offers", "3", draft.id, { publishAt: new Date(now.getTime() + HOUR), endAt: new Date(now.getTime() + 2 * HOUR) }, now);
    expect(await sweepSchedule(database.db, new Date(now.getTime() + HOUR - 1000))).toEqual({ published: 0, ended: 0, failed: 0 });
    expect((await liveOffer(3))?.title_en).not.toBe("Scheduled title");
    expect(await sweepSchedule(database.db, new Date(now.getTime() + HOUR))).toEqual({ published: 1, ended: 0, failed: 0 });
    expect(await liveOffer(3)).toMatchObject({ title_en: "Scheduled title" });
    expect(await sweepSchedule(database.db, new Date(now.getTime() + 2 * HOUR))).toEqual({ published: 0, ended: 1, failed: 0 });
    expect(await liveOffer(3)).toBeUndefined();
    expect((await states("offers", "3")).map((row) => row.state)).toEqual(["superseded", "ended"]);
  });

  test("only offers and news end at a time; a start in the past is refused", async () => {
    const now = new Date();
    const faq = (JSON.parse(await readFile("content/faqs.json", "utf8")) as Record<string, unknown>[])[0]!;
    const draft = await saveDraft(database.db, editor, "faqs", String(faq.id), { ...faq, questionEn: "Changed?" });
    await expect(schedule(database.db, editor, "faqs", String(faq.id), draft.id, { publishAt: new Date(now.getTime() + HOUR), endAt: new Date(now.getTime() + 2 * HOUR) }, now)).rejects.toMatchObject({ code: "CONTENT_END_NOT_ALLOWED" });
    await expect(schedule(database.db, editor, "faqs", String(faq.id), draft.id, { publishAt: new Date(now.getTime() - 1000), endAt: null }, now)).rejects.toMatchObject({ code: "CONTENT_TIME_INVALID" });
  });

  test("two instances sweeping at once publish each due revision exactly once", async () => {
    const now = new Date();
    const all = await offers();
    for (const offer of all) {
      const draft = await saveDraft(database.db, editor, "offers", String(offer.id), { ...offer, titleEn: `Swept ${String(offer.id)}` });
      await schedule(database.db, editor, "offers", String(offer.id), draft.id, { publishAt: new Date(now.getTime() + 1000), endAt: null }, now);
    }
    const second = openTestDb(database.url);
    try {
      const due = new Date(now.getTime() + 2000);
      const results = await Promise.all([sweepSchedule(database.db, due), sweepSchedule(second.db, due), sweepSchedule(database.db, due), sweepSchedule(second.db, due)]);
      expect(results.reduce((sum, result) => sum + result.published, 0)).toBe(all.length);
    } finally {
      await second.close();
    }
    const published = (await database.pool.query("select action, count(*)::int as n from staff_audit where action = 'content.scheduled-publish' group by action")).rows;
    expect(published).toEqual([{ action: "content.scheduled-publish", n: all.length }]);
    const live = (await database.pool.query("select count(*)::int as n from content_revisions where kind = 'offers' and state = 'published'")).rows[0].n;
    expect(live).toBe(all.length);
  });
});

describe("the sweep and a staff member at once", () => {
  test("a due revision whose item a staff member is changing right now is left for the next sweep (no wait, no deadlock)", async () => {
    const now = new Date();
    const draft = await offerDraft(2, "Swept later");
    await schedule(database.db, editor, "offers", "2", draft.id, { publishAt: new Date(now.getTime() + 1000), endAt: null }, now);
    const holder = await database.pool.connect();
    try {
      await holder.query("begin");
      await holder.query("select pg_advisory_xact_lock(hashtext('content'), hashtext('offers:2'))");
      expect(await sweepSchedule(database.db, new Date(now.getTime() + 2000))).toEqual({ published: 0, ended: 0, failed: 0 });
      await holder.query("rollback");
    } finally {
      holder.release();
    }
    expect(await sweepSchedule(database.db, new Date(now.getTime() + 3000))).toEqual({ published: 1, ended: 0, failed: 0 });
    expect(await liveOffer(2)).toMatchObject({ title_en: "Swept later" });
  });

  test("an item taken down is still listed for the console (not on the site), so it can be published again", async () => {
    await unpublish(database.db, editor, "offers", "5");
    const listed = (await listContentItems(database.db, "offers")).find((item) => item.key === "5");
    expect(listed).toMatchObject({ live: false, draft: false, scheduledAt: null });
    expect(listed?.titleEn).toBe((await offers()).find((offer) => offer.id === 5)!.titleEn);
  });
});

describe("a scheduled change that can no longer be made", () => {
  test("a due bundle naming a category that does not exist goes back to draft with an audit row; the sweep goes on with the others", async () => {
    const now = new Date();
    const bundles = JSON.parse(await readFile("content/bundles.json", "utf8")) as Record<string, unknown>[];
    const orphan = await saveDraft(database.db, editor, "bundles", String(bundles[0]!.id), { ...bundles[0]!, categoryId: 999 });
    const fine = await saveDraft(database.db, editor, "bundles", String(bundles[1]!.id), { ...bundles[1]!, titleEn: "Still fine" });
    for (const draft of [orphan, fine]) await schedule(database.db, editor, "bundles", draft.itemKey, draft.id, { publishAt: new Date(now.getTime() + 1000), endAt: null }, now);
    const failures: number[] = [];
    expect(await sweepSchedule(database.db, new Date(now.getTime() + 2000), (revision) => failures.push(revision))).toEqual({ published: 1, ended: 0, failed: 1 });
    expect(failures).toEqual([orphan.id]);
    expect((await database.pool.query("select state, publish_at from content_revisions where id = $1", [orphan.id])).rows).toEqual([{ state: "draft", publish_at: null }]);
    expect((await database.pool.query("select action from staff_audit where target = $1 order by id desc limit 1", [`bundles:${orphan.itemKey}`])).rows).toEqual([{ action: "content.schedule-failed" }]);
    expect((await database.pool.query("select title_en from bundles where id = $1", [bundles[1]!.id])).rows).toEqual([{ title_en: "Still fine" }]);
    // Nothing is tried again.
    expect(await sweepSchedule(database.db, new Date(now.getTime() + 3000))).toEqual({ published: 0, ended: 0, failed: 0 });
  });
});

describe("history, diff and rollback", () => {
  test("rolling back publishes a new revision with the old data; the diff names the changed fields with their text", async () => {
    const draft = await offerDraft(4, "Changed once");
    await publishNow(database.db, editor, "offers", "4", draft.id);
    const [current, imported] = await history(database.db, "offers", "4");
    const { changes } = await diffRevisions(database.db, "offers", "4", imported!.id, current!.id);
    expect(changes.map((change) => change.field)).toEqual(["titleAr", "titleEn"]);
    expect(changes[1]).toMatchObject({ after: "Changed once" });
    const restored = await rollback(database.db, editor, "offers", "4", imported!.id);
    expect(restored).toMatchObject({ origin: "rollback", state: "published", basedOn: imported!.id });
    expect((await liveOffer(4))?.title_en).toBe(changes[1]!.before);
    expect(diffItems("offers", imported!.data, restored.data)).toEqual([]);
  });
});

describe("taking items down", () => {
  test("an item something still names is not taken down, with a clear refusal; an unnamed one is", async () => {
    // Bundles name bundle category 1.
    await expect(unpublish(database.db, editor, "bundle-categories", "1")).rejects.toMatchObject({ code: "CONTENT_IN_USE" });
    expect((await database.pool.query("select count(*)::int as n from bundle_categories where id = 1")).rows[0].n).toBe(1);
    // Nothing of the refused change is kept (not even the baseline revision it started with).
    expect(await states("bundle-categories", "1")).toEqual([]);
    await unpublish(database.db, editor, "offers", "5");
    expect(await liveOffer(5)).toBeUndefined();
  });

  test("an item that names a missing row is not published", async () => {
    const bundle = (JSON.parse(await readFile("content/bundles.json", "utf8")) as Record<string, unknown>[])[0]!;
    const draft = await saveDraft(database.db, editor, "bundles", String(bundle.id), { ...bundle, categoryId: 999 });
    await expect(publishNow(database.db, editor, "bundles", String(bundle.id), draft.id)).rejects.toMatchObject({ code: "CONTENT_REFERENCE_MISSING" });
  });
});

describe("after a hostile review", () => {
  const searchRows = async () => Number((await database.pool.query("select count(*)::int as n from search_documents")).rows[0].n);

  test("two publishes at once (and an import beside them) leave one search index and no deadlock", async () => {
    const rows = await searchRows();
    const [one, two] = [await offerDraft(1, "Parallel one"), await offerDraft(2, "Parallel two")];
    const news = await readFile("content/news.json", "utf8");
    const changedNews = JSON.stringify((JSON.parse(news) as Record<string, unknown>[]).map((item, index) => (index === 0 ? { ...item, titleEn: "Imported beside" } : item)));
    const second = openTestDb(database.url);
    try {
      const results = await Promise.allSettled([
        publishNow(database.db, editor, "offers", "1", one.id),
        publishNow(second.db, editor, "offers", "2", two.id),
        importContentFiles(database.db, editor, { "news.json": changedNews }, "en"),
      ]);
      expect(results.map((result) => result.status)).toEqual(["fulfilled", "fulfilled", "fulfilled"]);
    } finally {
      await second.close();
    }
    expect(await searchRows()).toBe(rows);
    expect(await searchFinds("Parallel one")).toEqual(["/offer-details/weekend/1"]);
    expect(await searchFinds("Imported beside")).toHaveLength(1);
  });

  test("a number its column cannot hold is refused at the save, naming the field", async () => {
    const bundle = (JSON.parse(await readFile("content/bundles.json", "utf8")) as Record<string, unknown>[])[0]!;
    await expect(saveDraft(database.db, editor, "bundles", String(bundle.id), { ...bundle, price: 3_000_000_000 })).rejects.toMatchObject({ code: "CONTENT_INVALID", details: { fieldErrors: { price: expect.any(Array) } } });
  });

  test("a due revision the database refuses (a slug another item has) goes back to draft, and the sweep publishes the others", async () => {
    const now = new Date();
    const solutions = JSON.parse(await readFile("content/business-solutions.json", "utf8")) as Record<string, unknown>[];
    const clash = await saveDraft(database.db, editor, "business-solutions", String(solutions[0]!.id), { ...solutions[0]!, slug: solutions[1]!.slug });
    const fine = await offerDraft(4, "Published after the clash");
    await schedule(database.db, editor, "business-solutions", clash.itemKey, clash.id, { publishAt: new Date(now.getTime() + 1000), endAt: null }, now);
    await schedule(database.db, editor, "offers", "4", fine.id, { publishAt: new Date(now.getTime() + 1500), endAt: null }, now);
    expect(await sweepSchedule(database.db, new Date(now.getTime() + 2000))).toEqual({ published: 1, ended: 0, failed: 1 });
    expect((await database.pool.query("select state from content_revisions where id = $1", [clash.id])).rows).toEqual([{ state: "draft" }]);
    expect(await liveOffer(4)).toMatchObject({ title_en: "Published after the clash" });
    // Published at once, the same refusal is the console's, not a failure of the server.
    await expect(publishNow(database.db, editor, "business-solutions", clash.itemKey, clash.id)).rejects.toMatchObject({ code: "CONTENT_INVALID" });
  });

  test("an editor cannot cancel a publisher's schedule (a draft, yes)", async () => {
    const now = new Date();
    const draft = await offerDraft(2, "Scheduled by the publisher");
    await schedule(database.db, editor, "offers", "2", draft.id, { publishAt: new Date(now.getTime() + HOUR), endAt: null }, now);
    await expect(discardDraft(database.db, editor, "offers", "2", draft.id, { mayCancelSchedule: false })).rejects.toMatchObject({ code: "ROLE_REQUIRED" });
    expect((await database.pool.query("select state from content_revisions where id = $1", [draft.id])).rows).toEqual([{ state: "scheduled" }]);
  });

  test("a new version of an offer that ends later keeps its end (publish, rollback)", async () => {
    const now = new Date();
    const first = await offerDraft(3, "Ends tonight");
    await schedule(database.db, editor, "offers", "3", first.id, { publishAt: new Date(now.getTime() + 1000), endAt: new Date(now.getTime() + 5 * HOUR) }, now);
    await sweepSchedule(database.db, new Date(now.getTime() + 2000));
    const fixed = await saveAndPublish(database.db, editor, "offers", "3", { ...(await offers()).find((offer) => offer.id === 3)!, titleEn: "Ends tonight (typo fixed)", titleAr: "x" }, new Date(now.getTime() + 3000));
    expect(fixed.endAt?.getTime()).toBe(now.getTime() + 5 * HOUR);
    const back = await rollback(database.db, editor, "offers", "3", first.id, new Date(now.getTime() + 4000));
    expect(back.endAt?.getTime()).toBe(now.getTime() + 5 * HOUR);
    expect(await sweepSchedule(database.db, new Date(now.getTime() + 5 * HOUR))).toMatchObject({ ended: 1 });
    expect(await liveOffer(3)).toBeUndefined();
  });

  test("save and publish publishes exactly the text it saved, in one transaction", async () => {
    const offer = (await offers()).find((item) => item.id === 5)!;
    const published = await saveAndPublish(database.db, editor, "offers", "5", { ...offer, titleEn: "Saved and published" });
    expect(published.state).toBe("published");
    expect(await liveOffer(5)).toMatchObject({ title_en: "Saved and published" });
    expect((await database.pool.query("select count(*)::int as n from content_revisions where kind = 'offers' and item_key = '5' and state = 'draft'")).rows[0].n).toBe(0);
  });
});
