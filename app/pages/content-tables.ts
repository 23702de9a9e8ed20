// Tables in content HTML (privacy, terms, about pages, product articles): each scrolls sideways in a box of
// its own instead of widening the page on a phone. The box is a named region in the tab order, so a keyboard
// reaches it and scrolls it with the arrow keys in every browser (Chrome and Firefox make a scrolling box
// focusable by themselves; Safari does not), and a screen reader says what it holds. Its name is the table's
// caption, or else the page language's word for "table".

/** Plain text made safe for a double-quoted attribute. */
function escapeAttribute(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** The text of a caption's sanitized HTML (tags dropped, entities kept as they are), for an attribute. */
function captionLabel(captionHtml: string): string {
  return captionHtml
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/"/g, "&quot;");
}

/**
 * Wraps every table of `html` (already sanitized: server/content/sanitize.ts) in
 * `<div class="table-scroll" tabindex="0" role="region" aria-label="…">`, named after the table's caption when
 * it has one, else `fallbackLabel` (plain text).
 */
export function withScrollingTables(html: string, fallbackLabel: string): string {
  const fallback = escapeAttribute(fallbackLabel);
  return html
    .replace(/<table\b[^>]*>/g, (opening, offset: number) => {
      // A caption is a table's first child.
      const caption = /^\s*<caption\b[^>]*>([\s\S]*?)<\/caption>/.exec(html.slice(offset + opening.length));
      const label = (caption && captionLabel(caption[1] ?? "")) || fallback;
      return `<div class="table-scroll" tabindex="0" role="region" aria-label="${label}">${opening}`;
    })
    .replace(/<\/table>/g, "</table></div>");
}
