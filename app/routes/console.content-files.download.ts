// GET /console/content-files/download/content.zip (every content file, one archive) and
// /console/content-files/download/<file>.json (one file), for publishers and admins: the live content in
// the files' canonical form (server/content/export.ts). Never stored by a cache (the console's headers).
import type { Route } from "./+types/console.content-files.download";
import { isContentFileName } from "../../server/db/seed/load-content.ts";
import { contentArchive, exportContent, exportContentFile } from "../../server/content/export.ts";
import { CONTENT_ARCHIVE_NAME, CONTENT_FILES_ROLES } from "../console/paths.ts";
import { requireStaff } from "../console/staff.server.ts";
import { servicesContext } from "../context.ts";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(request, context, ...CONTENT_FILES_ROLES);
  const { db } = context.get(servicesContext);
  const name = params.file;
  if (name === CONTENT_ARCHIVE_NAME) {
    const archive = contentArchive(await exportContent(db));
    return new Response(new Uint8Array(archive), { headers: { "Content-Type": "application/zip", "Content-Disposition": `attachment; filename="${CONTENT_ARCHIVE_NAME}"` } });
  }
  if (!isContentFileName(name)) throw new Response("Not Found", { status: 404 });
  return new Response(await exportContentFile(db, name), {
    headers: { "Content-Type": "application/json; charset=utf-8", "Content-Disposition": `attachment; filename="${name}"` },
  });
}
