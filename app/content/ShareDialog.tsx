// The share dialog: messenger, WhatsApp, Telegram, Facebook, X (Twitter), copy link (with a toast) and,
// where the browser has one, its own share sheet. Loaded on the first click of a share button.
import { useTranslation } from "../i18n/react.ts";
import { Button, Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { showToast } from "../shell/toast-queue.ts";

export interface ShareTarget {
  url: string;
  message: string;
}

/** Where each network takes a shared link; every one opens in a new tab (or the app on a phone). */
export function shareLinks({ url, message }: ShareTarget) {
  const link = encodeURIComponent(url);
  const text = encodeURIComponent(message);
  return [
    { id: "messenger", href: `fb-messenger://share/?link=${link}` },
    { id: "whatsapp", href: `https://wa.me/?text=${encodeURIComponent(`${message} ${url}`)}` },
    { id: "telegram", href: `https://t.me/share/url?url=${link}&text=${text}` },
    { id: "facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${link}` },
    { id: "twitter", href: `https://twitter.com/intent/tweet?url=${link}&text=${text}` },
  ] as const;
}

export function ShareDialog({ target, onClose }: { target: ShareTarget; onClose(): void }) {
  const { t } = useTranslation();
  const canShareNatively = typeof navigator !== "undefined" && typeof navigator.share === "function";

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(target.url);
      showToast(t("share.copied"), "success");
    } catch {
      showToast(t("share.copyFailed"), "error");
    }
  };

  const shareNatively = async () => {
    try {
      await navigator.share({ title: target.message, text: target.message, url: target.url });
      onClose();
    } catch {
      // The visitor closed the sheet: nothing to do.
    }
  };

  return (
    <ModalOverlay isOpen onOpenChange={(open) => !open && onClose()} isDismissable className="fixed inset-0 z-50 flex items-end justify-center bg-black/50 sm:items-center sm:p-4">
      <Modal className="w-full bg-white shadow-2xl sm:max-w-md sm:rounded-2xl">
        <Dialog aria-labelledby="share-title" className="flex flex-col gap-4 p-6 outline-none">
          <Heading slot="title" id="share-title" className="text-xl font-bold text-brand-800">{t("share.title")}</Heading>
          <p className="font-bold text-slate-800">{target.message}</p>
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {shareLinks(target).map((link) => (
              <li key={link.id}>
                <a href={link.href} target="_blank" rel="noopener noreferrer" className="block rounded-lg bg-slate-100 px-3 py-2 text-center font-bold text-slate-900 hover:bg-brand-50">
                  {t(`share.${link.id}`)}
                </a>
              </li>
            ))}
          </ul>
          <label className="flex flex-col gap-1 text-sm font-bold text-slate-700">
            {t("share.link")}
            <input readOnly value={target.url} dir="ltr" onFocus={(event) => event.currentTarget.select()} className="rounded-lg border-2 border-slate-300 px-3 py-2 font-normal" />
          </label>
          <div className="flex flex-wrap gap-3">
            <Button onPress={() => void copy()} className="rounded-lg bg-brand-700 px-5 py-2.5 font-bold text-white hover:bg-brand-800">{t("share.copy")}</Button>
            {canShareNatively ? (
              <Button onPress={() => void shareNatively()} className="rounded-lg border-2 border-brand-600 px-5 py-2 font-bold text-brand-700">{t("share.native")}</Button>
            ) : null}
            <Button slot="close" className="rounded-lg bg-slate-100 px-5 py-2.5 font-bold text-slate-800 hover:bg-slate-200">{t("share.close")}</Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
