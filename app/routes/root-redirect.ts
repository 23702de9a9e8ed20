import { redirect } from "react-router";

/** `/` → `/personal` (which goes on to /home), keeping the query string. */
export function loader({ request }: { request: Request }) {
  return redirect(`/personal${new URL(request.url).search}`);
}
