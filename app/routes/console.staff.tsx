// /console/staff (admins): the staff accounts, an invitation (its enrolment link shown once), roles and
// centres, disable/enable, and a reset of the second factor (a new enrolment link, shown once).
import { Form, redirect, useActionData } from "react-router";
import type { Route } from "./+types/console.staff";
import { inviteStaffForm, ROLE_FIELDS, STAFF_ROLES, staffIntentForm, staffTargetForm, updateStaffForm } from "../../common/console.ts";
import { inviteStaff, listStaff, resetSecondFactor, setStaffDisabled, updateStaff, type StaffListing } from "../../server/console/service.ts";
import { validate } from "../../server/edge/app-error.ts";
import { buttonClass, ConsoleTable, Field, FormMessage } from "../console/ConsoleShell.tsx";
import { enrolmentLink, requireStaff, staffActor } from "../console/staff.server.ts";
import { servicesContext } from "../context.ts";
import { useTranslation } from "../i18n/react.ts";
import { pageAction, type PageFailureAnswer } from "../page-action.server.ts";

const STAFF_PATH = "/console/staff";

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireStaff(request, context, "admin");
  return { staff: await listStaff(context.get(servicesContext).db), selfId: admin.id };
}

interface LinkMade {
  ok: true;
  email: string;
  link: string;
  kind: "invite" | "reset-factor";
}

export const action = pageAction(
  STAFF_PATH,
  async ({ request, context, fields }) => {
    const admin = await requireStaff(request, context, "admin");
    const actor = staffActor(admin, context);
    const { db } = context.get(servicesContext);
    const { intent } = validate(staffIntentForm, fields);
    if (intent === "invite") {
      const input = validate(inviteStaffForm, fields);
      const { token } = await inviteStaff(db, actor, input);
      return { ok: true, email: input.email, link: enrolmentLink(context, token), kind: "invite" } satisfies LinkMade;
    }
    if (intent === "update") {
      await updateStaff(db, actor, validate(updateStaffForm, fields));
      return redirect(STAFF_PATH);
    }
    const { staffId } = validate(staffTargetForm, fields);
    if (intent === "reset-factor") {
      const { token } = await resetSecondFactor(db, actor, staffId);
      const target = (await listStaff(db)).find((row) => row.id === staffId);
      return { ok: true, email: target?.email ?? "", link: enrolmentLink(context, token), kind: "reset-factor" } satisfies LinkMade;
    }
    await setStaffDisabled(db, actor, staffId, intent === "disable");
    return redirect(STAFF_PATH);
  },
  { guard: (request, context) => requireStaff(request, context, "admin") },
);

export default function ConsoleStaff({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const answer = useActionData<LinkMade | PageFailureAnswer>();
  const failure = answer && !answer.ok ? answer : undefined;
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold">{t("console.staff.title")}</h1>
      <FormMessage message={failure?.message} />
      {answer?.ok ? (
        <section aria-labelledby="link-made" className="mb-6 rounded border border-green-700 bg-green-50 p-4">
          <h2 id="link-made" className="mb-2 font-semibold">
            {t(answer.kind === "invite" ? "console.staff.invited" : "console.staff.resetDone", { email: answer.email })}
          </h2>
          <p className="mb-2">{t("console.staff.linkOnce")}</p>
          <p dir="ltr" className="break-all font-mono" data-testid="enrolment-link">
            {answer.link}
          </p>
        </section>
      ) : null}
      <ConsoleTable
        className="mb-8"
        label={t("console.staff.tableLabel")}
        caption={t("console.staff.title")}
        columns={[t("console.fields.email"), t("console.staff.state"), t("console.staff.rolesAndCentres"), t("console.staff.actions")]}
      >
        {loaderData.staff.map((row) => (
          <StaffRow key={row.id} row={row} self={row.id === loaderData.selfId} />
        ))}
      </ConsoleTable>
      <section aria-labelledby="invite-title" className="max-w-xl">
        <h2 id="invite-title" className="mb-2 text-xl font-semibold">
          {t("console.staff.inviteTitle")}
        </h2>
        <Form method="post" className="flex flex-col gap-4" noValidate>
          <input type="hidden" name="intent" value="invite" />
          <Field name="email" type="email" label={t("console.fields.email")} dir="ltr" inputMode="email" error={failure?.fieldErrors?.email} />
          <Field name="displayName" label={t("console.fields.displayName")} error={failure?.fieldErrors?.displayName} />
          <RoleBoxes idPrefix="invite" error={failure?.fieldErrors?.roles} />
          <Field name="centres" label={t("console.fields.centres")} dir="ltr" required={false} error={failure?.fieldErrors?.centres} />
          <button type="submit" className={buttonClass}>
            {t("console.staff.invite")}
          </button>
        </Form>
      </section>
    </>
  );
}

function RoleBoxes({ idPrefix, checked = [], error }: { idPrefix: string; checked?: string[]; error?: string }) {
  const { t } = useTranslation();
  return (
    <fieldset aria-describedby={error ? `${idPrefix}-roles-error` : undefined}>
      <legend className="font-medium">{t("console.fields.roles")}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {STAFF_ROLES.map((role) => (
          <label key={role} className="flex items-center gap-1">
            <input type="checkbox" name={ROLE_FIELDS[role]} value="on" defaultChecked={checked.includes(role)} />
            {t(`console.roles.${role}`)}
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${idPrefix}-roles-error`} className="text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function StaffRow({ row, self }: { row: StaffListing; self: boolean }) {
  const { t } = useTranslation();
  const state = row.disabled ? t("console.staff.disabled") : !row.enrolled ? t("console.staff.notEnrolled") : row.locked ? t("console.staff.locked") : t("console.staff.active");
  return (
    <tr className="border-b align-top">
      <td className="p-2">
        <div>{row.displayName}</div>
        <bdi dir="ltr" className="break-all text-sm">
          {row.email}
        </bdi>
      </td>
      <td className="p-2">{state}</td>
      <td className="p-2">
        <Form method="post" className="flex flex-col gap-2" aria-label={t("console.staff.updateFor", { email: row.email })}>
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="staffId" value={row.id} />
          <RoleBoxes idPrefix={`staff-${row.id}`} checked={row.roles} />
          <label className="flex flex-col gap-1 text-sm">
            {t("console.fields.centres")}
            <input name="centres" defaultValue={row.centreIds.join(", ")} dir="ltr" className="min-w-0 rounded border border-gray-500 px-2 py-1" />
          </label>
          <button type="submit" className="self-start rounded border border-violet-800 px-3 py-1 text-violet-900">
            {t("console.staff.save")}
          </button>
        </Form>
      </td>
      <td className="p-2">
        {self ? (
          <span className="text-sm">{t("console.staff.you")}</span>
        ) : (
          <div className="flex flex-col gap-2">
            <Form method="post">
              <input type="hidden" name="intent" value={row.disabled ? "enable" : "disable"} />
              <input type="hidden" name="staffId" value={row.id} />
              <button type="submit" className="rounded border border-violet-800 px-3 py-1 text-violet-900" aria-label={t(row.disabled ? "console.staff.enableFor" : "console.staff.disableFor", { email: row.email })}>
                {t(row.disabled ? "console.staff.enable" : "console.staff.disable")}
              </button>
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value="reset-factor" />
              <input type="hidden" name="staffId" value={row.id} />
              <button type="submit" className="rounded border border-violet-800 px-3 py-1 text-violet-900" aria-label={t("console.staff.resetFor", { email: row.email })}>
                {t("console.staff.reset")}
              </button>
            </Form>
          </div>
        )}
      </td>
    </tr>
  );
}
