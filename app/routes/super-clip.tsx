import type { Route } from "./+types/super-clip";
import { pageHeading } from "../pages/page.server.ts";
import { headingMeta, SectionPage } from "../pages/SectionPage.tsx";
import { requireSubscriber } from "../session.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSubscriber(request, context);
  return { heading: pageHeading(context, "page.superClip", [["breadcrumb.profileFeatures", "/profile"]]) };
}

export const meta = headingMeta;

export default function SuperClip({ loaderData }: Route.ComponentProps) {
  return <SectionPage heading={loaderData.heading} />;
}
