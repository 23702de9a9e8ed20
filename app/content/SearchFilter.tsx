// The search box above a long list (prices, roaming countries, FAQs): filters as the visitor types,
// with Arabic spelling variants folded; inside a GET form, so it also works before JavaScript loads
// (the server filters by the same `q`).
import { useState, type ReactNode } from "react";

export function useQueryFilter(initial: string) {
  const [query, setQuery] = useState(initial);
  return { query, setQuery };
}

export function SearchFilter({
  label,
  query,
  onQueryChange,
  submitLabel,
  children,
  status,
}: {
  label: string;
  query: string;
  onQueryChange(query: string): void;
  submitLabel: string;
  children?: ReactNode;
  /** The count of what is shown, announced politely as it changes. */
  status: string;
}) {
  return (
    <form method="get" role="search" aria-label={label} className="mb-6 flex flex-col gap-3" onSubmit={(event) => event.preventDefault()}>
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex min-w-64 flex-1 flex-col gap-1 font-bold text-slate-800">
          {label}
          <input
            type="search"
            name="q"
            value={query}
            maxLength={100}
            onChange={(event) => onQueryChange(event.currentTarget.value)}
            className="rounded-lg border-2 border-slate-300 px-3 py-2 font-normal focus:border-brand-600"
          />
        </label>
        {children}
        <noscript>
          <button type="submit" className="rounded-lg bg-brand-700 px-5 py-2.5 font-bold text-white">{submitLabel}</button>
        </noscript>
      </div>
      <p role="status" className="text-sm text-slate-600">{status}</p>
    </form>
  );
}
