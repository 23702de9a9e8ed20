import type { Route } from "./+types/offer-details";
import { pageHeading } from "../pages/page.server.ts";
import { headingMeta, SectionPage } from "../pages/SectionPage.tsx";

export function loader({ context }: Route.LoaderArgs) {
  return { heading: pageHeading(context, "page.offerDetails", [["page.offers", "/offers"]]) };
}

export const meta = headingMeta;

export default function OfferDetails({ loaderData }: Route.ComponentProps) {
  return <SectionPage heading={loaderData.heading} />;
}
