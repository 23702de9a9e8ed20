import type { Route } from "./+types/sms-roaming-countries";
import { pageHeading } from "../pages/page.server.ts";
import { headingMeta, SectionPage } from "../pages/SectionPage.tsx";

export function loader({ context }: Route.LoaderArgs) {
  return { heading: pageHeading(context, "page.smsRoamingCountries", [["page.roaming", "/roaming"]]) };
}

export const meta = headingMeta;

export default function SmsRoamingCountries({ loaderData }: Route.ComponentProps) {
  return <SectionPage heading={loaderData.heading} />;
}
