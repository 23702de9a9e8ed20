// GET /line-features/super-clip/callers?gsmFilter=&dateFilterType=0&page=0: a page of the selected
// number's callers, for the callers tab of /super-clip (loaded on its first visit, then on each search).
import type { Route } from "./+types/line-features.super-clip.callers";
import { callerFilterSchema } from "../../common/line-features.ts";
import { showCallers } from "../../server/line-features/super-clip.ts";
import { pageTools } from "../pages/page.server.ts";
import { requireSubscriber } from "../session.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const account = requireSubscriber(request, context);
  const filter = callerFilterSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!filter.success) return Response.json({ ok: false }, { status: 400, headers: { "Cache-Control": "no-store" } });
  const page = await showCallers(pageTools(context).services, account.accountId, account.selectedGsm, filter.data);
  return Response.json({ ok: true, ...page }, { headers: { "Cache-Control": "no-store" } });
}
