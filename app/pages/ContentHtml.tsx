import { useTranslation } from "../i18n/react.ts";
import { withScrollingTables } from "./content-tables.ts";

/**
 * Renders content HTML that the server has already passed through sanitizeContentHtml
 * (server/content/sanitize.ts); never give it anything else. Its tables scroll in boxes of their own
 * (content-tables.ts).
 */
export function ContentHtml({ html, className = "" }: { html: string; className?: string }) {
  const { t } = useTranslation();
  return <div className={`prose-content max-w-3xl ${className}`} dangerouslySetInnerHTML={{ __html: withScrollingTables(html, t("content.table")) }} />;
}
