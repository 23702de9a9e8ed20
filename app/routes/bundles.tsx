import type { Route } from "./+types/bundles";
import { pageHeading } from "../pages/page.server.ts";
import { headingMeta, SectionPage } from "../pages/SectionPage.tsx";

export function loader({ context }: Route.LoaderArgs) {
  return { heading: pageHeading(context, "page.bundles") };
}

export const meta = headingMeta;

export default function Bundles({ loaderData }: Route.ComponentProps) {
  return <SectionPage heading={loaderData.heading} />;
}
