// /reserve-number (guarded): the chosen number (?gsm=) with its price, the reserve form (spec §5: name,
// city and birth date required, name invalid; only cities where the SIM can be collected are offered) and
// the service centres of the chosen city where it can be collected; confirming holds the number for 72
// hours and shows the reference. The account's reservations are listed below, each active one with cancel
// (this route's action, also for the profile).
import { useState, type FormEvent } from "react";
import { useTranslation } from "../i18n/react.ts";
import { Form, Link, redirect, useNavigation, useSubmit } from "react-router";
import type { Route } from "./+types/reserve-number";
import { formatAmount, formatDateTime } from "../../common/format.ts";
import { useOperatorTimeZone } from "../shell/operator-time-zone.ts";
import { LOGIN_NUMBER_PATTERN } from "../../common/constants.ts";
import { reserveActionForm, reserveFormSchema } from "../../common/reservation.ts";
import { LINE_TYPES } from "../../common/reservation-rules.ts";
import { cancelReservation, findAvailableNumber, listReservations, ReservationError, reserveNumber } from "../../server/reservation/service.ts";
import { listServiceCentres } from "../../server/support/centres.ts";
import { COLLECTION_SERVICE, listCollectionCities } from "../../server/reservation/collection.ts";
import { pageAction, type PageFailureAnswer } from "../page-action.server.ts";
import { validate } from "../../server/edge/app-error.ts";
import { firstFieldErrors } from "../../common/field-errors.ts";
import { addNotice } from "../account/web-session.server.ts";
import { pageHeading, pageTools } from "../pages/page.server.ts";
import { headingMeta } from "../pages/page-meta.ts";
import { SectionPage } from "../pages/SectionPage.tsx";
import { CANCEL_INTENT, MyReservations } from "../reservation/MyReservations.tsx";
import { NumberText, TierBadge } from "../reservation/TierBadge.tsx";
import { reserveNumberPath } from "../reservation/paths.ts";
import { requireSubscriber } from "../session.server.ts";
import { formFieldHelpers } from "../pages/form-fields.tsx";
import { BirthDateField } from "../pages/BirthDateField.tsx";
import { useShell } from "../shell/ShellContext.tsx";

// The reserve form's schema brings Zod: the page loads it when the form is first used, not with the page.
const loadReserveSchema = () => import("../../common/reservation.ts").then((module) => module.reserveFormSchema);

export async function loader({ request, context }: Route.LoaderArgs) {
  const account = requireSubscriber(request, context);
  const { services, language } = pageTools(context);
  const params = new URL(request.url).searchParams;
  const gsm = params.get("gsm") ?? "";
  const [number, cities, centres, reservations] = await Promise.all([
    LOGIN_NUMBER_PATTERN.test(gsm) ? findAvailableNumber(services.db, gsm) : Promise.resolve(null),
    // Only the cities where the SIM can be collected are offered.
    listCollectionCities(services.db, language),
    listServiceCentres(services.db, language),
    listReservations(services.db, account.accountId, language),
  ]);
  const done = params.get("done");
  return {
    heading: pageHeading(context, "page.reserveNumber", [["page.reservation", "/Reservation"]]),
    asked: gsm,
    number,
    cities,
    // Where a reserved SIM can be collected.
    centres: centres.filter((centre) => centre.services.includes(COLLECTION_SERVICE)).map(({ id, cityId, name, address, phones }) => ({ id, cityId, name, address, phones })),
    reservations,
    done: reservations.find((reservation) => reservation.reference === done && reservation.state === "active") ?? null,
  };
}

export type ReserveAnswer = PageFailureAnswer;

export const action = pageAction("/reserve-number", async ({ context, fields, account }) => {
  const { services } = pageTools(context);
  const form = validate(reserveActionForm, fields);
  if (form.intent === CANCEL_INTENT) {
    try {
      await cancelReservation(services.db, account!.accountId, form.reference);
      // The number is back in the pool: this instance's kept searches show it again at once.
      services.numberSearchMemo.clear();
      addNotice(context, { tone: "success", key: "reservation.cancelled" });
    } catch (error) {
      if (!(error instanceof ReservationError)) throw error;
      addNotice(context, { tone: "error", key: `reservation.errors.${error.code}` });
    }
    throw redirect(form.returnTo === "profile" ? "/profile" : "/reserve-number");
  }
  const reserved = await reserveNumber(services.db, account!.accountId, validate(reserveFormSchema, fields));
  services.numberSearchMemo.clear();
  addNotice(context, { tone: "success", key: "reservation.reserved" });
  throw redirect(`/reserve-number?done=${reserved.reference}`);
});

export const meta = headingMeta;

export default function ReserveNumber({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const timeZone = useOperatorTimeZone();
  const { language } = useShell().shell;
  const { number, done, reservations } = loaderData;
  return (
    <SectionPage heading={loaderData.heading}>
      <div className="flex flex-col gap-8">
        {done ? (
          <section role="status" aria-labelledby="reserved-title" className="flex flex-col gap-2 rounded-xl border border-green-300 bg-green-50 p-6">
            <h2 id="reserved-title" className="text-xl font-bold text-green-900">{t("reservation.doneTitle")}</h2>
            <p className="flex flex-wrap items-center gap-2">
              <NumberText gsm={done.gsm} className="text-2xl" /> <TierBadge tier={done.tier} />
            </p>
            <p>
              {t("reservation.reference")}: <bdi dir="ltr" className="font-mono text-lg font-bold">{done.reference}</bdi>
            </p>
            <p>{t("reservation.holdUntil", { date: formatDateTime(language, done.expiresAt, timeZone) })}</p>
            <p>{t("reservation.bring")}</p>
            <CentresOf centres={loaderData.centres} cityId={done.cityId} city={done.city} />
          </section>
        ) : number ? (
          <ReserveForm number={number} cities={loaderData.cities} centres={loaderData.centres} answer={actionData && !actionData.ok ? actionData : undefined} />
        ) : (
          <p role="status" className="rounded-xl bg-amber-50 p-4 font-bold text-amber-900">
            {loaderData.asked ? t("reservation.notAvailable") : t("reservation.chooseFirst")}{" "}
            <Link to="/Reservation" className="text-brand-700 underline">{t("reservation.backToSearch")}</Link>
          </p>
        )}
        <MyReservations reservations={reservations} returnTo="reserve" />
      </div>
    </SectionPage>
  );
}

type Centre = Route.ComponentProps["loaderData"]["centres"][number];

function CentresOf({ centres, cityId, city }: { centres: Centre[]; cityId: number; city: string }) {
  const { t } = useTranslation();
  const here = centres.filter((centre) => centre.cityId === cityId);
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-bold text-brand-800">{t("reservation.centresIn", { city })}</h3>
      {here.length === 0 ? <p className="text-slate-700">{t("reservation.noCentreIn")}</p> : null}
      <ul className="flex flex-col gap-1">
        {here.map((centre) => (
          <li key={centre.id}>
            <span className="font-bold">{centre.name}</span> — {centre.address} ·{" "}
            <a href={`tel:${centre.phones[0]}`} className="text-brand-700 underline"><bdi dir="ltr">{centre.phones[0]}</bdi></a>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ReserveForm({
  number,
  cities,
  centres,
  answer,
}: {
  number: NonNullable<Route.ComponentProps["loaderData"]["number"]>;
  cities: Route.ComponentProps["loaderData"]["cities"];
  centres: Centre[];
  answer?: ReserveAnswer;
}) {
  const { t, messageOf } = useTranslation();
  const { language, currencySuffix } = useShell().shell;
  const navigation = useNavigation();
  const submit = useSubmit();
  const values = answer?.values ?? {};
  const [cityId, setCityId] = useState(Number(values.cityId) || 0);
  // Checked here first with the server's own rules (common/reservation.ts); the server checks again.
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const errors = clientErrors ?? answer?.fieldErrors ?? {};
  const checkBeforeSending = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    // Without the schema (it failed to arrive) the form is sent as it is and the server's messages show.
    const parsed = await loadReserveSchema().then((schema) => schema.safeParse(Object.fromEntries(new FormData(form))), () => null);
    if (!parsed || parsed.success) {
      setClientErrors(null);
      void submit(form);
      return;
    }
    const found = firstFieldErrors(parsed.error.issues, messageOf);
    setClientErrors(found);
    const first = ["fullName", "cityId", "birthDate", "lineType"].find((name) => found[name]);
    if (first) (form.elements.namedItem(first) as HTMLElement | null)?.focus?.();
  };
  const price = (amount: number) => formatAmount(language, amount, currencySuffix);
  const { field, errorOf } = formFieldHelpers("reserve", errors);
  const input = "rounded-lg border-2 border-slate-300 px-3 py-2 font-normal aria-[invalid=true]:border-red-700";
  return (
    <div className="grid gap-6 nav:grid-cols-[1fr_2fr]">
      <section aria-labelledby="chosen-number" className="flex flex-col gap-3 self-start rounded-xl border border-brand-200 bg-brand-50 p-6">
        <h2 id="chosen-number" className="font-bold text-brand-800">{t("reservation.chosen")}</h2>
        <NumberText gsm={number.gsm} className="text-3xl text-slate-900" />
        <TierBadge tier={number.tier} />
        <dl className="grid grid-cols-2 gap-1">
          <dt>{t("reservation.simPrice")}</dt>
          <dd className="text-end">{price(number.simPrice)}</dd>
          <dt>{t("reservation.serviceFee")}</dt>
          <dd className="text-end">{price(number.serviceFee)}</dd>
          <dt className="font-bold">{t("reservation.total")}</dt>
          <dd className="text-end text-xl font-bold">{price(number.simPrice + number.serviceFee)}</dd>
        </dl>
        <Link to="/Reservation" className="font-bold text-brand-700 underline">{t("reservation.backToSearch")}</Link>
      </section>
      {/* The schema is fetched as the visitor starts on the form, so it is there by the time they confirm. */}
      <Form
        method="post"
        action={reserveNumberPath(number.gsm)}
        noValidate
        onFocus={() => void loadReserveSchema().catch(() => {})}
        onSubmit={(event) => void checkBeforeSending(event)}
        className="flex flex-col gap-4"
      >
        {answer?.message ? <p role="alert" className="rounded-lg bg-red-50 p-3 font-bold text-red-800">{answer.message}</p> : null}
        <input type="hidden" name="gsm" value={number.gsm} />
        <label htmlFor="reserve-fullName" className="flex flex-col gap-1 font-bold">
          {t("reservation.fullName")}
          <input {...field("fullName")} defaultValue={values.fullName} autoComplete="name" maxLength={60} className={input} />
          {errorOf("fullName")}
        </label>
        <label htmlFor="reserve-cityId" className="flex flex-col gap-1 font-bold">
          {t("reservation.city")}
          <select {...field("cityId")} value={cityId || ""} onChange={(event) => setCityId(Number(event.currentTarget.value))} className={`${input} bg-white`}>
            <option value="">{t("reservation.chooseCity")}</option>
            {cities.map((city) => (
              <option key={city.id} value={city.id}>{city.name}</option>
            ))}
          </select>
          {errorOf("cityId")}
        </label>
        {cityId ? <CentresOf centres={centres} cityId={cityId} city={cities.find((city) => city.id === cityId)?.name ?? ""} /> : null}
        <BirthDateField idPrefix="reserve" defaultValue={values.birthDate} error={errors.birthDate} />
        <fieldset className="flex flex-col gap-2" aria-describedby={errors.lineType ? "reserve-lineType-error" : undefined}>
          <legend className="mb-1 font-bold">{t("reservation.lineType")}</legend>
          <div className="flex gap-3">
            {LINE_TYPES.map((type) => (
              <label key={type} className="flex items-center gap-2 rounded-lg border-2 border-slate-300 px-4 py-2 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
                <input type="radio" name="lineType" value={type} defaultChecked={(values.lineType ?? "prepaid") === type} />
                {t(`reservation.lineTypes.${type}`)}
              </label>
            ))}
          </div>
          {errorOf("lineType")}
        </fieldset>
        <button type="submit" disabled={navigation.state === "submitting"} className="self-start rounded-lg bg-brand-700 px-6 py-3 font-bold text-white hover:bg-brand-800 disabled:opacity-60">
          {navigation.state === "submitting" ? t("reservation.reserving") : t("reservation.confirm")}
        </button>
      </Form>
    </div>
  );
}
