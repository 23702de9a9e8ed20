// The body of /profile: line details of the selected number, the account's numbers, active
// bundles and services, personal information with the edit dialog, and "log out of other devices".
// The dialog and the form fields (React Aria's dialog, radio group and text fields) are not needed to
// show the page, so their code is loaded when the browser is idle or when the dialog is first opened.
import { Suspense, useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "../i18n/react.ts";
import { Form, Link, useActionData, useSearchParams } from "react-router";
import { formatAmount, formatDate } from "../../common/format.ts";
import type { Profile } from "../../server/account/types.ts";
import type { NamedItem } from "../../server/reference/service.ts";
import type { PageHeading } from "../pages/page.server.ts";
import { FEATURE_SCREENS, LINE_FEATURE_LINKS } from "../line-features/links.ts";
import { SectionPage } from "../pages/SectionPage.tsx";
import { useShell } from "../shell/ShellContext.tsx";
import { ACCOUNT_PATHS } from "./account-client.ts";
import type { Reservation } from "../../server/reservation/service.ts";
import { MyReservations } from "../reservation/MyReservations.tsx";
import { useLazyComponent } from "../shell/useLazy.ts";
import { lazyPart } from "../shell/LazyPart.tsx";
import { OverlayErrorState } from "../shell/ErrorState.tsx";

const loadEditProfileDialog = () => import("./EditProfileDialog.tsx").then((module) => module.EditProfileDialog);
/** The plain form's fields, server-rendered when the form shows before hydration (`?edit=1`, or refused). */
// The plain form's fields (no JavaScript yet, or a refused post) come in their own module, so a profile page
// without the form loads no form code. The server writes a document only once every part of it is ready
// (app/entry.server.tsx), so the fields are in the HTML itself even on the first render.
const ProfileFields = lazyPart(() => import("./ProfileFields.tsx").then((module) => module.ProfileFields));

/** `?edit=1` opens the edit form: the dialog once hydrated, a plain form in the page before that. */
export const EDIT_PROFILE_PARAM = "edit";

/** What the edit-profile action answers (field errors are already translated). */
export type ProfileEditAnswer = { ok: true; message: string } | { ok: false; message?: string; fieldErrors?: Record<string, string> };

export interface ProfilePageProps {
  heading: PageHeading;
  /** With the line's state: a deactivated line (hotline) says so at the top of its details. */
  profile: Profile;
  mainGsm: string;
  numbers: string[];
  cities: NamedItem[];
  jobs: NamedItem[];
  /** The account's number reservations (with cancel). */
  reservations: Reservation[];
}

const cardClass = "flex flex-col gap-3 rounded-xl border border-slate-200 p-5";
const cardTitleClass = "text-lg font-bold text-brand-800";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-2 border-b border-slate-100 pb-2 last:border-0">
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-bold">{children}</dd>
    </div>
  );
}

const ltr = (value: string) => <bdi dir="ltr">{value}</bdi>;

/** A card listing the selected number's bundles or services (a service links to its screen), or saying there are none. */
function ItemsCard({ id, title, empty, items }: { id: string; title: string; empty: string; items: { id: string; name: string; to?: string; details: string[] }[] }) {
  return (
    <section aria-labelledby={id} className={cardClass}>
      <h2 id={id} className={cardTitleClass}>{title}</h2>
      {items.length === 0 ? (
        <p className="text-slate-600">{empty}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {items.map((item) => (
            <li key={item.id} className="flex flex-col">
              {item.to ? (
                <Link to={item.to} className="font-bold text-brand-700 underline">{item.name}</Link>
              ) : (
                <span className="font-bold">{item.name}</span>
              )}
              {item.details.map((detail) => (
                <span key={detail} className="text-sm text-slate-600">{detail}</span>
              ))}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function ProfilePage({ heading, profile, mainGsm, numbers, cities, jobs, reservations }: ProfilePageProps) {
  const { t } = useTranslation();
  const { language, currencySuffix } = useShell().shell;
  const [searchParams] = useSearchParams();
  const askedToEdit = searchParams.get(EDIT_PROFILE_PARAM) === "1";
  // A plain form post (no JavaScript) that the server refused comes back here with its messages.
  const refused = useActionData<ProfileEditAnswer>();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [editing, setEditing] = useState(askedToEdit);
  const [EditProfileDialog, loadDialog, dialogFailed] = useLazyComponent(loadEditProfileDialog, { preload: "idle" });
  useEffect(() => {
    if (editing && !EditProfileDialog) void loadDialog();
  }, [editing, EditProfileDialog, loadDialog]);
  // Each opening starts from the saved values.
  const [openings, setOpenings] = useState(0);
  const notSet = t("profile.notSet");
  const cityName = cities.find((city) => city.id === profile.cityId)?.name;
  const jobName = jobs.find((job) => job.id === profile.jobId)?.name;
  return (
    <SectionPage heading={heading}>
      <div className="grid gap-6 nav:grid-cols-2">
        <section aria-labelledby="profile-details" className={cardClass}>
          <h2 id="profile-details" className={cardTitleClass}>{t("profile.detailsTitle")}</h2>
          <dl className="flex flex-col gap-2">
            <Row label={t("profile.name")}>{profile.name}</Row>
            <Row label={t("profile.number")}>
              <span data-testid="profile-number">{ltr(profile.gsm)}</span>
            </Row>
            <Row label={t("profile.lineType")}>{t(`profile.lineTypes.${profile.lineType}`)}</Row>
            <Row label={t("profile.lineState")}>
              {profile.lineState === "deactivated" ? (
                <Link to="/hotline" className="text-red-800 underline">{t("hotline.deactivated")}</Link>
              ) : (
                t("hotline.active")
              )}
            </Row>
            <Row label={t("profile.balance")}>
              {/* The charging port's main balance (prepaid); a postpaid line's money is on My line. */}
              {profile.balance === null ? (
                <Link to="/my-line" className="text-brand-700 underline">{t("page.myLine")}</Link>
              ) : (
                <bdi dir="ltr">{formatAmount(language, profile.balance, currencySuffix)}</bdi>
              )}
            </Row>
          </dl>
        </section>

        <section aria-labelledby="profile-numbers" className={cardClass}>
          <h2 id="profile-numbers" className={cardTitleClass}>{t("profile.numbersTitle")}</h2>
          <ul className="flex flex-col gap-2">
            {numbers.map((gsm) => (
              <li key={gsm} className="flex flex-wrap items-center gap-2">
                {ltr(gsm)}
                {gsm === mainGsm ? <span className="rounded-full bg-slate-100 px-2 text-xs font-bold text-slate-700">{t("profile.mainNumber")}</span> : null}
                {gsm === profile.gsm ? <span className="rounded-full bg-brand-100 px-2 text-xs font-bold text-brand-800">{t("profile.selectedNumber")}</span> : null}
              </li>
            ))}
          </ul>
        </section>

        <ItemsCard
          id="profile-bundles"
          title={t("profile.bundlesTitle")}
          empty={t("profile.noBundles")}
          items={profile.activeBundles.map((bundle) => ({
            id: bundle.id,
            name: bundle.name,
            to: "/my-line",
            details: [t("profile.bundleRemaining", { remaining: bundle.remaining }), t("profile.bundleExpires", { date: formatDate(language, bundle.expiresOn) })],
          }))}
        />
        <ItemsCard
          id="profile-services"
          title={t("profile.servicesTitle")}
          empty={t("profile.noServices")}
          items={profile.activeServices.map((service) => ({
            id: service.id,
            name: service.name,
            to: FEATURE_SCREENS[service.id],
            details: [t("profile.serviceSince", { date: formatDate(language, service.since) })],
          }))}
        />

        <section aria-labelledby="profile-personal" className={cardClass}>
          <h2 id="profile-personal" className={cardTitleClass}>{t("profile.personalTitle")}</h2>
          <dl className="flex flex-col gap-2">
            <Row label={t("profile.gender")}>{profile.gender === null ? notSet : t(profile.gender === 1 ? "profile.female" : "profile.male")}</Row>
            <Row label={t("profile.city")}>{cityName ?? notSet}</Row>
            <Row label={t("profile.job")}>{jobName ?? notSet}</Row>
            <Row label={t("profile.birthDate")}>{profile.birthDate ? formatDate(language, profile.birthDate) : notSet}</Row>
            <Row label={t("profile.address")}>{profile.address ?? notSet}</Row>
            <Row label={t("profile.email")}>{profile.email ? ltr(profile.email) : notSet}</Row>
          </dl>
          <Link
            to={`?${EDIT_PROFILE_PARAM}=1`}
            aria-haspopup="dialog"
            preventScrollReset
            onClick={(event) => {
              event.preventDefault();
              setOpenings((count) => count + 1);
              setEditing(true);
            }}
            className="self-start rounded-lg bg-brand-700 px-4 py-2.5 font-bold text-white hover:bg-brand-800"
          >
            {t("profile.edit")}
          </Link>
          {!hydrated && (askedToEdit || refused) ? (
            <Form method="post" noValidate className="flex flex-col gap-4 border-t border-slate-200 pt-4">
              <Suspense>
                <ProfileFields profile={profile} cities={cities} jobs={jobs} errors={(refused && !refused.ok && refused.fieldErrors) || {}} />
              </Suspense>
              <button type="submit" className="self-start rounded-lg bg-brand-700 px-5 py-2.5 font-bold text-white hover:bg-brand-800">
                {t("profile.save")}
              </button>
            </Form>
          ) : null}
        </section>

        <section id="features" aria-labelledby="profile-features" className={cardClass}>
          <h2 id="profile-features" className={cardTitleClass}>{t("breadcrumb.profileFeatures")}</h2>
          <ul className="flex flex-col gap-3">
            {LINE_FEATURE_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="font-bold text-brand-700 underline">{t(link.label)}</Link>
                <p className="text-sm text-slate-600">{t(link.text)}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="profile-devices" className={cardClass}>
          <h2 id="profile-devices" className={cardTitleClass}>{t("profile.logoutOthers")}</h2>
          <p className="text-slate-600">{t("profile.logoutOthersText")}</p>
          {/* A plain form: it works before the page is hydrated too. */}
          <Form method="post" action={ACCOUNT_PATHS.logoutOthers}>
            <button type="submit" className="rounded-lg border-2 border-brand-700 px-4 py-2 font-bold text-brand-700 hover:bg-brand-50">
              {t("profile.logoutOthers")}
            </button>
          </Form>
        </section>
      </div>
      <div className="mt-6">
        <MyReservations reservations={reservations} returnTo="profile" />
      </div>
      {editing && dialogFailed ? <OverlayErrorState onRetry={() => void loadDialog()} onDismiss={() => setEditing(false)} /> : null}
      {EditProfileDialog ? <EditProfileDialog key={openings} profile={profile} cities={cities} jobs={jobs} isOpen={editing} onOpenChange={setEditing} /> : null}
    </SectionPage>
  );
}
