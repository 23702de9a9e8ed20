// /my-line/usage (guarded): the selected number's usage over the last 30 or 90 days — totals, a chart per
// kind with its table, and the records page by page — from the charging port. Everything is a link
// (?days=30|90&page=N&kind=data|voice|sms): no form, no action. A query value that is not one of the
// choices asks for the default rather than an error page.
import type { Route } from "./+types/my-line.usage";
import { usageQueryOf } from "../../common/charging.ts";
import { showUsageRecords, showUsageSummary } from "../../server/charging/usage.ts";
import { UsagePage } from "../my-line/UsagePage.tsx";
import { MY_LINE_PATH, USAGE_KINDS, type UsageChartKind } from "../my-line/paths.ts";
import { pageHeading, pageTools } from "../pages/page.server.ts";
import { headingMeta } from "../pages/page-meta.ts";
import { requireSubscriber } from "../session.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const account = requireSubscriber(request, context);
  const { services } = pageTools(context);
  const query = new URL(request.url).searchParams;
  const { days, page } = usageQueryOf(query);
  const kind = USAGE_KINDS.find((known) => known === query.get("kind")) ?? ("data" satisfies UsageChartKind);
  const [summary, records] = await Promise.all([
    showUsageSummary(services, account.accountId, account.selectedGsm, days),
    showUsageRecords(services, account.accountId, account.selectedGsm, days, page),
  ]);
  return {
    heading: pageHeading(context, "page.usage", [
      ["page.profile", "/profile"],
      ["page.myLine", MY_LINE_PATH],
    ]),
    kind,
    summary,
    records,
  };
}

export const meta = headingMeta;

export default function MyLineUsage({ loaderData }: Route.ComponentProps) {
  return <UsagePage {...loaderData} />;
}
