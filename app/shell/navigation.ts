// The site's link lists, shared by the navbar, the mobile sidebar and the footer.
import type { MessageKey } from "../../server/i18n.ts";
import { RESERVE_NUMBER_PATH } from "../../common/constants.ts";

export const SECTION_LINKS: { to: string; label: MessageKey }[] = [
  { to: "/home", label: "nav.home" },
  { to: "/products", label: "nav.products" },
  { to: "/bundles", label: "nav.bundles" },
  { to: "/offers", label: "nav.offers" },
  { to: "/roaming", label: "nav.roaming" },
];

/** Sidebar quick links (spec §2): reserve a number, prices list, apps (the apps anchor on /home). */
export const QUICK_LINKS: { to: string; label: MessageKey }[] = [
  { to: RESERVE_NUMBER_PATH, label: "nav.reserveNumber" },
  { to: "/products/prices-list", label: "nav.pricesList" },
  { to: "/home#apps", label: "nav.apps" },
];

export const SUPPORT_LINKS: { to: string; label: MessageKey }[] = [
  { to: "/support/FAQs", label: "support.faqs" },
  { to: "/support/Services-Centers", label: "support.serviceCenters" },
  { to: "/support/Feedback", label: "support.feedback" },
  { to: "/support/Contact-Us", label: "support.contactUs" },
];

export const SERVICE_CENTERS_PATH = "/Support/Services-Centers";
