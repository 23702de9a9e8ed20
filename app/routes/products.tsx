import type { Route } from "./+types/products";
import { pageHeading } from "../pages/page.server.ts";
import { headingMeta, SectionPage } from "../pages/SectionPage.tsx";

export function loader({ context }: Route.LoaderArgs) {
  return { heading: pageHeading(context, "page.products") };
}

export const meta = headingMeta;

export default function Products({ loaderData }: Route.ComponentProps) {
  return <SectionPage heading={loaderData.heading} />;
}
