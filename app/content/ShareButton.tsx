// The share button of detail pages (spec §1, §4): opens the share dialog with this page's link and
// title. The dialog's code is fetched on the first click; closing it clears the link and message.
import { useState } from "react";
import { useTranslation } from "../i18n/react.ts";
import { useShell } from "../shell/ShellContext.tsx";
import { OverlayErrorState } from "../shell/ErrorState.tsx";
import { intentProps, useLazyComponent } from "../shell/useLazy.ts";
import type { ShareTarget } from "./ShareDialog.tsx";

const loadShareDialog = () => import("./ShareDialog.tsx").then((module) => module.ShareDialog);

export function ShareButton({ title }: { title: string }) {
  const { t } = useTranslation();
  const { language } = useShell().shell;
  const [ShareDialog, ensureDialog, loadFailed, dismissFailure, prepareDialog] = useLazyComponent(loadShareDialog);
  const [target, setTarget] = useState<ShareTarget | null>(null);

  const open = async () => {
    if (!(await ensureDialog())) return;
    const url = new URL(window.location.pathname, window.location.origin);
    // The link carries the page's language, so whoever opens it reads what was shared.
    url.searchParams.set("lang", language);
    setTarget({ url: url.toString(), message: title });
  };

  return (
    <>
      <button
        type="button"
        onClick={() => void open()}
        {...intentProps(prepareDialog)}
        aria-haspopup="dialog"
        className="flex items-center gap-2 self-start rounded-lg border-2 border-brand-600 px-4 py-2 font-bold text-brand-700 hover:bg-brand-50"
      >
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <circle cx="18" cy="5" r="3" />
          <circle cx="6" cy="12" r="3" />
          <circle cx="18" cy="19" r="3" />
          <path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
        </svg>
        {t("share.button")}
      </button>
      {ShareDialog && target ? <ShareDialog target={target} onClose={() => setTarget(null)} /> : null}
      {loadFailed ? <OverlayErrorState onRetry={() => void open()} onDismiss={dismissFailure} /> : null}
    </>
  );
}
