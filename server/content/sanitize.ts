// Content HTML comes from the database (edited by people, loaded from files): it passes through this
// allowlist before it reaches a page or an API answer, so a script or an event handler never does. On the
// way, the codes, numbers and Latin runs of its text are isolated left to right (common/bidi.ts): a USSD
// code becomes <a dir="ltr" href="tel:…">, anything else in Arabic text <bdi dir="ltr">.
import sanitizeHtml from "sanitize-html";
import { hasArabic, isDialable, splitDirectionalRuns, ussdHref } from "../../common/bidi.ts";

const TEL = /^\s*tel:/i;

const allowedTags = ["h2", "h3", "h4", "p", "br", "strong", "b", "em", "i", "u", "ul", "ol", "li", "a", "blockquote", "table", "thead", "tbody", "tr", "th", "td", "span", "div", "hr", "bdi"];

const options: sanitizeHtml.IOptions = {
  allowedTags,
  allowedAttributes: { a: ["href", "title", "rel", "target"], th: ["scope"], td: ["colspan", "rowspan"], "*": ["dir", "lang"] },
  allowedSchemes: ["https", "mailto", "tel"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...attribs,
        ...(attribs.target === "_blank" ? { rel: "noopener noreferrer" } : {}),
        // A phone reads a raw # as the end of the number: an editor's tel:*100# would dial *100.
        ...(attribs.href && TEL.test(attribs.href) ? { href: ussdHref(attribs.href.replace(TEL, "")) } : {}),
      },
    }),
  },
};

/** Text of sanitised HTML is escaped (& < > only); the runs are found in the text itself. */
const unescapeText = (escaped: string) => escaped.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
const escapeText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const TAG = /^<(\/?)([a-z0-9]+)([^>]*)>$/;
const VOID_TAGS = new Set(["br", "hr"]);

/**
 * Isolates the runs of sanitised HTML's text nodes. Sanitised HTML is regular (every < starts a tag, attribute
 * values are escaped, elements are closed), so splitting it at its tags gives whole text nodes. Text inside a
 * bdi or a dir="ltr" element is already isolated; inside a link a code is isolated but not linked again.
 */
function isolateDirectionalRuns(html: string, rtl: boolean): string {
  const open: { isolates: boolean; link: boolean }[] = [];
  return html
    .split(/(<[^>]*>)/)
    .map((piece) => {
      const tag = TAG.exec(piece);
      if (tag) {
        const [, closing, name, attributes] = tag;
        if (closing) open.pop();
        else if (!VOID_TAGS.has(name!)) open.push({ isolates: name === "bdi" || / dir="ltr"/.test(attributes!), link: name === "a" });
        return piece;
      }
      if (piece === "" || open.some((element) => element.isolates)) return piece;
      const inLink = open.some((element) => element.link);
      return splitDirectionalRuns(unescapeText(piece), rtl)
        .map(({ text, run }) => {
          if (run === null) return escapeText(text);
          // A dialable code is digits, * and # only: nothing in it needs escaping.
          if (run === "code" && !inLink && isDialable(text)) return `<a dir="ltr" href="${ussdHref(text)}">${text}</a>`;
          return `<bdi dir="ltr">${escapeText(text)}</bdi>`;
        })
        .join("");
    })
    .join("");
}

export function sanitizeContentHtml(html: string): string {
  const clean = sanitizeHtml(html, options);
  return isolateDirectionalRuns(clean, hasArabic(clean));
}
