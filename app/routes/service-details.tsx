import type { Route } from "./+types/service-details";
import { pageHeading } from "../pages/page.server.ts";
import { headingMeta, SectionPage } from "../pages/SectionPage.tsx";

export function loader({ context }: Route.LoaderArgs) {
  return { heading: pageHeading(context, "page.serviceDetails", [["page.products", "/products"]]) };
}

export const meta = headingMeta;

export default function ServiceDetails({ loaderData }: Route.ComponentProps) {
  return <SectionPage heading={loaderData.heading} />;
}
