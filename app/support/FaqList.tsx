// /support/FAQs: questions grouped by category, each a native disclosure (keyboard and screen reader
// friendly without script), filtered as the visitor types; a #faq-{id} link opens its question.
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { FaqGroup } from "../../server/support/faqs.ts";
import { matchesQuery } from "../../common/search-text.ts";
import { SearchFilter, useQueryFilter } from "../content/SearchFilter.tsx";
import { BidiText } from "../content/BidiText.tsx";

export function FaqList({ groups, initialQuery }: { groups: FaqGroup[]; initialQuery: string }) {
  const { t } = useTranslation();
  const { query, setQuery } = useQueryFilter(initialQuery);
  const shown = groups
    .map((group) => ({ ...group, questions: group.questions.filter((item) => matchesQuery(`${item.question} ${item.answer}`, query)) }))
    .filter((group) => group.questions.length > 0);
  const count = shown.reduce((sum, group) => sum + group.questions.length, 0);

  // A link to one question (from search) opens it and brings it into view.
  useEffect(() => {
    const target = window.location.hash.startsWith("#faq-") ? document.getElementById(window.location.hash.slice(1)) : null;
    if (target instanceof HTMLDetailsElement) {
      target.open = true;
      target.scrollIntoView({ block: "start" });
    }
  }, []);

  return (
    <>
      <p className="mb-6 max-w-3xl text-lg text-slate-700">{t("faqs.intro")}</p>
      <SearchFilter label={t("faqs.search")} query={query} onQueryChange={setQuery} submitLabel={t("search.submit")} status={count === 0 ? t("faqs.noMatch", { query }) : t("faqs.count", { count })} />
      <div className="flex flex-col gap-8">
        {shown.map((group) => (
          <section key={group.slug} aria-labelledby={`faq-group-${group.slug}`}>
            <h2 id={`faq-group-${group.slug}`} className="mb-3 text-xl font-bold text-brand-800">{group.title}</h2>
            <div className="flex flex-col gap-2">
              {group.questions.map((item) => (
                <details key={item.id} id={`faq-${item.id}`} open={query.trim() !== "" || undefined} className="group scroll-mt-4 rounded-xl border border-slate-200 p-4 open:border-brand-300 open:bg-brand-50">
                  <summary className="cursor-pointer font-bold text-slate-900"><BidiText text={item.question} linkCodes={false} /></summary>
                  <p className="mt-3 text-slate-700"><BidiText text={item.answer} /></p>
                </details>
              ))}
            </div>
          </section>
        ))}
      </div>
    </>
  );
}
