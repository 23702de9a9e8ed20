// /support/Feedback (matched case-insensitively): the feedback form, a route of its own so that the other
// support pages do not load it. The form posts here; the answer is data for the enhanced form, or the
// page again (with the values kept and the messages shown) for a plain form post.
import { data } from "react-router";
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/support-feedback";
import { chosenFile, submitFeedback } from "../../server/support/feedback.ts";
import { requestContext } from "../context.ts";
import { pageHeading, pageTools } from "../pages/page.server.ts";
import { SectionNav } from "../pages/SectionNav.tsx";
import { headingMeta, SectionPage } from "../pages/SectionPage.tsx";
import { SUPPORT_LINKS } from "../shell/navigation.ts";
import { FeedbackForm, type FeedbackAnswer } from "../support/FeedbackForm.tsx";

export function loader({ context }: Route.LoaderArgs) {
  const { t } = pageTools(context);
  return { heading: { ...pageHeading(context, "page.feedback", [["page.support", "/support/FAQs"]]), description: t("meta.support") } };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, language, t } = pageTools(context);
  const form = await request.formData().catch(() => null);
  if (!form) return data<FeedbackAnswer>({ ok: false, errors: {}, values: {}, message: t("api.badRequest") }, 400);
  const values = Object.fromEntries([...form.entries()].filter(([name, value]) => typeof value === "string" && name !== "file")) as Record<string, string>;
  const outcome = await submitFeedback(services, { values, file: chosenFile(form.get("file")), clientIp: context.get(requestContext).clientIp, language });
  if (outcome.ok) return { ok: true, reference: outcome.reference } satisfies FeedbackAnswer;
  if (outcome.status === 429) {
    return data<FeedbackAnswer>({ ok: false, errors: {}, values, message: t("feedback.rateLimited") }, { status: 429, headers: { "Retry-After": String(outcome.retryAfter) } });
  }
  return data<FeedbackAnswer>({ ok: false, errors: outcome.errors, values, message: t("feedback.fixErrors") }, 400);
}

export const meta = headingMeta;

export default function SupportFeedback({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <SectionPage heading={loaderData.heading}>
      <SectionNav label={t("page.support")} links={SUPPORT_LINKS.map((link) => ({ to: link.to, label: t(link.label) }))} />
      <FeedbackForm serverAnswer={actionData} />
    </SectionPage>
  );
}
