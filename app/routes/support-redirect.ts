import { redirect } from "react-router";

export function loader({ request }: { request: Request }) {
  return redirect(`/support/FAQs${new URL(request.url).search}`);
}
