import type { Route } from "./+types/international-roaming-countries";
import { pageHeading } from "../pages/page.server.ts";
import { headingMeta, SectionPage } from "../pages/SectionPage.tsx";

export function loader({ context }: Route.LoaderArgs) {
  return { heading: pageHeading(context, "page.internationalRoamingCountries", [["page.roaming", "/roaming"]]) };
}

export const meta = headingMeta;

export default function InternationalRoamingCountries({ loaderData }: Route.ComponentProps) {
  return <SectionPage heading={loaderData.heading} />;
}
