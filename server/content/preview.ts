// The console's preview (issue 17): a revision shown exactly as a guest will see it. The item's real guest
// page is rendered by the site's own request handler inside a database transaction in which the revision
// has been upserted into its live table, with services whose `db` is that transaction and whose content
// memo is empty (never the page cache), and the transaction is then rolled back: nothing a guest sees
// changes, and the preview cannot differ from the published page in any way but the revision's data.
// server/http.ts gives the rendering (it has React Router's build); this module never imports app/.
import { eq } from "drizzle-orm";
import { isContentKind } from "../../common/content-schemas.ts";
import type { Language } from "../../common/language.ts";
import type { Db } from "../db/database.ts";
import { contentRevisions } from "../db/schema.ts";
import { ConsoleError } from "../console/errors.ts";
import type { AppServices } from "../services.ts";
import { ContentMemo } from "./content-memo.ts";
import { upsertItem } from "./content-kinds.ts";
import { guestPathOf } from "./guest-paths.ts";
import { checkItem } from "./revisions.ts";

/** Renders a guest request (no cookies) with these services. */
export type RenderGuestPage = (request: Request, services: AppServices) => Promise<Response>;

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
  try {
    await services.db.transaction(async (tx) => {
      try {
        await tx.transaction(async (savepoint) => upsertItem(savepoint, kind, item));
      } catch (error) {
        if ((error as { cause?: { code?: string } }).cause?.code === "23503") throw new ConsoleError("CONTENT_REFERENCE_MISSING");
        throw error;
      }
      const previewServices: AppServices = { ...services, db: tx as unknown as Db, contentMemo: new ContentMemo(0) };
      const url = new URL(`${path}${path.includes("?") ? "&" : "?"}lang=${language}`, origin);
      const response = await render(new Request(url, { headers: { "accept-language": language } }), previewServices);
      throw new RolledBack({ status: response.status, html: await response.text(), path });
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.answer;
    throw error;
  }
  throw new Error("unreachable: the preview transaction always rolls back");
}


