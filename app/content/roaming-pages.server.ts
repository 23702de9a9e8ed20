// The loader shared by the two roaming country lists (/international-Roaming-Countries and
// /SMS-Roaming-Countries): the countries of one service (each with its other-language name, so either
// spelling finds it), the zones, and the filters of the URL (?q=…&zone=…).
import type { RouterContextProvider } from "react-router";
import type { MessageKey } from "../../server/i18n.ts";
import { listRoamingCountries, listRoamingZones } from "../../server/content/roaming.ts";
import { pageHeading, pageTools } from "../pages/page.server.ts";
import { CALL_ROAMING_PATH, SMS_ROAMING_PATH } from "./paths.ts";


export async function roamingListData(context: Readonly<RouterContextProvider>, request: Request, service: "call" | "sms", titleKey: MessageKey) {
  const { services, language, t } = pageTools(context);
  const [countries, zones] = await Promise.all([listRoamingCountries(services.db, language, service), listRoamingZones(services.db, language)]);
  const params = new URL(request.url).searchParams;
  const zone = Number(params.get("zone"));
  return {
    heading: { ...pageHeading(context, titleKey, [["page.roaming", "/roaming"]]), description: t("meta.roaming") },
    countries,
    zones,
    query: (params.get("q") ?? "").slice(0, 100),
    zone: zones.some((item) => item.zone === zone) ? zone : null,
    otherList: service === "call" ? { to: SMS_ROAMING_PATH, label: t("page.smsRoamingCountries") } : { to: CALL_ROAMING_PATH, label: t("page.internationalRoamingCountries") },
  };
}
