import type { Route } from "./+types/bundle-details";
import { pageHeading } from "../pages/page.server.ts";
import { headingMeta, SectionPage } from "../pages/SectionPage.tsx";

export function loader({ context }: Route.LoaderArgs) {
  return { heading: pageHeading(context, "page.bundleDetails", [["page.bundles", "/bundles"]]) };
}

export const meta = headingMeta;

export default function BundleDetails({ loaderData }: Route.ComponentProps) {
  return <SectionPage heading={loaderData.heading} />;
}
