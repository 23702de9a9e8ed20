import { redirect } from "react-router";
import { sameSitePath } from "../../server/edge/same-site-path.ts";

/** `/personal` → `/home`; `/personal/<child>` → `/<child>`, keeping the query string; never to another host. */
export function loader({ request, params }: { request: Request; params: Record<string, string | undefined> }) {
  const child = params["*"];
  return redirect(sameSitePath(`/${child ? child : "home"}${new URL(request.url).search}`));
}
