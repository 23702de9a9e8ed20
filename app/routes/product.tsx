import type { Route } from "./+types/product";
import { pageHeading } from "../pages/page.server.ts";
import { headingMeta, SectionPage } from "../pages/SectionPage.tsx";

/** /products/{id}; /products/segment-products is the segmented products list (spec §2). */
export function loader({ params, context }: Route.LoaderArgs) {
  const isSegmentList = params.id.toLowerCase() === "segment-products";
  return { heading: pageHeading(context, isSegmentList ? "page.segmentProducts" : "page.product", [["page.products", "/products"]]) };
}

export const meta = headingMeta;

export default function Product({ loaderData }: Route.ComponentProps) {
  return <SectionPage heading={loaderData.heading} />;
}
