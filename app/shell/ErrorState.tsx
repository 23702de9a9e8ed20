import { useTranslation } from "../i18n/react.ts";

/**
 * Shown when a page, or a lazily loaded part of one (`part`), could not be produced: a calm message and a
 * retry, never a stack trace. The retry is `onRetry` when given (a part loads again in place), else a link
 * that loads `retryHref` (by default this page) again.
 */
export function ErrorState({ part = false, onRetry, retryHref = "" }: { part?: boolean; onRetry?: () => void; retryHref?: string }) {
  const { t } = useTranslation();
  const retryClass = "rounded-lg bg-brand-700 px-5 py-2.5 font-bold text-white hover:bg-brand-800";
  return (
    <div role="alert" className={`mx-auto flex max-w-xl flex-col items-center text-center ${part ? "gap-3 p-6" : "gap-4 px-4 py-16"}`}>
      <svg viewBox="0 0 64 64" width={part ? 48 : 96} height={part ? 48 : 96} aria-hidden="true">
        <circle cx="32" cy="32" r="30" fill="#ede9fe" />
        <path d="M32 16v20M32 44v4" stroke="#5b21b6" strokeWidth="5" strokeLinecap="round" />
      </svg>
      <p className="text-lg text-slate-700">{t(part ? "content.partError" : "content.error")}</p>
      {onRetry ? (
        <button type="button" onClick={onRetry} className={retryClass}>
          {t("content.retry")}
        </button>
      ) : (
        <a href={retryHref} className={retryClass}>
          {t("content.retry")}
        </a>
      )}
    </div>
  );
}

/** The error state of a part that opens over the page (a menu, a dialog, the toasts): over the page's foot. */
export function OverlayErrorState({ onRetry, onDismiss }: { onRetry(): void; onDismiss(): void }) {
  const { t } = useTranslation();
  return (
    // pointer-events: an overlay trigger may sit in a wrapper that lets clicks through (the floating Support button).
    <div className="pointer-events-auto fixed inset-x-4 bottom-20 z-50 mx-auto max-w-sm rounded-xl bg-white shadow-xl ring-1 ring-black/10">
      <button type="button" onClick={onDismiss} className="absolute end-2 top-2 rounded px-2 text-slate-600 hover:bg-slate-100">
        {t("content.close")}
      </button>
      <ErrorState part onRetry={onRetry} />
    </div>
  );
}
