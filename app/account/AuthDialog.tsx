// The login / register / add-number card (spec §2 overlays, §4): step 1 asks for the number,
// step 2 (only after the code was sent) takes the six digits, with a resend countdown.
// Loaded lazily by the shell (AuthDialogHost) the first time it is needed.
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "../i18n/react.ts";
import { useRevalidator } from "react-router";
import { Button, Dialog, FieldError, Heading, Input, Label, Modal, ModalOverlay, TextField } from "react-aria-components";
import { loginNumberSchema } from "../../common/account.ts";
import { firstFieldErrors } from "../../common/field-errors.ts";
import { typedNumber } from "../../common/account-rules.ts";
import { NUMBER_MAX_LENGTH, RESEND_COUNTDOWN_SECONDS } from "../../common/constants.ts";
import { AuthModeToggle } from "../shell/AuthModeToggle.tsx";
import { CloseIcon } from "../shell/icons.tsx";
import type { AuthDialogMode } from "../shell/ShellContext.tsx";
import type { MessageKey } from "../../common/message-key.ts";
import { showToast } from "../shell/toast-queue.ts";
import { ACCOUNT_PATHS, encryptNumber, encryptNumberAndCode, postAccountForm } from "./account-client.ts";
import { CodeBoxes, emptyCode } from "./CodeBoxes.tsx";
import { OPEN_LOGIN_PARAM } from "./params.ts";

const TITLES: Record<AuthDialogMode, MessageKey> = { login: "auth.loginTitle", register: "auth.registerTitle", "add-number": "auth.addNumberTitle" };

export interface AuthDialogProps {
  mode: AuthDialogMode;
  onModeChange(mode: AuthDialogMode): void;
  onClose(): void;
}

export default function AuthDialog({ mode, onModeChange, onClose }: AuthDialogProps) {
  const { t } = useTranslation();
  return (
    <ModalOverlay
      isOpen
      isDismissable
      onOpenChange={(open) => (open ? undefined : onClose())}
      className="fixed inset-0 z-50 flex items-stretch justify-center bg-black/50 nav:items-center nav:p-4"
    >
      <Modal className="w-full overflow-y-auto bg-white shadow-2xl nav:max-w-md nav:rounded-2xl">
        <Dialog aria-labelledby="auth-dialog-title" className="relative flex flex-col gap-5 p-6 outline-none">
          <div className="flex items-start justify-between gap-4">
            <Heading slot="title" id="auth-dialog-title" className="text-xl font-bold text-brand-800">
              {t(TITLES[mode])}
            </Heading>
            <Button slot="close" aria-label={t("welcome.close")} className="rounded-md p-1.5 hover:bg-slate-100">
              <CloseIcon />
            </Button>
          </div>
          {/* A new mode starts again at step 1. */}
          <AuthSteps key={mode} mode={mode} onClose={onClose} />
          {mode === "add-number" ? null : (
            <AuthModeToggle mode={mode} onToggle={onModeChange} className="text-start text-sm font-bold text-brand-700 underline underline-offset-4 hover:text-brand-900" />
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

/**
 * The resend countdown (spec §4): seconds left until a deadline, so that a throttled background tab
 * still ends on time.
 */
function useCountdown(): [number, (seconds: number) => void] {
  const [endsAt, setEndsAt] = useState(0);
  const [left, setLeft] = useState(0);
  useEffect(() => {
    let timer: number | undefined;
    const tick = () => {
      const seconds = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      setLeft(seconds);
      if (seconds === 0) window.clearInterval(timer);
    };
    tick();
    if (endsAt > Date.now()) timer = window.setInterval(tick, 250);
    return () => window.clearInterval(timer);
  }, [endsAt]);
  return [left, (seconds) => setEndsAt(Date.now() + seconds * 1000)];
}

function AuthSteps({ mode, onClose }: { mode: AuthDialogMode; onClose(): void }) {
  const { t, messageOf } = useTranslation();
  const revalidator = useRevalidator();
  const [step, setStep] = useState<"number" | "code">("number");
  const [gsm, setGsm] = useState("");
  const [numberError, setNumberError] = useState<string | undefined>();
  const [digits, setDigits] = useState(emptyCode);
  const [codeError, setCodeError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [countdown, startCountdown] = useCountdown();
  const firstBox = useRef<HTMLInputElement | null>(null);
  const sorry = t("errors.sorry");

  useEffect(() => {
    if (step === "code") firstBox.current?.focus();
  }, [step]);

  const requestCode = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = loginNumberSchema.safeParse(gsm);
    if (!parsed.success) {
      setNumberError(firstFieldErrors(parsed.error.issues, messageOf)._);
      return;
    }
    setNumberError(undefined);
    setBusy(true);
    // A login's or a registration's number travels encrypted (spec §6); an added number as it is (users/new).
    const sent = mode === "add-number" ? parsed.data : await encryptNumber(parsed.data);
    const answer = sent === null ? { ok: false as const, message: sorry } : await postAccountForm(ACCOUNT_PATHS.code, { intent: mode, gsm: sent }, sorry);
    setBusy(false);
    showToast(answer.message, answer.ok ? "success" : "error");
    if (!answer.ok) return;
    setGsm(parsed.data);
    setDigits(emptyCode());
    startCountdown(RESEND_COUNTDOWN_SECONDS);
    setStep("code");
  };

  const resend = async () => {
    setBusy(true);
    const answer = await postAccountForm(ACCOUNT_PATHS.code, { intent: "resend", gsm }, sorry);
    setBusy(false);
    showToast(answer.message, answer.ok ? "success" : "error");
    if (answer.ok) {
      setDigits(emptyCode());
      setCodeError(undefined);
      startCountdown(RESEND_COUNTDOWN_SECONDS);
      firstBox.current?.focus();
    } else if (answer.retryAfterSeconds) startCountdown(answer.retryAfterSeconds);
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    const code = digits.join("");
    if (code.length !== digits.length) {
      setCodeError(t("validation.codeIncomplete"));
      return;
    }
    setCodeError(undefined);
    setBusy(true);
    const data = await encryptNumberAndCode(gsm, code);
    const fields: Record<string, string> = data ? { mode, data } : { mode, gsm, code };
    const answer = await postAccountForm(ACCOUNT_PATHS.verify, fields, sorry);
    if (!answer.ok) {
      setBusy(false);
      showToast(answer.message, "error");
      return;
    }
    if (mode === "add-number") {
      setBusy(false);
      showToast(answer.message, "success");
      onClose();
      void revalidator.revalidate();
      return;
    }
    // Signed in: the session cookie is set; the page reloads (or continues to the stored route).
    const here = new URL(window.location.href);
    here.searchParams.delete(OPEN_LOGIN_PARAM);
    window.location.assign(answer.redirectTo ?? here.pathname + here.search + here.hash);
  };

  if (step === "number") {
    return (
      <form onSubmit={requestCode} noValidate className="flex flex-col gap-4">
        <p className="text-sm text-slate-600">{t(mode === "add-number" ? "auth.addNumberText" : "auth.numberText")}</p>
        <TextField value={gsm} onChange={(value) => setGsm(typedNumber(value))} isInvalid={numberError !== undefined} className="flex flex-col gap-1.5">
          <Label className="font-bold text-slate-800">{t("auth.numberLabel")}</Label>
          <Input
            autoFocus
            dir="ltr"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={NUMBER_MAX_LENGTH}
            placeholder={t("auth.numberPlaceholder")}
            className="rounded-lg border-2 border-slate-300 px-3 py-2.5 text-start text-lg tracking-wider focus:border-brand-600 invalid:border-red-600"
          />
          <FieldError className="text-sm text-red-700">{numberError}</FieldError>
        </TextField>
        <Button type="submit" isDisabled={busy} className="rounded-lg bg-brand-700 px-4 py-2.5 font-bold text-white hover:bg-brand-800 disabled:opacity-60">
          {t("auth.sendCode")}
        </Button>
      </form>
    );
  }

  return (
    <form onSubmit={verify} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-slate-600">
        {t("auth.codeSentTo")} <bdi dir="ltr" className="font-bold">{gsm}</bdi>
      </p>
      <CodeBoxes digits={digits} onChange={setDigits} error={codeError} firstBoxRef={firstBox} />
      <Button type="submit" isDisabled={busy} className="rounded-lg bg-brand-700 px-4 py-2.5 font-bold text-white hover:bg-brand-800 disabled:opacity-60">
        {t("auth.confirm")}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <Button
          onPress={() => void resend()}
          isDisabled={busy || countdown > 0}
          className="font-bold text-brand-700 underline underline-offset-4 disabled:text-slate-400 disabled:no-underline"
        >
          {t("auth.resend")}
        </Button>
        {countdown > 0 ? (
          <span role="timer" aria-live="off" className="text-slate-600">
            {t("auth.resendIn", { count: countdown })}
          </span>
        ) : null}
        <Button
          onPress={() => {
            setStep("number");
            setCodeError(undefined);
          }}
          className="text-slate-600 underline underline-offset-4"
        >
          {t("auth.changeNumber")}
        </Button>
      </div>
    </form>
  );
}
