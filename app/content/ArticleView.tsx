// A detail page's body: the lead (summary), the sanitised HTML body, a share button, and a side panel
// for the item's facts and actions (price, how to get it, store links…).
import type { ReactNode } from "react";
import { ContentHtml } from "../pages/ContentHtml.tsx";
import { ResponsiveImage } from "./ResponsiveImage.tsx";
import { ShareButton } from "./ShareButton.tsx";
import { BidiText } from "./BidiText.tsx";

export function ArticleView({
  title,
  summary,
  body,
  aside,
  meta,
  image,
}: {
  title: string;
  summary: string;
  body: string;
  aside?: ReactNode;
  meta?: ReactNode;
  /** The base path of a responsive illustration, shown first (so not lazy). */
  image?: string | null;
}) {
  return (
    <div className="grid gap-6 nav:grid-cols-[2fr_1fr]">
      <article className="flex flex-col gap-4">
        {image ? <ResponsiveImage base={image} alt="" sizes="760px" eager /> : null}
        {meta}
        <p className="text-lg text-slate-800"><BidiText text={summary} /></p>
        <ContentHtml html={body} />
        <ShareButton title={title} />
      </article>
      {aside ? <aside className="flex flex-col gap-4 self-start rounded-xl border border-brand-200 bg-brand-50 p-6">{aside}</aside> : null}
    </div>
  );
}
