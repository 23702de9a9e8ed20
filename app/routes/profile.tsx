import type { Route } from "./+types/profile";
import { pageHeading } from "../pages/page.server.ts";
import { headingMeta, SectionPage } from "../pages/SectionPage.tsx";
import { requireSubscriber } from "../session.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSubscriber(request, context);
  return { heading: pageHeading(context, "page.profile") };
}

export const meta = headingMeta;

export default function Profile({ loaderData }: Route.ComponentProps) {
  return <SectionPage heading={loaderData.heading} />;
}
