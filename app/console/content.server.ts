// The console's content pages: who may open them (editors and publishers; an admin only with one of those
// roles), the kind of a URL, and what the item form needs from the server (sanitised previews of HTML).
import { data, type RouterContextProvider } from "react-router";
import type { StaffRole } from "../../common/console.ts";
import { isContentKind, type ContentKind } from "../../common/content-schemas.ts";
import { contentFieldsOf } from "../../common/content-forms.ts";
import { sanitizeContentHtml } from "../../server/content/sanitize.ts";
import { translate } from "../../server/i18n.ts";
import { requestContext } from "../context.ts";

export const CONTENT_ROLES: StaffRole[] = ["editor", "publisher"];
export const PUBLISHER: StaffRole[] = ["publisher"];

/** A 404 page in the console's frame: no such kind, item or version. */
export function contentNotFound(context: Readonly<RouterContextProvider>): never {
  throw data({ message: translate(context.get(requestContext).language, "console.errors.CONTENT_NOT_FOUND") }, { status: 404 });
}

/** The kind named by the URL, or a 404 page. */
export function kindOf(params: { kind?: string }, context: Readonly<RouterContextProvider>): ContentKind {
  if (params.kind && isContentKind(params.kind)) return params.kind;
  return contentNotFound(context);
}

/** The HTML fields of an item as the site will show them (sanitised). */
export function sanitisedHtmlOf(kind: ContentKind, item: Record<string, unknown> | null): Record<string, string> {
  if (!item) return {};
  return Object.fromEntries(contentFieldsOf(kind).filter((field) => field.input === "html" && typeof item[field.name] === "string").map((field) => [field.name, sanitizeContentHtml(item[field.name] as string)]));
}
