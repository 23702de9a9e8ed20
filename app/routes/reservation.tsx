import type { Route } from "./+types/reservation";
import { pageHeading } from "../pages/page.server.ts";
import { headingMeta, SectionPage } from "../pages/SectionPage.tsx";

export function loader({ context }: Route.LoaderArgs) {
  return { heading: pageHeading(context, "page.reservation") };
}

export const meta = headingMeta;

export default function Reservation({ loaderData }: Route.ComponentProps) {
  return <SectionPage heading={loaderData.heading} />;
}
