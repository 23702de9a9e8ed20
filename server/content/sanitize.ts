// Content HTML comes from the database (edited by people, loaded from files): it passes through this
// allowlist before it reaches a page or an API answer, so a script or an event handler never does.
import sanitizeHtml from "sanitize-html";

const options: sanitizeHtml.IOptions = {
  allowedTags: ["h2", "h3", "h4", "p", "br", "strong", "b", "em", "i", "u", "ul", "ol", "li", "a", "blockquote", "table", "caption", "thead", "tbody", "tr", "th", "td", "span", "div", "hr"],
  allowedAttributes: { a: ["href", "title", "rel", "target"], th: ["scope"], td: ["colspan", "rowspan"], "*": ["dir", "lang"] },
  allowedSchemes: ["https", "mailto", "tel"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === "_blank" ? { ...attribs, rel: "noopener noreferrer" } : attribs,
    }),
  },
};

export function sanitizeContentHtml(html: string): string {
  return sanitizeHtml(html, options);
}
