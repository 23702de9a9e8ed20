import { ussdHref } from "../../common/bidi.ts";

// A USSD code as a tappable link that opens the phone's dialer (always left to right; * and # escaped).
export function UssdCode({ code }: { code: string }) {
  return (
    <a href={ussdHref(code)} className="inline-block rounded-lg bg-white px-4 py-2 font-mono text-xl font-bold text-brand-900 ring-1 ring-brand-200">
      <bdi dir="ltr">{code}</bdi>
    </a>
  );
}
