// A number's tier as a small badge, and the number itself written as people read it (094 412 3456).
import { useTranslation } from "../i18n/react.ts";
import type { NumberTier } from "../../common/reservation-rules.ts";

const TIER_CLASS: Record<NumberTier, string> = {
  regular: "bg-slate-100 text-slate-800",
  silver: "bg-slate-200 text-slate-900 ring-1 ring-slate-400",
  gold: "bg-amber-100 text-amber-900 ring-1 ring-amber-400",
};

export function TierBadge({ tier }: { tier: NumberTier }) {
  const { t } = useTranslation();
  return <span className={`rounded-full px-3 py-0.5 text-sm font-bold ${TIER_CLASS[tier]}`}>{t(`reservation.tiers.${tier}`)}</span>;
}

export function spacedNumber(gsm: string): string {
  return `${gsm.slice(0, 3)} ${gsm.slice(3, 6)} ${gsm.slice(6)}`;
}

export function NumberText({ gsm, className = "" }: { gsm: string; className?: string }) {
  return (
    <bdi dir="ltr" className={`font-mono font-bold tracking-wide ${className}`}>
      {spacedNumber(gsm)}
    </bdi>
  );
}
