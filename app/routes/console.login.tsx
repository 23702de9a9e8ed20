// /console/login: e-mail, password and a code of the authenticator (or a recovery code). One generic
// refusal whatever was wrong; tries are counted per account and per client (server/console/service.ts).
import { Form, redirect, useActionData } from "react-router";
import type { Route } from "./+types/console.login";
import { consoleLoginForm } from "../../common/console.ts";
import { ConsoleError } from "../../server/console/errors.ts";
import { consoleLoginIpLimit, consoleLoginLimited, login } from "../../server/console/service.ts";
import { validate } from "../../server/edge/app-error.ts";
import { buttonClass, Field, FormMessage } from "../console/ConsoleShell.tsx";
import { CONSOLE_HOME_PATH, getStaff, startConsoleSession } from "../console/staff.server.ts";
import { requestContext, servicesContext } from "../context.ts";
import { useTranslation } from "../i18n/react.ts";
import { pageAction, type PageFailureAnswer } from "../page-action.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getStaff(request, context)) throw redirect(CONSOLE_HOME_PATH);
  return null;
}

export const action = pageAction(
  "/console/login",
  async ({ context, fields }) => {
    // Any malformed form is the same generic refusal: it says nothing of which part was wrong.
    const input = validate(consoleLoginForm, fields, () => new ConsoleError("LOGIN_FAILED"));
    const { sessionToken } = await login(context.get(servicesContext), input, context.get(requestContext).clientIp);
    startConsoleSession(context, sessionToken);
    return redirect(CONSOLE_HOME_PATH);
  },
  { ipLimit: { limit: consoleLoginIpLimit, refusal: consoleLoginLimited } },
);

export default function ConsoleLogin() {
  const { t } = useTranslation();
  const answer = useActionData<PageFailureAnswer>();
  return (
    <div className="mx-auto max-w-md">
      <h1 className="mb-4 text-2xl font-bold">{t("console.login.title")}</h1>
      {/* A whole-document post: the new session's cookie and the console's frame arrive together. */}
      <Form method="post" className="flex flex-col gap-4" noValidate reloadDocument>
        <FormMessage message={answer?.message} />
        <Field name="email" type="email" label={t("console.fields.email")} autoComplete="username" inputMode="email" dir="ltr" defaultValue={answer?.values?.email} />
        <Field name="password" type="password" label={t("console.fields.password")} autoComplete="current-password" dir="ltr" />
        <Field name="code" label={t("console.fields.code")} autoComplete="one-time-code" dir="ltr" />
        <p className="text-sm text-gray-700">{t("console.login.codeHint")}</p>
        <button type="submit" className={buttonClass}>
          {t("console.login.submit")}
        </button>
      </Form>
    </div>
  );
}
