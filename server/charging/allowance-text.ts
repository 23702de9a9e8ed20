// What is left of a bundle's allowance, as a sentence in the asked language ("3.5 GB left of 10 GB"),
// for the places that show it as text (the spec API's profile; the SMS). The screens draw it as a bar.
import { formatNumber } from "../../common/format.ts";
import type { Language } from "../../common/language.ts";
import { translate } from "../i18n.ts";
import type { Allowance } from "./types.ts";

export function allowanceLeft(language: Language, allowance: Allowance): string {
  if (allowance.total === null || allowance.remaining === null) return translate(language, `bundles.unlimited.${allowance.kind}`);
  const amount = (value: number) => translate(language, `bundles.units.${allowance.unit}`, { count: value, amount: formatNumber(language, value) });
  return translate(language, "charging.leftOf", { left: amount(allowance.remaining), total: amount(allowance.total) });
}
