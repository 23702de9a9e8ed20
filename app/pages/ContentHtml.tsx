/**
 * Renders content HTML that the server has already passed through sanitizeContentHtml
 * (server/content/sanitize.ts); never give it anything else.
 */
export function ContentHtml({ html, className = "" }: { html: string; className?: string }) {
  return <div className={`prose-content max-w-3xl ${className}`} dangerouslySetInnerHTML={{ __html: withScrollingTables(html) }} />;
}

/** A table wider than a phone scrolls in a box of its own instead of widening the page. */
function withScrollingTables(html: string): string {
  return html.replace(/<table\b/g, '<div class="table-scroll"><table').replace(/<\/table>/g, "</table></div>");
}
