// /profile (guarded): the selected number's details, the account's numbers, the selected number's
// bundles and services, the edit-profile dialog (this route's action) and "log out of other devices".
import { data, redirect } from "react-router";
import type { Route } from "./+types/profile";
import { profileUpdateSchema } from "../../common/account.ts";
import { getProfile, listNumbers, updateProfile } from "../../server/account/service.ts";
import { validate } from "../../server/edge/app-error.ts";
import { listCities, listJobs } from "../../server/reference/service.ts";
import { listReservations } from "../../server/reservation/service.ts";
import { t } from "../account/actions.server.ts";
import { pageAction } from "../page-action.server.ts";
import { PROFILE_FORM_VIA } from "../account/params.ts";
import { addNotice } from "../account/web-session.server.ts";
import { ProfilePage, type ProfileEditAnswer } from "../account/ProfilePage.tsx";
import { servicesContext } from "../context.ts";
import { pageHeading, pageTools } from "../pages/page.server.ts";
import { headingMeta } from "../pages/page-meta.ts";
import { requireSubscriber } from "../session.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const account = requireSubscriber(request, context);
  const { services, language } = pageTools(context);
  const [profile, numbers, cities, jobs, reservations] = await Promise.all([
    getProfile(services, account.accountId, account.selectedGsm, language),
    listNumbers(services, account.accountId),
    // Reference lists: kept in memory until content changes, like the footer's.
    services.contentMemo.get(`cities ${language}`, () => listCities(services.db, language)),
    services.contentMemo.get(`jobs ${language}`, () => listJobs(services.db, language)),
    listReservations(services.db, account.accountId, language),
  ]);
  return {
    heading: pageHeading(context, "page.profile"),
    profile,
    mainGsm: account.mainGsm,
    numbers: numbers.map((number) => number.gsm),
    cities,
    jobs,
    reservations,
  };
}

export const meta = headingMeta;

/**
 * The edit-profile form (spec §5): the same schema as the spec API, for the selected number. The
 * dialog reads the answer as data; a plain form post (before hydration) is redirected back with the
 * message when it succeeds, and re-rendered with the field messages when it does not.
 */
export const action = pageAction("/profile", async ({ context, fields, account }) => {
  const update = validate(profileUpdateSchema, { ...fields, gsm: account!.selectedGsm });
  await updateProfile(context.get(servicesContext), account!.accountId, update);
  if (fields[PROFILE_FORM_VIA] !== "dialog") {
    addNotice(context, { tone: "success", key: "account.profileUpdated" });
    return redirect("/profile");
  }
  return data<ProfileEditAnswer>({ ok: true, message: t(context, "account.profileUpdated") });
});

export default function Profile({ loaderData }: Route.ComponentProps) {
  return <ProfilePage {...loaderData} />;
}
