// GET /console/feedback/:reference/attachment (publishers and admins): the attachment of a feedback message,
// streamed from DATA_DIR/feedback under the generated name stored with the row (never a path from the
// request), with the type verified when it arrived, as a download the browser neither sniffs nor keeps.
// No console session → the console login; another role → 403.
import { Readable } from "node:stream";
import type { Route } from "./+types/console.feedback-attachment";
import { FEEDBACK_ROLES, feedbackReferenceOf } from "../../common/console-desk.ts";
import { ConsoleError } from "../../server/console/errors.ts";
import { openFeedbackAttachment } from "../../server/console/feedback-inbox.ts";
import { requireStaff } from "../console/staff.server.ts";
import { pageTools } from "../pages/page.server.ts";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(request, context, ...FEEDBACK_ROLES);
  const { services, t } = pageTools(context);
  const reference = feedbackReferenceOf(params.reference);
  try {
    if (!reference) throw new ConsoleError("FEEDBACK_NOT_FOUND");
    const attachment = await openFeedbackAttachment(services, reference);
    // HEAD: the headers only; the file is closed at once (React Router drops a HEAD answer's body unread).
    if (request.method === "HEAD") await attachment.file.close();
    const body = request.method === "HEAD" ? null : (Readable.toWeb(attachment.file.createReadStream()) as ReadableStream);
    return new Response(body, {
      headers: {
        "Content-Type": attachment.contentType,
        "Content-Length": String(attachment.size),
        "Content-Disposition": `attachment; filename="${attachment.downloadName}"`,
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
        // Opened directly, the file is still a download, never a document of our origin (server/http.ts gives
        // every attachment the sandbox policy).
      },
    });
  } catch (error) {
    if (error instanceof ConsoleError) {
      return new Response(t(`console.errors.${error.code === "NO_ATTACHMENT" ? "NO_ATTACHMENT" : "FEEDBACK_NOT_FOUND"}`), {
        status: 404,
        headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" },
      });
    }
    throw error;
  }
}
