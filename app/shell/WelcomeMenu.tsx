// The account (welcome) menu of spec §2. A guest gets the login and create-account buttons.
import { useTranslation } from "react-i18next";
import { Button, Heading } from "react-aria-components";
import { useShell } from "./ShellContext.tsx";

export function WelcomeMenu() {
  const { t } = useTranslation();
  const { shell, openAuthDialog, setWelcomeOpen } = useShell();
  return (
    <div className="flex flex-col gap-3">
      <Heading slot="title" className="text-lg font-bold text-brand-800">
        {t("welcome.title")}
      </Heading>
      {shell.account ? (
        <p className="ltr-number text-start font-bold">{shell.account.gsm}</p>
      ) : (
        <>
          <p className="text-sm text-slate-600">{t("welcome.guestText")}</p>
          <Button
            onPress={() => {
              setWelcomeOpen(false);
              openAuthDialog("login");
            }}
            className="rounded-lg bg-brand-700 px-4 py-2.5 font-bold text-white hover:bg-brand-800"
          >
            {t("welcome.login")}
          </Button>
          <Button
            onPress={() => {
              setWelcomeOpen(false);
              openAuthDialog("register");
            }}
            className="rounded-lg border-2 border-brand-700 px-4 py-2 font-bold text-brand-700 hover:bg-brand-50"
          >
            {t("welcome.createAccount")}
          </Button>
        </>
      )}
    </div>
  );
}
