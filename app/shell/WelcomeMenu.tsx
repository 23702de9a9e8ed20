// The account (welcome) menu of spec §2. A guest gets the login and create-account buttons; a
// subscriber gets the name, the show-profile link, the numbers to choose from, add-number and logout.
import { useEffect, useState } from "react";
import { useTranslation } from "../i18n/react.ts";
import { Form, Link, useRevalidator } from "react-router";
import { Button, Heading, Label, Radio, RadioGroup } from "react-aria-components";
import { ACCOUNT_PATHS, postAccountForm } from "../account/account-client.ts";
import { useShell, type AuthDialogMode } from "./ShellContext.tsx";
import { showToast } from "./toast-queue.ts";

const outlinedButton = "rounded-lg border-2 border-brand-700 px-4 py-2 font-bold text-brand-700 hover:bg-brand-50";

/** Closes the menu and opens the account card in `mode`. */
function OpenCardButton({ mode, label, className }: { mode: AuthDialogMode; label: string; className: string }) {
  const { openAuthDialog, setWelcomeOpen, prepareAuthDialog } = useShell();
  return (
    <Button
      onHoverStart={prepareAuthDialog}
      onFocus={prepareAuthDialog}
      onPress={() => {
        setWelcomeOpen(false);
        openAuthDialog(mode);
      }}
      className={className}
    >
      {label}
    </Button>
  );
}

export function WelcomeMenu() {
  const { t } = useTranslation();
  const { shell, prepareAuthDialog } = useShell();
  // A guest who opened the account menu is one step from the login card: its code is fetched now.
  const guest = !shell.account;
  useEffect(() => {
    if (guest) prepareAuthDialog();
  }, [guest, prepareAuthDialog]);
  return (
    <div className="flex flex-col gap-3">
      <Heading slot="title" className="text-lg font-bold text-brand-800">
        {t("welcome.title")}
      </Heading>
      {shell.account ? (
        <SubscriberMenu selectedGsm={shell.account.gsm} />
      ) : (
        <>
          <p className="text-sm text-slate-600">{t("welcome.guestText")}</p>
          <OpenCardButton mode="login" label={t("welcome.login")} className="rounded-lg bg-brand-700 px-4 py-2.5 font-bold text-white hover:bg-brand-800" />
          <OpenCardButton mode="register" label={t("welcome.createAccount")} className={outlinedButton} />
        </>
      )}
    </div>
  );
}

interface MenuData {
  name: string;
  numbers: string[];
}

function SubscriberMenu({ selectedGsm }: { selectedGsm: string }) {
  const { t } = useTranslation();
  const { setWelcomeOpen } = useShell();
  const revalidator = useRevalidator();
  const [menu, setMenu] = useState<MenuData | null>(null);
  // The choice shows at once; it goes back if the server refuses it.
  const [chosen, setChosen] = useState(selectedGsm);
  const [selecting, setSelecting] = useState(false);
  useEffect(() => setChosen(selectedGsm), [selectedGsm]);

  // The name and the numbers are fetched when the menu opens (they are not needed to paint a page).
  useEffect(() => {
    let current = true;
    fetch(ACCOUNT_PATHS.menu, { headers: { Accept: "application/json" } })
      .then((response) => (response.ok ? (response.json() as Promise<MenuData>) : null))
      // Without the list the menu still offers the selected number, the profile link, add-number and logout.
      .catch(() => null)
      .then((data) => current && setMenu(data ?? { name: "", numbers: [selectedGsm] }));
    return () => {
      current = false;
    };
  }, [selectedGsm]);

  const select = async (gsm: string) => {
    setChosen(gsm);
    setSelecting(true);
    const answer = await postAccountForm(ACCOUNT_PATHS.selectNumber, { gsm }, t("errors.sorry"));
    setSelecting(false);
    showToast(answer.message, answer.ok ? "success" : "error");
    if (answer.ok) await revalidator.revalidate();
    else setChosen(selectedGsm);
  };

  const numbers = menu?.numbers ?? [selectedGsm];
  return (
    <>
      <p className="text-lg font-bold" data-testid="subscriber-name">
        {menu ? menu.name : <span className="text-slate-600">{t("welcome.loading")}</span>}
      </p>
      <Link to="/profile" onClick={() => setWelcomeOpen(false)} className="font-bold text-brand-700 underline underline-offset-4 hover:text-brand-900">
        {t("welcome.showProfile")}
      </Link>
      <Link to="/my-line" onClick={() => setWelcomeOpen(false)} className="font-bold text-brand-700 underline underline-offset-4 hover:text-brand-900">
        {t("welcome.myLine")}
      </Link>
      <RadioGroup value={chosen} onChange={(gsm) => void select(gsm)} isDisabled={selecting} className="flex flex-col gap-1.5">
        <Label className="text-sm font-bold text-slate-600">{t("welcome.numbers")}</Label>
        {numbers.map((gsm) => (
          <Radio
            key={gsm}
            value={gsm}
            className="group flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 hover:bg-brand-50 data-[focus-visible]:outline-2 data-[focus-visible]:outline-brand-600"
          >
            <span className="h-4 w-4 rounded-full border-2 border-slate-400 group-data-[selected]:border-[5px] group-data-[selected]:border-brand-700" aria-hidden="true" />
            <bdi dir="ltr">{gsm}</bdi>
          </Radio>
        ))}
      </RadioGroup>
      <OpenCardButton mode="add-number" label={t("welcome.addNumber")} className={outlinedButton} />
      <Form method="post" action={ACCOUNT_PATHS.logout} onSubmit={() => setWelcomeOpen(false)}>
        <button type="submit" className="w-full rounded-lg bg-slate-100 px-4 py-2 font-bold text-slate-800 hover:bg-slate-200">
          {t("welcome.logout")}
        </button>
      </Form>
    </>
  );
}
