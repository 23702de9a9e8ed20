import type { Route } from "./+types/support";
import { notFound, pageHeading } from "../pages/page.server.ts";
import { headingMeta, SectionPage } from "../pages/SectionPage.tsx";

/** The four support pages of spec §2, matched case-insensitively. */
const SUPPORT_PAGES = {
  faqs: "page.faqs",
  "services-centers": "page.serviceCenters",
  feedback: "page.feedback",
  "contact-us": "page.contactUs",
} as const;

export function loader({ params, context }: Route.LoaderArgs) {
  const id = params.id.toLowerCase();
  if (!(id in SUPPORT_PAGES)) notFound();
  return { heading: pageHeading(context, SUPPORT_PAGES[id as keyof typeof SUPPORT_PAGES], [["page.support", "/support/FAQs"]]) };
}

export const meta = headingMeta;

export default function Support({ loaderData }: Route.ComponentProps) {
  return <SectionPage heading={loaderData.heading} />;
}
