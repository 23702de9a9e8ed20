// GET /line-features/super-clip/reply: the auto-reply of the selected number, for the reply tab of
// /super-clip, which loads it on its first visit (spec §4: tabs load lazily).
import type { Route } from "./+types/line-features.super-clip.reply";
import { showAutoReply } from "../../server/line-features/super-clip.ts";
import { pageTools } from "../pages/page.server.ts";
import { requireSubscriber } from "../session.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const account = requireSubscriber(request, context);
  return Response.json(await showAutoReply(pageTools(context).services, account.accountId, account.selectedGsm), { headers: { "Cache-Control": "no-store" } });
}
