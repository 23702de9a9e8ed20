// The prices list (the sidebar's quick link): international call and SMS prices per country, filtered
// as the visitor types (Arabic or English names, the country code or its dialling code).
import { useTranslation } from "../i18n/react.ts";
import { formatAmount } from "../../common/format.ts";
import type { InternationalTariff } from "../../server/content/roaming.ts";
import { useShell } from "../shell/ShellContext.tsx";
import { matchesQuery } from "../../common/search-text.ts";
import { SearchFilter, useQueryFilter } from "./SearchFilter.tsx";

export function PricesList({ tariffs, initialQuery }: { tariffs: InternationalTariff[]; initialQuery: string }) {
  const { t } = useTranslation();
  const { language, currencySuffix } = useShell().shell;
  const { query, setQuery } = useQueryFilter(initialQuery);
  const shown = tariffs.filter((tariff) => matchesQuery(`${tariff.name} ${tariff.code} ${tariff.dialCode}`, query));
  return (
    <>
      <p className="mb-6 max-w-3xl text-lg text-slate-700">{t("prices.intro")}</p>
      <SearchFilter label={t("prices.search")} query={query} onQueryChange={setQuery} submitLabel={t("search.submit")} status={shown.length === 0 ? t("prices.noMatch", { query }) : t("prices.count", { count: shown.length })} />
      {shown.length > 0 ? (
        // Wider than a phone: the region scrolls, so it takes focus for keyboard scrolling.
        <div role="group" aria-label={t("page.pricesList")} tabIndex={0} className="overflow-x-auto rounded-xl border border-slate-200">
          <table className="w-full text-start">
            <thead className="bg-brand-50 text-brand-900">
              <tr>
                <th scope="col" className="p-3 text-start">{t("prices.country")}</th>
                <th scope="col" className="p-3 text-start">{t("prices.dialCode")}</th>
                <th scope="col" className="p-3 text-start">{t("prices.perMinute")}</th>
                <th scope="col" className="p-3 text-start">{t("prices.perSms")}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((tariff) => (
                <tr key={tariff.code} className="border-t border-slate-200">
                  <th scope="row" className="p-3 text-start font-bold">
                    <span aria-hidden="true" className="me-2">{flagOf(tariff.code)}</span>
                    {tariff.name}
                  </th>
                  <td className="p-3"><bdi dir="ltr">+{tariff.dialCode}</bdi></td>
                  <td className="p-3">{formatAmount(language, tariff.perMinute, currencySuffix)}</td>
                  <td className="p-3">{formatAmount(language, tariff.perSms, currencySuffix)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}

/** A country's flag from its ISO code (regional indicator letters): text, no image to download. */
export function flagOf(code: string): string {
  return String.fromCodePoint(...[...code.toUpperCase()].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65));
}
