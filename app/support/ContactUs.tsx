// /support/Contact-Us: customer care numbers, email, head office, the feedback form and service
// centres, and the social links of the footer.
import { useTranslation } from "../i18n/react.ts";
import { Link } from "react-router";
import { SERVICE_CENTERS_PATH } from "../shell/navigation.ts";
import { useShell } from "../shell/ShellContext.tsx";
import { SOCIAL_ICONS } from "../shell/icons.tsx";
import { SOCIAL_TYPES } from "../../common/constants.ts";

export const CUSTOMER_CARE = { short: "111", landline: "0112200111", email: "care@sama.example" } as const;

export function ContactUs() {
  const { t } = useTranslation();
  const { socialLinks } = useShell().shell.footer;
  const card = "flex flex-col gap-2 rounded-xl border border-slate-200 p-5";
  return (
    <div className="flex flex-col gap-6">
      <p className="max-w-3xl text-lg text-slate-700">{t("contact.intro")}</p>
      <div className="grid gap-4 sm:grid-cols-2 nav:grid-cols-3">
        <section className={card} aria-labelledby="contact-care">
          <h2 id="contact-care" className="text-lg font-bold text-brand-800">{t("contact.callCentre")}</h2>
          <a href={`tel:${CUSTOMER_CARE.short}`} className="text-3xl font-bold text-brand-700"><bdi dir="ltr">{CUSTOMER_CARE.short}</bdi></a>
          <p className="text-slate-700">{t("contact.callCentreFree")}</p>
          <p className="text-slate-700">
            {t("contact.fromAnyPhone")}: <a href={`tel:${CUSTOMER_CARE.landline}`} className="font-bold text-brand-700"><bdi dir="ltr">{CUSTOMER_CARE.landline}</bdi></a>
          </p>
        </section>
        <section className={card} aria-labelledby="contact-email">
          <h2 id="contact-email" className="text-lg font-bold text-brand-800">{t("contact.email")}</h2>
          <a href={`mailto:${CUSTOMER_CARE.email}`} className="font-bold text-brand-700 underline"><bdi dir="ltr">{CUSTOMER_CARE.email}</bdi></a>
          <p className="text-slate-700">{t("contact.emailText")}</p>
          <Link to="/support/Feedback" className="mt-auto self-start rounded-lg bg-brand-700 px-4 py-2 font-bold text-white">{t("contact.write")}</Link>
        </section>
        <section className={card} aria-labelledby="contact-office">
          <h2 id="contact-office" className="text-lg font-bold text-brand-800">{t("contact.headOffice")}</h2>
          <p className="text-slate-700">{t("contact.headOfficeAddress")}</p>
          <Link to={SERVICE_CENTERS_PATH} className="mt-auto self-start rounded-lg border-2 border-brand-600 px-4 py-1.5 font-bold text-brand-700">{t("contact.visit")}</Link>
        </section>
      </div>
      {socialLinks.length > 0 ? (
        <section aria-labelledby="contact-follow">
          <h2 id="contact-follow" className="mb-3 text-lg font-bold text-brand-800">{t("contact.follow")}</h2>
          <ul className="flex gap-3">
            {socialLinks.map((link) => {
              const network = SOCIAL_TYPES[link.type];
              const Icon = SOCIAL_ICONS[link.type];
              if (!network || !Icon) return null;
              return (
                <li key={link.type}>
                  <a href={link.link} target="_blank" rel="noopener noreferrer" aria-label={t(`footer.social.${network}`)} className="flex h-11 w-11 items-center justify-center rounded-full bg-brand-700 text-white hover:bg-brand-800">
                    <Icon />
                  </a>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
