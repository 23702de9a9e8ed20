// A product's price as the site writes it: "25,000 SYP a month", "free" when 0.
import { useTranslation } from "../i18n/react.ts";
import { formatAmount } from "../../common/format.ts";
import type { Product } from "../../server/content/catalogue.ts";
import { useShell } from "../shell/ShellContext.tsx";

export function usePriceText() {
  const { t } = useTranslation();
  const { language, currencySuffix } = useShell().shell;
  return (price: number, unit: Product["priceUnit"] = "once") =>
    price === 0 ? t("lineFeatureUi.free") : t(`products.priceUnit.${unit ?? "once"}`, { price: formatAmount(language, price, currencySuffix) });
}
