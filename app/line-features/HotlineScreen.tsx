// The hotline screen (our design): each of the account's numbers with its state, and for each: set or
// change the service password (a fresh one-time code by SMS, then the code and the new password), and
// deactivate or reactivate the line with the national ID it is registered to and that password.
import { useEffect, useState } from "react";
import { useTranslation } from "../i18n/react.ts";
import { useFetcher } from "react-router";
import { Button, FieldError, Input, Label, TextField } from "react-aria-components";
import { CODE_LENGTH } from "../../common/constants.ts";
import { formatDayOf } from "../../common/format.ts";
import type { HotlineLine } from "../../server/line-features/types.ts";
import { useOperatorTimeZone } from "../shell/operator-time-zone.ts";
import { useShell } from "../shell/ShellContext.tsx";
import { showToast } from "../shell/toast-queue.ts";
import type { FeatureAnswer } from "./feature-actions.server.ts";
import { withAriaLocale } from "../shell/AriaLocale.tsx";

export const HOTLINE_INTENT = { sendCode: "send-code", setPassword: "set-password", deactivate: "deactivate", reactivate: "reactivate" } as const;
type Panel = "password" | "state" | null;

const inputClass = "rounded-lg border-2 border-slate-300 px-3 py-2 focus:border-brand-600 aria-[invalid=true]:border-red-600";
const primaryClass = "rounded-lg bg-brand-600 px-5 py-2 font-bold text-white hover:bg-brand-700 data-[disabled]:opacity-50";
const secondaryClass = "rounded-lg border-2 border-brand-700 px-4 py-2 font-bold text-brand-700 hover:bg-brand-50 data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50";

function useAnswer(fetcher: { state: string; data?: FeatureAnswer }, onSuccess: () => void) {
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    showToast(fetcher.data.message, fetcher.data.ok ? "success" : "error");
    if (fetcher.data.ok) onSuccess();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data]);
}

/** The page's lines, with React Aria's locale around them (its components are not in the site's shell). */
export const HotlineScreen = withAriaLocale(HotlineLines);

function HotlineLines({ lines }: { lines: HotlineLine[] }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      <p className="text-slate-700">{t("hotline.intro")}</p>
      <ul className="flex flex-col gap-4">
        {lines.map((line) => (
          <LineCard key={line.gsm} line={line} />
        ))}
      </ul>
    </div>
  );
}

function LineCard({ line }: { line: HotlineLine }) {
  const { t } = useTranslation();
  const { language } = useShell().shell;
  // The day the state changed, in the operator's calendar (not the UTC day of the moment).
  const timeZone = useOperatorTimeZone();
  const [panel, setPanel] = useState<Panel>(null);
  const deactivated = line.state === "deactivated";
  const headingId = `line-${line.gsm}`;
  return (
    <li aria-labelledby={headingId} className="flex flex-col gap-4 rounded-xl border border-slate-200 p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-bold"><bdi dir="ltr">{line.gsm}</bdi></h2>
        <p className={deactivated ? "rounded-full bg-red-50 px-3 py-1 font-bold text-red-800" : "rounded-full bg-green-50 px-3 py-1 font-bold text-green-800"}>
          {t(deactivated ? "hotline.deactivated" : "hotline.active")}
          {line.stateChangedAt ? ` · ${t("hotline.since", { date: formatDayOf(language, new Date(line.stateChangedAt), timeZone) })}` : ""}
        </p>
      </div>
      <div className="flex flex-wrap gap-3">
        <Button aria-expanded={panel === "password"} onPress={() => setPanel(panel === "password" ? null : "password")} className={secondaryClass}>
          {t(line.hasServicePassword ? "hotline.changePassword" : "hotline.setPassword")}
        </Button>
        <Button aria-expanded={panel === "state"} isDisabled={!line.hasServicePassword} onPress={() => setPanel(panel === "state" ? null : "state")} className={secondaryClass}>
          {t(deactivated ? "hotline.reactivate" : "hotline.deactivate")}
        </Button>
      </div>
      {!line.hasServicePassword ? <p className="text-sm text-slate-600">{t("hotline.passwordFirst")}</p> : null}
      {panel === "password" ? <PasswordPanel gsm={line.gsm} onDone={() => setPanel(null)} /> : null}
      {panel === "state" ? <StatePanel line={line} onDone={() => setPanel(null)} /> : null}
    </li>
  );
}

function PasswordPanel({ gsm, onDone }: { gsm: string; onDone(): void }) {
  const { t } = useTranslation();
  const sender = useFetcher<FeatureAnswer>();
  const saver = useFetcher<FeatureAnswer>();
  const [codeSent, setCodeSent] = useState(false);
  useAnswer(sender, () => setCodeSent(true));
  useAnswer(saver, onDone);
  const errors = saver.state === "idle" && saver.data && !saver.data.ok ? (saver.data.fieldErrors ?? {}) : {};
  return (
    <section aria-label={t("hotline.passwordTitle")} className="flex flex-col gap-3 rounded-lg bg-slate-50 p-4">
      <p className="text-sm text-slate-700">{t("hotline.passwordText")}</p>
      <sender.Form method="post">
        <input type="hidden" name="intent" value={HOTLINE_INTENT.sendCode} />
        <input type="hidden" name="gsm" value={gsm} />
        <Button type="submit" isDisabled={sender.state !== "idle"} className={primaryClass}>
          {t(codeSent ? "hotline.resendCode" : "hotline.sendCode")}
        </Button>
      </sender.Form>
      {codeSent ? (
        <saver.Form method="post" className="flex flex-col gap-3" noValidate>
          <input type="hidden" name="intent" value={HOTLINE_INTENT.setPassword} />
          <input type="hidden" name="gsm" value={gsm} />
          <TextField name="code" isInvalid={errors.code !== undefined} className="flex flex-col gap-1">
            <Label className="text-sm font-bold">{t("hotline.code")}</Label>
            <Input dir="ltr" inputMode="numeric" autoComplete="one-time-code" maxLength={CODE_LENGTH} className={inputClass} />
            <FieldError className="text-sm text-red-700">{errors.code}</FieldError>
          </TextField>
          <TextField name="password" type="password" isInvalid={errors.password !== undefined} className="flex flex-col gap-1">
            <Label className="text-sm font-bold">{t("hotline.newPassword")}</Label>
            <Input autoComplete="new-password" className={inputClass} />
            <FieldError className="text-sm text-red-700">{errors.password}</FieldError>
          </TextField>
          <Button type="submit" isDisabled={saver.state !== "idle"} className={`self-start ${primaryClass}`}>
            {t("hotline.savePassword")}
          </Button>
        </saver.Form>
      ) : null}
    </section>
  );
}

function StatePanel({ line, onDone }: { line: HotlineLine; onDone(): void }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<FeatureAnswer>();
  useAnswer(fetcher, onDone);
  const deactivated = line.state === "deactivated";
  const errors = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? (fetcher.data.fieldErrors ?? {}) : {};
  return (
    <fetcher.Form method="post" aria-label={t(deactivated ? "hotline.reactivate" : "hotline.deactivate")} className="flex flex-col gap-3 rounded-lg bg-slate-50 p-4" noValidate>
      <p className="text-sm font-bold text-slate-800">{t(deactivated ? "hotline.reactivateText" : "hotline.deactivateText")}</p>
      <input type="hidden" name="intent" value={deactivated ? HOTLINE_INTENT.reactivate : HOTLINE_INTENT.deactivate} />
      <input type="hidden" name="gsm" value={line.gsm} />
      <TextField name="nationalId" isInvalid={errors.nationalId !== undefined} className="flex flex-col gap-1">
        <Label className="text-sm font-bold">{t("hotline.nationalId")}</Label>
        <Input dir="ltr" inputMode="numeric" autoComplete="off" className={inputClass} />
        <FieldError className="text-sm text-red-700">{errors.nationalId}</FieldError>
      </TextField>
      <TextField name="password" type="password" isInvalid={errors.password !== undefined} className="flex flex-col gap-1">
        <Label className="text-sm font-bold">{t("hotline.password")}</Label>
        <Input autoComplete="current-password" className={inputClass} />
        <FieldError className="text-sm text-red-700">{errors.password}</FieldError>
      </TextField>
      <Button type="submit" isDisabled={fetcher.state !== "idle"} className={`self-start ${deactivated ? primaryClass : "rounded-lg bg-red-700 px-5 py-2 font-bold text-white hover:bg-red-800"}`}>
        {t(deactivated ? "hotline.confirmReactivate" : "hotline.confirmDeactivate")}
      </Button>
    </fetcher.Form>
  );
}
