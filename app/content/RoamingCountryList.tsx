// A roaming country list (call roaming or SMS roaming): search by name in either language, code or
// dialling code, and filter by price zone; each country with its flag, zone and partner networks.
import { useState } from "react";
import { useTranslation } from "../i18n/react.ts";
import { Link } from "react-router";
import type { RoamingCountry, RoamingZone } from "../../server/content/roaming.ts";
import { flagOf } from "./PricesList.tsx";
import { matchesQuery } from "../../common/search-text.ts";
import { SearchFilter, useQueryFilter } from "./SearchFilter.tsx";

export function RoamingCountryList({
  countries,
  zones,
  initialQuery,
  initialZone,
  otherList,
}: {
  countries: RoamingCountry[];
  zones: RoamingZone[];
  initialQuery: string;
  initialZone: number | null;
  otherList: { to: string; label: string };
}) {
  const { t } = useTranslation();
  const { query, setQuery } = useQueryFilter(initialQuery);
  const [zone, setZone] = useState<number | null>(initialZone);
  const shown = countries.filter(
    (country) => (zone === null || country.zone === zone) && matchesQuery(`${country.name} ${country.otherName} ${country.code} ${country.dialCode}`, query),
  );
  return (
    <>
      <SearchFilter
        label={t("roaming.search")}
        query={query}
        onQueryChange={setQuery}
        submitLabel={t("roaming.filter")}
        status={shown.length === 0 ? t("roaming.noMatch") : t("roaming.count", { count: shown.length })}
      >
        <label className="flex flex-col gap-1 font-bold text-slate-800">
          {t("roaming.zone")}
          <select
            name="zone"
            value={zone ?? ""}
            onChange={(event) => setZone(event.currentTarget.value ? Number(event.currentTarget.value) : null)}
            className="rounded-lg border-2 border-slate-300 bg-white px-3 py-2 font-normal"
          >
            <option value="">{t("roaming.allZones")}</option>
            {zones.map((item) => (
              <option key={item.zone} value={item.zone}>{item.title}</option>
            ))}
          </select>
        </label>
      </SearchFilter>
      <ul className="grid gap-3 sm:grid-cols-2 nav:grid-cols-3">
        {shown.map((country) => (
          <li key={country.code} className="flex flex-col gap-2 rounded-xl border border-slate-200 p-4">
            <p className="flex items-center gap-2 text-lg font-bold text-slate-900">
              <span aria-hidden="true" className="text-2xl">{flagOf(country.code)}</span>
              {country.name}
              <bdi dir="ltr" className="ms-auto text-sm font-normal text-slate-600">+{country.dialCode}</bdi>
            </p>
            <p className="text-sm text-slate-600">{zones.find((item) => item.zone === country.zone)?.title}</p>
            <p className="text-sm">
              <span className="font-bold">{t("roaming.operators")}: </span>
              {country.operators.map((operator) => `${operator.name} (${operator.networks.join(", ")})`).join(" · ")}
            </p>
          </li>
        ))}
      </ul>
      <p className="mt-8">
        {t("roaming.otherList")}: <Link to={otherList.to} className="font-bold text-brand-700 underline">{otherList.label}</Link>
      </p>
    </>
  );
}
