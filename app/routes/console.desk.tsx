// /console/desk (centre agents): the reservation desk. One field finds a hold by its R- reference or its
// number (local format, Arabic-Indic digits accepted) within the agent's cities; the agent checks the
// customer's national ID and birth date (we store no ID), ticks that they did, and marks the SIM collected
// (the number becomes taken), or cancels the hold (the number goes back to the pool).
import { data, Form, useActionData, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/console.desk";
import { DESK_QUERY, DESK_ROLES, deskActionForm, deskLookupForm } from "../../common/console-desk.ts";
import { firstFieldErrors } from "../../common/field-errors.ts";
import { formatAmount, formatDate, formatDateTime } from "../../common/format.ts";
import { useOperatorTimeZone } from "../shell/operator-time-zone.ts";
import { ConsoleError } from "../../server/console/errors.ts";
import { endHoldAtDesk, lookUpAtDesk, type DeskReservation } from "../../server/console/desk.ts";
import { validate } from "../../server/edge/app-error.ts";
import { fieldMessage } from "../../server/edge/failure.ts";
import { buttonClass, FormMessage } from "../console/ConsoleShell.tsx";
import { BidiText } from "../content/BidiText.tsx";
import { CONSOLE_DESK_PATH } from "../console/paths.ts";
import { requireStaff, staffActor } from "../console/staff.server.ts";
import { servicesContext } from "../context.ts";
import { useTranslation } from "../i18n/react.ts";
import { pageAction, type PageFailureAnswer } from "../page-action.server.ts";
import { pageTools } from "../pages/page.server.ts";
import { NumberText, TierBadge } from "../reservation/TierBadge.tsx";

export async function loader({ request, context }: Route.LoaderArgs) {
  const agent = await requireStaff(request, context, ...DESK_ROLES);
  const { services, language, t } = pageTools(context);
  const currencySuffix = language === "ar" ? services.config.CURRENCY_SUFFIX_AR : services.config.CURRENCY_SUFFIX_EN;
  const q = new URL(request.url).searchParams.get(DESK_QUERY.lookup);
  const base = { q: q ?? "", currencySuffix, reservations: [] as DeskReservation[], lookupError: undefined as string | undefined, refused: undefined as string | undefined };
  if (q === null) return base;
  const parsed = deskLookupForm.safeParse({ q });
  if (!parsed.success) return data({ ...base, lookupError: firstFieldErrors(parsed.error.issues, (key) => fieldMessage(language, key)).q }, { status: 400 });
  try {
    return { ...base, reservations: await lookUpAtDesk(services.db, agent, parsed.data.q, language, staffActor(agent, context)) };
  } catch (error) {
    // Another city's hold and an unknown one: the same 403 and message, shown in the desk's own page.
    if (error instanceof ConsoleError && error.code === "RESERVATION_NOT_AT_YOUR_CENTRES") return data({ ...base, refused: t("console.errors.RESERVATION_NOT_AT_YOUR_CENTRES") }, { status: error.httpStatus });
    throw error;
  }
}

interface Done {
  ok: true;
  intent: "collect" | "cancel";
  reference: string;
}

/** After a 409 (someone else acted first, or the hold ran out) the page shows the state as it is now. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 ? true : defaultShouldRevalidate;
}

export const action = pageAction(
  CONSOLE_DESK_PATH,
  async ({ request, context, fields }) => {
    const agent = await requireStaff(request, context, ...DESK_ROLES);
    const form = validate(deskActionForm, fields);
    const services = context.get(servicesContext);
    await endHoldAtDesk(services.db, staffActor(agent, context), agent, form.reference, form.intent === "collect" ? "collected" : "cancelled");
    // A cancelled hold's number is back in the pool: this instance's kept searches show it at once.
    services.numberSearchMemo.clear();
    return { ok: true, intent: form.intent, reference: form.reference } satisfies Done;
  },
  { guard: (request, context) => requireStaff(request, context, ...DESK_ROLES) },
);

export default function ConsoleDesk({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const answer = useActionData<Done | PageFailureAnswer>();
  const failure = answer && !answer.ok ? answer : undefined;
  const { q, reservations, lookupError, refused, currencySuffix } = loaderData;
  // A missing tick is said under the tick of its hold when the hold is on the page, else at the top.
  const tickErrorInCard = failure?.fieldErrors?.idChecked !== undefined && reservations.some((reservation) => reservation.reference === failure.values?.reference);
  const here = q ? `${CONSOLE_DESK_PATH}?${new URLSearchParams({ [DESK_QUERY.lookup]: q }).toString()}` : CONSOLE_DESK_PATH;
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold">{t("console.desk.title")}</h1>
      <Form method="get" action={CONSOLE_DESK_PATH} className="mb-4 flex flex-wrap items-end gap-3" role="search" aria-label={t("console.desk.lookupLabel")}>
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor="desk-lookup" className="font-medium">
            {t("console.desk.lookup")}
          </label>
          <input
            id="desk-lookup"
            name={DESK_QUERY.lookup}
            type="search"
            dir="ltr"
            defaultValue={q}
            required
            aria-invalid={lookupError ? true : undefined}
            aria-describedby={lookupError ? "desk-lookup-hint desk-lookup-error" : "desk-lookup-hint"}
            className="min-w-0 rounded border border-gray-500 px-3 py-2"
          />
          <p id="desk-lookup-hint" className="text-sm text-gray-700">
            <BidiText text={t("console.desk.lookupHint")} linkCodes={false} />
          </p>
          {lookupError ? (
            <p id="desk-lookup-error" role="alert" className="text-sm text-red-800">
              <BidiText text={lookupError} linkCodes={false} />
            </p>
          ) : null}
        </div>
        <button type="submit" className={buttonClass}>
          {t("console.desk.find")}
        </button>
      </Form>
      <FormMessage message={refused} />
      <FormMessage message={failure && !tickErrorInCard ? (failure.fieldErrors ? Object.values(failure.fieldErrors)[0] : failure.message) : undefined} />
      {answer?.ok ? <FormMessage tone="success" message={t(answer.intent === "collect" ? "console.desk.collectedDone" : "console.desk.cancelledDone", { reference: answer.reference })} /> : null}
      <ul className="mt-4 flex flex-col gap-4">
        {reservations.map((reservation) => (
          <li key={reservation.reference}>
            <ReservationCard reservation={reservation} action={here} currencySuffix={currencySuffix} idCheckError={failure?.values?.reference === reservation.reference ? failure.fieldErrors?.idChecked : undefined} />
          </li>
        ))}
      </ul>
    </>
  );
}

function ReservationCard({ reservation, action, currencySuffix, idCheckError }: { reservation: DeskReservation; action: string; currencySuffix: string; idCheckError?: string }) {
  const { t, language } = useTranslation();
  const timeZone = useOperatorTimeZone();
  const titleId = `hold-${reservation.reference}`;
  const tickId = `id-checked-${reservation.reference}`;
  return (
    <article aria-labelledby={titleId} className="rounded border border-gray-300 p-4" data-testid="desk-reservation">
      <h2 id={titleId} className="mb-3 flex flex-wrap items-center gap-2 text-xl font-semibold">
        <bdi dir="ltr" className="font-mono">{reservation.reference}</bdi>
        <span className={`rounded-full px-3 py-0.5 text-sm font-bold ${reservation.state === "active" ? "bg-green-100 text-green-900" : "bg-gray-200 text-gray-800"}`}>{t(`reservation.states.${reservation.state}`)}</span>
      </h2>
      <dl className="mb-4 grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold">{t("console.desk.number")}</dt>
        <dd className="flex flex-wrap items-center gap-2">
          <NumberText gsm={reservation.gsm} />
          <TierBadge tier={reservation.tier} />
        </dd>
        <dt className="font-semibold">{t("console.desk.price")}</dt>
        <dd>
          <bdi>{formatAmount(language, reservation.simPrice + reservation.serviceFee, currencySuffix)}</bdi>
        </dd>
        <dt className="font-semibold">{t("console.desk.customer")}</dt>
        <dd>
          <bdi>{reservation.fullName}</bdi>
        </dd>
        <dt className="font-semibold">{t("console.desk.birthDate")}</dt>
        <dd>
          <bdi>{formatDate(language, reservation.birthDate)}</bdi>
        </dd>
        <dt className="font-semibold">{t("console.desk.lineType")}</dt>
        <dd>{t(`reservation.lineTypes.${reservation.lineType}`)}</dd>
        <dt className="font-semibold">{t("console.desk.accountNumber")}</dt>
        <dd>
          <NumberText gsm={reservation.accountGsm} />
        </dd>
        <dt className="font-semibold">{t("console.desk.city")}</dt>
        <dd>{reservation.city}</dd>
        <dt className="font-semibold">{t("console.desk.created")}</dt>
        <dd>
          <bdi>{formatDateTime(language, reservation.createdAt, timeZone)}</bdi>
        </dd>
        <dt className="font-semibold">{t(reservation.state === "active" || reservation.state === "expired" ? "console.desk.expires" : "console.desk.ended")}</dt>
        <dd>
          <bdi>{formatDateTime(language, reservation.state === "active" || reservation.state === "expired" || !reservation.endedAt ? reservation.expiresAt : reservation.endedAt, timeZone)}</bdi>
        </dd>
      </dl>
      {reservation.state === "active" ? (
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
          <Form method="post" action={action} className="flex flex-col gap-2" noValidate>
            <input type="hidden" name="intent" value="collect" />
            <input type="hidden" name="reference" value={reservation.reference} />
            <div className="flex items-start gap-2">
              <input
                id={tickId}
                type="checkbox"
                name="idChecked"
                value="on"
                required
                className="mt-1 size-5 shrink-0"
                aria-invalid={idCheckError ? true : undefined}
                aria-describedby={idCheckError ? `${tickId}-error` : undefined}
              />
              <label htmlFor={tickId}>{t("console.desk.idChecked")}</label>
            </div>
            {idCheckError ? (
              <p id={`${tickId}-error`} role="alert" className="text-sm text-red-800">
                {idCheckError}
              </p>
            ) : null}
            <button type="submit" className={`${buttonClass} self-start`}>
              {t("console.desk.collect")}
            </button>
          </Form>
          <Form
            method="post"
            action={action}
            onSubmit={(event) => {
              // Cancelling gives the number back to the pool: asked once more (with JavaScript; a plain form just posts).
              if (!window.confirm(t("console.desk.confirmCancel", { reference: reservation.reference }))) event.preventDefault();
            }}
          >
            <input type="hidden" name="intent" value="cancel" />
            <input type="hidden" name="reference" value={reservation.reference} />
            <button type="submit" className="rounded border-2 border-red-700 px-4 py-2 font-medium text-red-800 hover:bg-red-50">
              {t("console.desk.cancel")}
            </button>
          </Form>
        </div>
      ) : null}
    </article>
  );
}
