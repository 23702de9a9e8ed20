// GET /my-line/usage.csv?days=30|90 (guarded like the page): every record of the period as a CSV file,
// the other party masked, the header row in the page's language.
import type { Route } from "./+types/my-line.usage-csv";
import { usageQueryOf } from "../../common/charging.ts";
import { usageCsv } from "../../server/charging/usage-csv.ts";
import { usageForCsv } from "../../server/charging/usage.ts";
import { pageTools } from "../pages/page.server.ts";
import { requireSubscriber } from "../session.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const account = requireSubscriber(request, context);
  const { services, language } = pageTools(context);
  const { days } = usageQueryOf(new URL(request.url).searchParams);
  const { period, records } = await usageForCsv(services, account.accountId, account.selectedGsm, days);
  const currency = language === "ar" ? services.config.CURRENCY_SUFFIX_AR : services.config.CURRENCY_SUFFIX_EN;
  return new Response(usageCsv(language, records, { timeZone: period.timeZone, currency }), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="usage-${account.selectedGsm}-${period.from}-${period.to}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
