// /international-Roaming-Countries: countries where calls work while roaming, with their networks.
import type { Route } from "./+types/international-roaming-countries";
import { roamingListData } from "../content/roaming-pages.server.ts";
import { RoamingCountryList } from "../content/RoamingCountryList.tsx";
import { headingMeta } from "../pages/page-meta.ts";
import { SectionPage } from "../pages/SectionPage.tsx";

export function loader({ context, request }: Route.LoaderArgs) {
  return roamingListData(context, request, "call", "page.internationalRoamingCountries");
}

export const meta = headingMeta;

export default function InternationalRoamingCountries({ loaderData }: Route.ComponentProps) {
  const { heading, countries, zones, query, zone, otherList } = loaderData;
  return (
    <SectionPage heading={heading}>
      <RoamingCountryList countries={countries} zones={zones} initialQuery={query} initialZone={zone} otherList={otherList} />
    </SectionPage>
  );
}
