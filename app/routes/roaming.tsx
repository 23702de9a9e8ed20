import type { Route } from "./+types/roaming";
import { pageHeading } from "../pages/page.server.ts";
import { headingMeta, SectionPage } from "../pages/SectionPage.tsx";

export function loader({ context }: Route.LoaderArgs) {
  return { heading: pageHeading(context, "page.roaming") };
}

export const meta = headingMeta;

export default function Roaming({ loaderData }: Route.ComponentProps) {
  return <SectionPage heading={loaderData.heading} />;
}
