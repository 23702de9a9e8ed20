// The three states of a fetched content page (spec §4): loading, shown, or error.
import { Suspense, type ReactNode } from "react";
import { Await } from "react-router";
import { useTranslation } from "../i18n/react.ts";
import { ErrorState } from "../shell/ErrorState.tsx";

export function ContentLoader() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex items-center gap-3 py-10 text-slate-600">
      <span className="h-6 w-6 animate-spin rounded-full border-4 border-brand-200 border-t-brand-700" aria-hidden="true" />
      {t("content.loading")}
    </div>
  );
}

export function AwaitContent<T>({ resolve, children }: { resolve: Promise<T | null>; children: (value: T) => ReactNode }) {
  return (
    <Suspense fallback={<ContentLoader />}>
      <Await resolve={resolve} errorElement={<ErrorState />}>
        {(value) => (value === null ? <ErrorState /> : children(value))}
      </Await>
    </Suspense>
  );
}
