// /support/{id}: FAQs, service centres and contact us (spec §2), matched case-insensitively. The feedback
// page, the fourth, is a route of its own (routes/support-feedback.tsx): only it loads the form.
import type { Route } from "./+types/support";
import { listCities } from "../../server/reference/service.ts";
import { isOpenAt, listServiceCentres } from "../../server/support/centres.ts";
import { listFaqGroups } from "../../server/support/faqs.ts";
import { notFound, pageHeading, pageTools } from "../pages/page.server.ts";
import { headingMeta } from "../pages/page-meta.ts";
import { SectionPage } from "../pages/SectionPage.tsx";
import { ContactUs } from "../support/ContactUs.tsx";
import { FaqList } from "../support/FaqList.tsx";
import { ServiceCentres } from "../support/ServiceCentres.tsx";
import { useTranslation } from "../i18n/react.ts";
import { SectionNav } from "../pages/SectionNav.tsx";
import { SUPPORT_LINKS } from "../shell/navigation.ts";

/** The support pages of spec §2 served here, matched case-insensitively. */
const SUPPORT_PAGES = {
  faqs: "page.faqs",
  "services-centers": "page.serviceCenters",
  "contact-us": "page.contactUs",
} as const;
type SupportPage = keyof typeof SUPPORT_PAGES;

function supportPage(id: string): SupportPage {
  const page = id.toLowerCase();
  if (!(page in SUPPORT_PAGES)) notFound();
  return page as SupportPage;
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const page = supportPage(params.id);
  const { services, language, t } = pageTools(context);
  const heading = { ...pageHeading(context, SUPPORT_PAGES[page], [["page.support", "/support/FAQs"]]), description: t("meta.support") };
  const search = new URL(request.url).searchParams;
  switch (page) {
    case "faqs":
      return { page, heading, groups: await listFaqGroups(services.db, language), query: (search.get("q") ?? "").slice(0, 100) };
    case "services-centers": {
      const cities = await listCities(services.db, language);
      const asked = Number(search.get("city"));
      const cityId = cities.some((city) => city.id === asked) ? asked : null;
      const now = new Date();
      const centres = (await listServiceCentres(services.db, language, cityId === null ? {} : { cityId })).map((centre) => ({
        ...centre,
        openNow: isOpenAt(centre.hours, now, services.config.OPERATOR_TIME_ZONE),
      }));
      // Only the cities that have a centre are offered in the filter.
      return { page, heading, centres, cities: cities.filter((city) => centres.some((centre) => centre.cityId === city.id) || cityId !== null), cityId };
    }
    default:
      return { page, heading };
  }
}

export const meta = headingMeta;

export default function Support({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <SectionPage heading={loaderData.heading}>
      <SectionNav label={t("page.support")} links={SUPPORT_LINKS.map((link) => ({ to: link.to, label: t(link.label) }))} />
      {loaderData.page === "faqs" && "groups" in loaderData ? <FaqList groups={loaderData.groups} initialQuery={loaderData.query} /> : null}
      {loaderData.page === "services-centers" && "centres" in loaderData ? <ServiceCentres centres={loaderData.centres} cities={loaderData.cities} cityId={loaderData.cityId} /> : null}
      {loaderData.page === "contact-us" ? <ContactUs /> : null}
    </SectionPage>
  );
}
