// Terms (about type 4) and privacy (about type 5) texts for their pages: sanitised HTML, with the
// literal "\n" sequences of the privacy text stripped (spec §7).
import type { RouterContextProvider } from "react-router";
import { ABOUT_TYPES } from "../../common/constants.ts";
import { findAboutContent, stripEscapedNewlines } from "../../server/content/service.ts";
import { sanitizeContentHtml } from "../../server/content/sanitize.ts";
import { pageTools } from "./page.server.ts";

export interface LegalText {
  html: string;
  image: string | null;
  largeImage: string | null;
}

export async function loadLegalText(context: Readonly<RouterContextProvider>, kind: keyof typeof ABOUT_TYPES): Promise<LegalText | null> {
  const { services, language } = pageTools(context);
  const content = await findAboutContent(services.db, { type: ABOUT_TYPES[kind] }, language);
  if (!content) return null;
  const text = kind === "privacy" ? stripEscapedNewlines(content.text) : content.text;
  return { html: sanitizeContentHtml(text), image: content.image, largeImage: content.largeImage };
}
