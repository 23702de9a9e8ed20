// The card every content list uses (products, segments, services, apps, news, business solutions): a
// title that links to the item, a one-line summary, an optional line of facts, and a "details" link.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ResponsiveImage } from "./ResponsiveImage.tsx";
import { BidiText } from "./BidiText.tsx";

/**
 * A card's title is an h3 under the section heading of its list; on a page whose list comes straight
 * under the page's h1 it is an h2, so that heading levels go down one at a time.
 */
export type CardHeadingLevel = 2 | 3;
export const cardHeading = (level: CardHeadingLevel = 3) => (level === 2 ? "h2" : "h3");

export function LinkCard({
  id,
  to,
  title,
  summary,
  facts,
  action,
  image,
  headingLevel,
}: {
  id: string;
  to: string;
  title: string;
  summary: string;
  facts?: ReactNode;
  action: string;
  /** The base path of a responsive illustration (decorative here: the title says what it is). */
  image?: string | null;
  headingLevel?: CardHeadingLevel;
}) {
  const headingId = `card-${id}`;
  const Heading = cardHeading(headingLevel);
  return (
    <article aria-labelledby={headingId} className="flex flex-col gap-3 rounded-xl border border-slate-200 p-5 shadow-sm">
      {image ? <ResponsiveImage base={image} alt="" sizes="384px" /> : null}
      <Heading id={headingId} className="text-lg font-bold text-brand-800">
        <Link to={to} className="hover:underline"><BidiText text={title} linkCodes={false} /></Link>
      </Heading>
      <p className="text-slate-700"><BidiText text={summary} /></p>
      {facts ? <div className="text-sm font-bold text-slate-900">{typeof facts === "string" ? <BidiText text={facts} /> : facts}</div> : null}
      {/* The item's title completes the link's text ("Read more <title>"): a link read out of context, or by a
          crawler, says where it goes. */}
      <Link to={to} className="mt-auto self-start rounded-lg bg-brand-600 px-4 py-2 font-bold text-white hover:bg-brand-700">
        {action}
        <span className="sr-only"> {title}</span>
      </Link>
    </article>
  );
}

export function CardGrid({ children }: { children: ReactNode }) {
  return <div className="grid gap-4 sm:grid-cols-2 nav:grid-cols-3">{children}</div>;
}
