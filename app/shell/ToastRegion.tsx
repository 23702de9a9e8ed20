// Success and error toasts: one region at the top of the page on the reading end side (top right
// in English, mirrored in Arabic), grouped in a stack, each shown for 2000 ms.
import { useSyncExternalStore } from "react";
import { UNSAFE_PortalProvider as PortalProvider } from "react-aria/PortalProvider";
import { useTranslation } from "../i18n/react.ts";
import { Button, Text, UNSTABLE_Toast as Toast, UNSTABLE_ToastContent as ToastContent, UNSTABLE_ToastQueue as ToastQueue, UNSTABLE_ToastRegion as Region } from "react-aria-components";
import { TOAST_DURATION_MS } from "../../common/constants.ts";
import { CloseIcon } from "./icons.tsx";
import { connectToastRegion, onToastHostChange, toastHost, type ToastMessage } from "./toast-queue.ts";
import { BidiText } from "../content/BidiText.tsx";

const toastQueue = new ToastQueue<ToastMessage>({ maxVisibleToasts: 4 });
connectToastRegion((toast) => toastQueue.add(toast, { timeout: TOAST_DURATION_MS }));

export default function ToastRegion() {
  const { t } = useTranslation();
  // In the open modal dialog while there is one (toast-queue.ts, hostToastsIn), else at the end of the body.
  const host = useSyncExternalStore(onToastHostChange, toastHost, () => null);
  return (
    <PortalProvider getContainer={() => host ?? document.body}>
      <Region queue={toastQueue} aria-label={t("toast.region")} className="fixed top-4 end-4 z-50 flex w-[min(22rem,calc(100vw-2rem))] flex-col gap-2">
        {({ toast }) => (
          <Toast
            toast={toast}
            data-tone={toast.content.tone}
            className={`flex items-center gap-3 rounded-lg px-4 py-3 text-white shadow-lg ${toast.content.tone === "success" ? "bg-emerald-700" : "bg-red-700"}`}
          >
            <ToastContent className="flex-1">
              <Text slot="title" className="text-sm font-bold">
                <BidiText text={toast.content.title} linkCodes={false} />
              </Text>
            </ToastContent>
            <Button slot="close" aria-label={t("toast.close")} className="rounded p-1 hover:bg-white/20">
              <CloseIcon width={16} height={16} />
            </Button>
          </Toast>
        )}
      </Region>
    </PortalProvider>
  );
}
