// /roaming: how to turn roaming on, the prices of each zone, and the two country lists.
import { useTranslation } from "../i18n/react.ts";
import { Link } from "react-router";
import type { Route } from "./+types/roaming";
import { formatAmount } from "../../common/format.ts";
import { listRoamingCountries, listRoamingZones } from "../../server/content/roaming.ts";
import { CALL_ROAMING_PATH, SMS_ROAMING_PATH } from "../content/paths.ts";
import { pageHeading, pageTools } from "../pages/page.server.ts";
import { headingMeta } from "../pages/page-meta.ts";
import { SectionPage } from "../pages/SectionPage.tsx";
import { useShell } from "../shell/ShellContext.tsx";
import { ArrowIcon } from "../shell/icons.tsx";

export async function loader({ context }: Route.LoaderArgs) {
  const { services, language, t } = pageTools(context);
  const [zones, countries] = await Promise.all([listRoamingZones(services.db, language), listRoamingCountries(services.db, language)]);
  return {
    heading: { ...pageHeading(context, "page.roaming"), description: t("meta.roaming") },
    zones,
    callCount: countries.filter((country) => country.callRoaming).length,
    smsCount: countries.filter((country) => country.smsRoaming).length,
    countryCount: countries.length,
  };
}

export const meta = headingMeta;

const PRICE_ROWS = ["callLocal", "callHome", "callReceive", "sms", "dataPerMb"] as const;

export default function Roaming({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { language, currencySuffix } = useShell().shell;
  const { zones } = loaderData;
  const lists = [
    { to: CALL_ROAMING_PATH, label: t("page.internationalRoamingCountries"), count: loaderData.callCount },
    { to: SMS_ROAMING_PATH, label: t("page.smsRoamingCountries"), count: loaderData.smsCount },
  ];
  return (
    <SectionPage heading={loaderData.heading}>
      <div className="flex flex-col gap-8">
        <section className="flex flex-col gap-3">
          <p className="max-w-3xl text-lg text-slate-700">{t("roaming.intro", { count: loaderData.countryCount })}</p>
          <p className="max-w-3xl rounded-xl bg-brand-50 p-4 font-bold text-brand-900">{t("roaming.howTo")}</p>
        </section>
        <ul className="grid gap-4 sm:grid-cols-2">
          {lists.map((list) => (
            <li key={list.to}>
              <Link to={list.to} className="flex h-full items-center justify-between gap-3 rounded-xl border border-brand-100 p-5 hover:border-brand-600">
                <span>
                  <span className="block text-lg font-bold text-brand-800">{list.label}</span>
                  <span className="text-slate-600">{t("roaming.count", { count: list.count })}</span>
                </span>
                <ArrowIcon />
              </Link>
            </li>
          ))}
        </ul>
        <section aria-labelledby="roaming-zones">
          <h2 id="roaming-zones" className="mb-4 text-2xl font-bold text-brand-800">{t("roaming.zonesTitle")}</h2>
          {/* Wider than a phone: the region scrolls, so it takes focus for keyboard scrolling. */}
          <div role="group" aria-labelledby="roaming-zones" tabIndex={0} className="overflow-x-auto rounded-xl border border-slate-200">
            <table className="w-full">
              <thead className="bg-brand-50 text-brand-900">
                <tr>
                  <td className="p-3" />
                  {zones.map((zone) => (
                    <th key={zone.zone} scope="col" className="p-3 text-start">{zone.title}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {PRICE_ROWS.map((row) => (
                  <tr key={row} className="border-t border-slate-200">
                    <th scope="row" className="p-3 text-start">{t(`roaming.${row}`)}</th>
                    {zones.map((zone) => (
                      <td key={zone.zone} className="p-3">{formatAmount(language, zone[row], currencySuffix)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      </div>
    </SectionPage>
  );
}
