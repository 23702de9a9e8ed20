// /console/enrol/:token: a one-time enrolment link (the first admin, an invitation, a reset second factor).
// The staff member sets a password, adds the TOTP secret to an authenticator (QR code or the secret as text),
// confirms with a code, and sees the ten recovery codes once; the same answer signs them in.
import { data, Form, Link, redirect, useActionData, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/console.enrol";
import { enrolmentForm, enrolmentStepForm, factorResetCodeForm, factorResetPasswordForm, STAFF_PASSWORD_MIN } from "../../common/console.ts";
import { ConsoleError } from "../../server/console/errors.ts";
import { completeEnrolment, consoleLoginIpLimit, consoleLoginLimited, ENROLMENT_BROWSER_COOKIE, proveResetPassword, showEnrolment } from "../../server/console/service.ts";
import { totpQrSvg, totpUri } from "../../server/console/totp.ts";
import { validate } from "../../server/edge/app-error.ts";
import { buttonClass, Field, FormMessage } from "../console/ConsoleShell.tsx";
import { CONSOLE_HOME_PATH } from "../console/paths.ts";
import { startConsoleSession, startEnrolmentBrowser } from "../console/staff.server.ts";
import { readCookie } from "../account/web-session.server.ts";
import { requestContext, servicesContext } from "../context.ts";
import { useTranslation } from "../i18n/react.ts";
import { pageAction, type PageFailureAnswer } from "../page-action.server.ts";
import { pageTools } from "../pages/page.server.ts";

/** Requests whose action just completed the enrolment: the link is spent, and that is no error here. */
const enrolledNow = new WeakSet<object>();

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services, t } = pageTools(context);
  if (enrolledNow.has(context)) return { valid: false as const, message: "" };
  try {
    const enrolment = await showEnrolment(services, params.token, readCookie(request, ENROLMENT_BROWSER_COOKIE));
    const { email, displayName, keepsPassword, totpSecret } = enrolment;
    if (totpSecret === null) return { valid: true as const, email, displayName, keepsPassword, authenticator: null };
    const uri = totpUri(totpSecret, email);
    return { valid: true as const, email, displayName, keepsPassword, authenticator: { secret: totpSecret, qrSvg: await totpQrSvg(uri) } };
  } catch (error) {
    if (error instanceof ConsoleError) return data({ valid: false as const, message: t("console.errors.ENROLMENT_INVALID") }, { status: 404 });
    throw error;
  }
}

interface Enrolled {
  ok: true;
  recoveryCodes: string[];
}

export const action = pageAction(
  "/console/enrol/:token",
  async ({ request, context, fields, params }) => {
    const token = params.token ?? "";
    const services = context.get(servicesContext);
    const { clientIp } = context.get(requestContext);
    // A reset link's first step: the account's own password; then this browser is shown the new secret.
    if (validate(enrolmentStepForm, fields).step === "password") {
      const { browserNonce } = await proveResetPassword(services, token, validate(factorResetPasswordForm, fields).currentPassword, clientIp);
      startEnrolmentBrowser(context, browserNonce);
      return redirect(`/console/enrol/${token}`);
    }
    // A first enrolment sets a password; a reset link's second step takes the code only.
    const form = (keepsPassword: boolean) => (keepsPassword ? validate(factorResetCodeForm, fields) : validate(enrolmentForm, fields));
    const done = await completeEnrolment(services, token, form, clientIp, readCookie(request, ENROLMENT_BROWSER_COOKIE));
    startConsoleSession(context, done.sessionToken);
    enrolledNow.add(context);
    return { ok: true, recoveryCodes: done.recoveryCodes } satisfies Enrolled;
  },
  { ipLimit: { limit: consoleLoginIpLimit, refusal: consoleLoginLimited } },
);

/** Once enrolled, the page keeps the recovery codes on screen: the link itself is spent. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionResult?.ok ? false : defaultShouldRevalidate;
}

export default function ConsoleEnrol({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const answer = useActionData<Enrolled | PageFailureAnswer>();
  if (answer?.ok) {
    return (
      <div className="mx-auto max-w-xl">
        <h1 className="mb-4 text-2xl font-bold">{t("console.enrol.doneTitle")}</h1>
        <FormMessage tone="success" message={t("console.enrol.done")} />
        <h2 className="mb-2 mt-4 text-xl font-semibold">{t("console.enrol.recoveryTitle")}</h2>
        <p className="mb-2">{t("console.enrol.recoveryHint")}</p>
        <ul aria-label={t("console.enrol.recoveryTitle")} className="mb-4 grid grid-cols-2 gap-2 font-mono" dir="ltr">
          {answer.recoveryCodes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
        <Link to={CONSOLE_HOME_PATH} reloadDocument className={buttonClass}>
          {t("console.enrol.continue")}
        </Link>
      </div>
    );
  }
  if (!loaderData.valid) {
    return (
      <div className="mx-auto max-w-xl">
        <h1 className="mb-4 text-2xl font-bold">{t("console.enrol.title")}</h1>
        <p role="alert">{loaderData.message}</p>
      </div>
    );
  }
  const failure = answer && !answer.ok ? answer : undefined;
  return (
    <div className="mx-auto max-w-xl">
      <h1 className="mb-2 text-2xl font-bold">{t("console.enrol.title")}</h1>
      <p className="mb-4">
        {loaderData.displayName} — <bdi dir="ltr">{loaderData.email}</bdi>
      </p>
      {loaderData.keepsPassword && !loaderData.authenticator ? (
        // A reset link, first step: the account's own password, before any secret is shown.
        <Form method="post" className="flex flex-col gap-4" noValidate>
          <FormMessage message={failure?.message} />
          <input type="hidden" name="step" value="password" />
          <h2 className="text-xl font-semibold">{t("console.enrol.currentPasswordTitle")}</h2>
          <p>{t("console.enrol.resetHint")}</p>
          <Field name="currentPassword" type="password" label={t("console.fields.currentPassword")} autoComplete="current-password" dir="ltr" error={failure?.fieldErrors?.currentPassword} />
          <button type="submit" className={buttonClass}>
            {t("console.enrol.continueReset")}
          </button>
        </Form>
      ) : loaderData.authenticator ? (
        <Form method="post" className="flex flex-col gap-4" noValidate>
          <FormMessage message={failure?.message} />
          <input type="hidden" name="step" value="code" />
          {loaderData.keepsPassword ? null : (
            <>
              <h2 className="text-xl font-semibold">{t("console.enrol.passwordTitle")}</h2>
              <Field name="password" type="password" label={t("console.fields.newPassword", { count: STAFF_PASSWORD_MIN })} autoComplete="new-password" dir="ltr" error={failure?.fieldErrors?.password} />
              <Field name="confirmPassword" type="password" label={t("console.fields.confirmPassword")} autoComplete="new-password" dir="ltr" error={failure?.fieldErrors?.confirmPassword} />
            </>
          )}
          <h2 className="text-xl font-semibold">{t("console.enrol.authenticatorTitle")}</h2>
          <p>{t("console.enrol.scan")}</p>
          <div role="img" aria-label={t("console.enrol.qrLabel")} className="h-48 w-48 max-w-full bg-white" dangerouslySetInnerHTML={{ __html: loaderData.authenticator.qrSvg }} />
          <p>
            {t("console.enrol.secretText")}{" "}
            <bdi dir="ltr">
              <code data-testid="totp-secret" className="break-all">
                {loaderData.authenticator.secret}
              </code>
            </bdi>
          </p>
          <Field name="code" label={t("console.fields.totp")} autoComplete="one-time-code" inputMode="numeric" dir="ltr" error={failure?.fieldErrors?.code} />
          <button type="submit" className={buttonClass}>
            {t("console.enrol.submit")}
          </button>
        </Form>
      ) : null}
    </div>
  );
}
