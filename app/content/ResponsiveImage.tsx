// An illustration served at the width the screen needs: three files per image ({base}-536.jpg,
// -767.jpg, -1200.jpg, made by scripts/make-images.ts), chosen by the browser through srcset/sizes with
// the switches at 536 and 767 px (spec §9); width and height are set so nothing moves when it arrives, and
// it loads lazily unless it is at the top of the page.
import { IMAGE_BREAKPOINTS_PX, IMAGE_WIDTHS } from "../../common/constants.ts";

export function ResponsiveImage({
  base,
  alt,
  sizes,
  eager = false,
  className = "",
}: {
  /** e.g. /images/news/3 */
  base: string;
  alt: string;
  /** How wide it shows above the breakpoints, e.g. "384px" for a card, "800px" for an article. */
  sizes: string;
  eager?: boolean;
  className?: string;
}) {
  const [small, medium] = IMAGE_BREAKPOINTS_PX;
  return (
    <img
      src={`${base}-${IMAGE_WIDTHS[1]}.jpg`}
      srcSet={IMAGE_WIDTHS.map((width) => `${base}-${width}.jpg ${width}w`).join(", ")}
      sizes={`(max-width: ${small}px) 100vw, (max-width: ${medium}px) 100vw, ${sizes}`}
      width={1600}
      height={900}
      alt={alt}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      className={`aspect-video h-auto w-full rounded-xl object-cover ${className}`}
    />
  );
}
