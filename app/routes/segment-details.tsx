import type { Route } from "./+types/segment-details";
import { pageHeading } from "../pages/page.server.ts";
import { headingMeta, SectionPage } from "../pages/SectionPage.tsx";

export function loader({ context }: Route.LoaderArgs) {
  return { heading: pageHeading(context, "page.segmentDetails", [["page.segmentProducts", "/products/segment-products"]]) };
}

export const meta = headingMeta;

export default function SegmentDetails({ loaderData }: Route.ComponentProps) {
  return <SectionPage heading={loaderData.heading} />;
}
