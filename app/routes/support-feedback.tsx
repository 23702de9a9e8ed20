// /support/Feedback (matched case-insensitively): the feedback form, a route of its own so that the other
// support pages do not load it. The form posts here; the answer is data for the enhanced form, or the
// page again (with the values kept and the messages shown) for a plain form post.
import { useTranslation } from "../i18n/react.ts";
import type { Route } from "./+types/support-feedback";
import { feedbackUploadForm } from "../../common/feedback.ts";
import { validate } from "../../server/edge/app-error.ts";
import { feedbackInvalid, feedbackIpLimit, feedbackRateLimited, submitFeedback } from "../../server/support/feedback.ts";
import { pageAction } from "../page-action.server.ts";
import { requestContext } from "../context.ts";
import { pageHeading, pageTools } from "../pages/page.server.ts";
import { SectionNav } from "../pages/SectionNav.tsx";
import { headingMeta } from "../pages/page-meta.ts";
import { SectionPage } from "../pages/SectionPage.tsx";
import { SUPPORT_LINKS } from "../shell/navigation.ts";
import { FeedbackForm, type FeedbackAnswer } from "../support/FeedbackForm.tsx";

export function loader({ context }: Route.LoaderArgs) {
  const { t } = pageTools(context);
  return { heading: { ...pageHeading(context, "page.feedback", [["page.support", "/support/FAQs"]]), description: t("meta.support") } };
}

export const action = pageAction(
  "/support/Feedback",
  async ({ context, fields }) => {
    const { services, language } = pageTools(context);
    const form = validate(feedbackUploadForm, fields, feedbackInvalid);
    const reference = await submitFeedback(services, { form, clientIp: context.get(requestContext).clientIp, language });
    return { ok: true, reference } satisfies FeedbackAnswer;
  },
  { ipLimit: { limit: feedbackIpLimit, refusal: feedbackRateLimited } },
);

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
