import type { Route } from "./+types/product-type";
import { pageHeading } from "../pages/page.server.ts";
import { headingMeta, SectionPage } from "../pages/SectionPage.tsx";

export function loader({ context }: Route.LoaderArgs) {
  return { heading: pageHeading(context, "page.product", [["page.products", "/products"]]) };
}

export const meta = headingMeta;

export default function ProductType({ loaderData }: Route.ComponentProps) {
  return <SectionPage heading={loaderData.heading} />;
}
