import type { Route } from "./+types/offers";
import { pageHeading } from "../pages/page.server.ts";
import { headingMeta, SectionPage } from "../pages/SectionPage.tsx";

export function loader({ context }: Route.LoaderArgs) {
  return { heading: pageHeading(context, "page.offers") };
}

export const meta = headingMeta;

export default function Offers({ loaderData }: Route.ComponentProps) {
  return <SectionPage heading={loaderData.heading} />;
}
