import { redirect } from "react-router";

/** `/personal` → `/home`; `/personal/<child>` → `/<child>`, keeping the query string. */
export function loader({ request, params }: { request: Request; params: Record<string, string | undefined> }) {
  const child = params["*"];
  return redirect(`/${child ? child : "home"}${new URL(request.url).search}`);
}
