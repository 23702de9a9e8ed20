// /support/Services-Centers: the centres, filtered by city (a GET form, so the filter is a link too),
// each with its address, opening hours, an open-now mark (worked out by the server in the operator's
// time zone), call links and a directions link.
import { useTranslation } from "../i18n/react.ts";
import { useNavigate } from "react-router";
import type { NamedItem } from "../../server/reference/service.ts";
import type { ServiceCentre } from "../../server/support/centres.ts";
import { useShell } from "../shell/ShellContext.tsx";

export function ServiceCentres({ centres, cities, cityId }: { centres: (ServiceCentre & { openNow: boolean })[]; cities: NamedItem[]; cityId: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { language } = useShell().shell;
  const list = new Intl.ListFormat(language, { type: "conjunction" });
  return (
    <>
      <p className="mb-6 max-w-3xl text-lg text-slate-700">{t("centres.intro")}</p>
      <form method="get" className="mb-6 flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 font-bold text-slate-800">
          {t("centres.city")}
          <select
            name="city"
            defaultValue={cityId ?? ""}
            onChange={(event) => void navigate(event.currentTarget.value ? `?city=${event.currentTarget.value}` : "?", { preventScrollReset: true })}
            className="rounded-lg border-2 border-slate-300 bg-white px-3 py-2 font-normal"
          >
            <option value="">{t("centres.allCities")}</option>
            {cities.map((city) => (
              <option key={city.id} value={city.id}>{city.name}</option>
            ))}
          </select>
        </label>
        <noscript>
          <button type="submit" className="rounded-lg bg-brand-700 px-5 py-2.5 font-bold text-white">{t("centres.filter")}</button>
        </noscript>
        <p role="status" className="text-sm text-slate-600">{t("centres.count", { count: centres.length })}</p>
      </form>
      <ul aria-label={t("page.serviceCenters")} className="grid gap-4 sm:grid-cols-2">
        {centres.map((centre) => (
          <li key={centre.id} className="flex flex-col gap-3 rounded-xl border border-slate-200 p-5">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 className="text-lg font-bold text-brand-800">{centre.name}</h2>
              <span className={`rounded-full px-3 py-0.5 text-sm font-bold ${centre.openNow ? "bg-green-100 text-green-900" : "bg-slate-100 text-slate-700"}`}>
                {centre.openNow ? t("centres.openNow") : t("centres.closedNow")}
              </span>
            </div>
            <p className="text-slate-700">{centre.address}</p>
            <OpeningHours hours={centre.hours} />
            <p className="text-sm">
              <span className="font-bold">{t("centres.services")}: </span>
              {list.format(centre.services.map((service) => t(`centres.serviceNames.${service}`)))}
            </p>
            <div className="mt-auto flex flex-wrap gap-2">
              {centre.phones.map((phone) => (
                <a key={phone} href={`tel:${phone}`} className="rounded-lg bg-brand-700 px-4 py-2 font-bold text-white hover:bg-brand-800">
                  {t("centres.call")} <bdi dir="ltr">{phone}</bdi>
                </a>
              ))}
              <a
                href={`https://www.openstreetmap.org/directions?to=${centre.lat}%2C${centre.lng}#map=17/${centre.lat}/${centre.lng}`}
                target="_blank"
                rel="noopener noreferrer"
                className="rounded-lg border-2 border-brand-600 px-4 py-1.5 font-bold text-brand-700"
              >
                {t("centres.directions")}
              </a>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

/** One line per day, Sunday first, "Closed" for days without a slot. */
function OpeningHours({ hours }: { hours: ServiceCentre["hours"] }) {
  const { t } = useTranslation();
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-bold">{t("centres.hours")}</summary>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {([0, 1, 2, 3, 4, 5, 6] as const).map((day) => {
          const slots = hours.filter((slot) => slot.days.includes(day));
          return (
            <div key={day} className="contents">
              <dt>{t(`centres.days.${day}`)}</dt>
              <dd>{slots.length === 0 ? t("centres.closed") : slots.map((slot) => <bdi key={slot.open} dir="ltr">{`${slot.open}–${slot.close}`}</bdi>)}</dd>
            </div>
          );
        })}
      </dl>
      <p className="mt-1 text-slate-600">{t("centres.localTime")}</p>
    </details>
  );
}
