// The console's preview (issue 17): a revision shown exactly as a guest will see it. The item's real guest
// page is rendered by the site's own request handler inside a database transaction in which the revision
// has been upserted into its live table, with services whose `db` is that transaction and whose content
// memo is empty (never the page cache), and the transaction is then rolled back: nothing a guest sees
// changes, and the preview cannot differ from the published page in any way but the revision's data.
// server/http.ts gives the rendering (it has React Router's build); this module never imports app/.
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import { isContentKind } from "../../common/content-schemas.ts";
import type { Language } from "../../common/language.ts";
import type { Db } from "../db/database.ts";
import * as schema from "../db/schema.ts";
import { contentRevisions } from "../db/schema.ts";
import { ConsoleError } from "../console/errors.ts";
import type { AppServices } from "../services.ts";
import { Memo } from "../memo.ts";
import { upsertItem } from "./content-kinds.ts";
import { guestPathOf } from "./guest-paths.ts";
import { checkItem, refusalOfRow } from "./revisions.ts";

/** Renders a guest request (no cookies) with these services. */
export type RenderGuestPage = (request: Request, services: AppServices) => Promise<Response>;

/**
 * The connection of a preview, its queries sent one after another: a page's loaders ask in parallel, which
 * a pool spreads over connections but a transaction's one connection must take in turn (node-postgres
 * queues them itself, deprecated since pg 8.16 and gone in pg 9).
 */
function oneQueryAtATime(client: pg.PoolClient): pg.PoolClient {
  let last: Promise<unknown> = Promise.resolve();
  const queued = Object.create(client) as pg.PoolClient;
  queued.query = ((...args: unknown[]) => {
    const next = last.then(() => (client.query as (...values: unknown[]) => Promise<unknown>).apply(client, args));
    last = next.catch(() => undefined);
    return next;
  }) as pg.PoolClient["query"];
  return queued;
}

class RolledBack extends Error {
  constructor(readonly answer: { status: number; html: string; path: string }) {
    super("preview rolled back");
  }
}

/**
 * The guest page of revision `revisionId` in `language`, as HTML with its status and guest path. A
 * revision whose item names a missing row (a category, a city) cannot be shown: CONTENT_REFERENCE_MISSING.
 */
export async function renderPreview(services: AppServices, revisionId: number, language: Language, origin: string, render: RenderGuestPage): Promise<{ status: number; html: string; path: string }> {
  const [revision] = await services.db.select().from(contentRevisions).where(eq(contentRevisions.id, revisionId)).limit(1);
  if (!revision || !isContentKind(revision.kind) || revision.state === "discarded") throw new ConsoleError("CONTENT_NOT_FOUND");
  const kind = revision.kind;
  const item = checkItem(kind, revision.data);
  const path = guestPathOf(kind, item, services.config.COMPANY_SLUG);
  const client = await services.database.pool.connect();
  try {
    await drizzle({ client: oneQueryAtATime(client), schema }).transaction(async (tx) => {
      try {
        await tx.transaction(async (savepoint) => upsertItem(savepoint, kind, item));
      } catch (error) {
        // A row the database refuses (a missing category, a slug another item has) is the console's refusal.
        throw refusalOfRow(error);
      }
      const previewServices: AppServices = { ...services, db: tx as unknown as Db, contentMemo: new Memo(0) };
      const url = new URL(`${path}${path.includes("?") ? "&" : "?"}lang=${language}`, origin);
      const response = await render(new Request(url, { headers: { "accept-language": language } }), previewServices);
      throw new RolledBack({ status: response.status, html: await response.text(), path });
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.answer;
    throw error;
  } finally {
    client.release();
  }
  throw new Error("unreachable: the preview transaction always rolls back");
}


