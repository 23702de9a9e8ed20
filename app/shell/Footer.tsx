// The footer of spec §2: up to 4 bundle categories, up to 4 apps, social icons by type, company
// links, and the link that toggles between the login and register dialogs.
import { Link } from "react-router";
import { useTranslation } from "../i18n/react.ts";
import { SOCIAL_TYPES } from "../../common/constants.ts";
import { SOCIAL_ICONS } from "./icons.tsx";
import { AuthModeToggle } from "./AuthModeToggle.tsx";
import { useShell } from "./ShellContext.tsx";

const headingClass = "mb-3 text-sm font-bold uppercase tracking-wide text-accent-400";
const linkClass = "text-slate-200 hover:text-white hover:underline";

// The link lists are navigation landmarks; "Follow us" is a plain group (pages have their own "Follow us").
export function Footer() {
  const { t } = useTranslation();
  const { shell, authDialog, openAuthDialog, prepareAuthDialog } = useShell();
  const { bundleCategories, apps, socialLinks } = shell.footer;
  return (
    <footer className="on-dark mt-16 bg-brand-900 text-slate-200">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 nav:grid-cols-4">
        <nav aria-labelledby="footer-bundles">
          <h2 id="footer-bundles" className={headingClass}>{t("footer.bundles")}</h2>
          <ul className="flex flex-col gap-2">
            {bundleCategories.map((category) => (
              <li key={category.id}>
                <Link to={`/bundles/${category.id}`} className={linkClass}>{category.title}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-apps">
          <h2 id="footer-apps" className={headingClass}>{t("footer.apps")}</h2>
          <ul className="flex flex-col gap-2">
            {apps.map((app) => (
              <li key={app.id}>
                <Link to={`/app-details/${app.id}`} className={linkClass}>{app.title}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-company">
          <h2 id="footer-company" className={headingClass}>{t("footer.company")}</h2>
          <ul className="flex flex-col gap-2">
            <li><Link to={`/about-${shell.companySlug}/who-we-are`} className={linkClass}>{t("footer.whoWeAre")}</Link></li>
            <li><Link to="/service-terms" className={linkClass}>{t("footer.terms")}</Link></li>
            <li><Link to="/privacy-policy" className={linkClass}>{t("footer.privacy")}</Link></li>
            <li><Link to="/business" className={linkClass}>{t("footer.business")}</Link></li>
          </ul>
        </nav>
        <div>
          <h2 id="footer-follow" className={headingClass}>{t("footer.followUs")}</h2>
          <ul className="flex gap-3">
            {socialLinks.map((social) => {
              const network = SOCIAL_TYPES[social.type];
              const SocialIcon = SOCIAL_ICONS[social.type];
              if (!network || !SocialIcon) return null;
              return (
                <li key={social.type}>
                  <a
                    href={social.link}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t(`footer.social.${network}`)}
                    data-social-type={social.type}
                    className="flex h-10 w-10 items-center justify-center rounded-full bg-white/10 hover:bg-white/20"
                  >
                    <SocialIcon />
                  </a>
                </li>
              );
            })}
          </ul>
          {shell.account ? null : (
            <AuthModeToggle
              mode={authDialog}
              onToggle={openAuthDialog}
              onIntent={prepareAuthDialog}
              className="mt-6 text-start text-sm font-bold text-accent-400 underline underline-offset-4 hover:text-white"
            />
          )}
        </div>
      </div>
      {/* The band under the last line is the floating Support button's (SupportMenu): scrolled to the end, it covers nothing. */}
      <p className="border-t border-white/10 pt-4 pb-20 text-center text-xs text-slate-300">
        {t("footer.copyright", { year: shell.year })}
      </p>
    </footer>
  );
}
