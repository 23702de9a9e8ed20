// The confirmation of buying a bundle, over its details page, for a subscriber with JavaScript: it reads
// the price, the balance after and the renewal choice from My line's loader (/my-line?activate=<id>, which
// also gives this confirmation's idempotency key: the same for every opening, tab or reload until the line
// buys something, server/charging/order-key.ts) and posts to My line's action. Success: a toast, and the
// dialog closes; a refusal or too little money: the message and the top-up link. Without JavaScript the
// button is a link to the same confirmation on My line. Loaded when first wanted.
import { useEffect, useRef } from "react";
import { ActivationFields, ActivationNotice, activationBlocked } from "./ActivationFields.tsx";
import { useTranslation } from "../i18n/react.ts";
import { Link, useFetcher } from "react-router";
import { Button, Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { formatAmount } from "../../common/format.ts";
import { useShell } from "../shell/ShellContext.tsx";
import { showToast } from "../shell/toast-queue.ts";
import type { MyLinePageProps } from "./MyLinePage.tsx";
import { activateBundlePath, MY_LINE_PATH } from "./paths.ts";

/** What My line's action answers a dialog (`via=dialog`). */
export type ActivationAnswer = { ok: true; message: string } | { ok: false; message: string };

export function ActivateBundleDialog({ bundleId, isOpen, onOpenChange }: { bundleId: number; isOpen: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useTranslation();
  const { language, currencySuffix } = useShell().shell;
  const confirmation = useFetcher<Pick<MyLinePageProps, "gsm" | "balance" | "offer" | "idempotencyKey" | "lineState">>();
  const order = useFetcher<ActivationAnswer>();
  // Each opening reads the confirmation again (the money may have changed); its key changes only once the
  // line has bought something, so a dialog opened again before that confirms the same order.
  const openings = useRef(0);
  useEffect(() => {
    if (!isOpen) return;
    openings.current += 1;
    void confirmation.load(activateBundlePath(bundleId));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isOpen, bundleId]);
  useEffect(() => {
    if (order.state === "idle" && order.data?.ok) {
      showToast(order.data.message, "success");
      onOpenChange(false);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [order.state, order.data]);

  const loaded = confirmation.data;
  const offer = loaded?.offer;
  const after = loaded && offer ? loaded.balance.available - offer.price : 0;
  const blocked = loaded && offer ? activationBlocked({ balance: loaded.balance, price: offer.price, lineState: loaded.lineState }) : null;
  const refusal = order.state === "idle" && order.data && !order.data.ok ? order.data.message : null;
  const amount = (value: number) => <bdi dir="ltr">{formatAmount(language, value, currencySuffix)}</bdi>;
  const row = (label: string, value: React.ReactNode, testId?: string) => (
    <div className="flex flex-wrap justify-between gap-2 border-b border-slate-100 pb-2 last:border-0">
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-bold" data-testid={testId}>{value}</dd>
    </div>
  );

  return (
    <ModalOverlay isOpen={isOpen} onOpenChange={onOpenChange} isDismissable className="fixed inset-0 z-50 flex items-center justify-center bg-black/50 p-3">
      <Modal className="max-h-[90vh] w-full max-w-md overflow-y-auto rounded-2xl bg-white shadow-2xl">
        <Dialog aria-labelledby="activate-bundle-title" className="flex flex-col gap-4 p-6 outline-none">
          <Heading slot="title" id="activate-bundle-title" className="text-xl font-bold text-brand-800">
            {offer ? t("myLine.confirmTitle", { name: offer.title }) : t("myLine.activate")}
          </Heading>
          {!loaded || !offer || !loaded.idempotencyKey ? (
            <p className="text-slate-600">{t("welcome.loading")}</p>
          ) : (
            <>
              <dl className="flex flex-col gap-2">
                {row(t("myLine.price"), amount(offer.price))}
                {row(t("bundles.validityLabel"), t("bundles.validity", { count: offer.validityDays }))}
                {row(t("myLine.balanceAfter"), after >= 0 ? amount(after) : "—", "balance-after")}
              </dl>
              <ActivationNotice refusal={refusal} blocked={blocked} />
              <order.Form key={openings.current} method="post" action={activateBundlePath(offer.id)} className="flex flex-col gap-3">
                <input type="hidden" name="intent" value="activate" />
                <input type="hidden" name="via" value="dialog" />
                <ActivationFields gsm={loaded.gsm} bundleId={offer.id} idempotencyKey={loaded.idempotencyKey} renewal={offer.renewal} />
                <div className="flex flex-wrap gap-3">
                  <Button type="submit" isDisabled={order.state !== "idle" || blocked !== null} className="rounded-lg bg-brand-700 px-4 py-2.5 font-bold text-white hover:bg-brand-800 disabled:opacity-60">
                    {t("myLine.confirm")}
                  </Button>
                  <Button slot="close" className="rounded-lg bg-slate-100 px-4 py-2.5 font-bold text-slate-800 hover:bg-slate-200">
                    {t("myLine.cancel")}
                  </Button>
                </div>
              </order.Form>
              <Link to={MY_LINE_PATH} className="self-start text-sm font-bold text-brand-700 underline">{t("page.myLine")}</Link>
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
