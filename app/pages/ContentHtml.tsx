/**
 * Renders content HTML that the server has already passed through sanitizeContentHtml
 * (server/content/sanitize.ts); never give it anything else.
 */
export function ContentHtml({ html, className = "" }: { html: string; className?: string }) {
  return <div className={`prose-content max-w-3xl ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
