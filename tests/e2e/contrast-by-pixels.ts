// The contrast of text that axe cannot weigh: on a gradient (the home page's hero, the title band of every inner
// page) axe answers "incomplete" and the text's contrast goes unchecked. Here it is measured against what the
// browser draws behind the text: the text of the region is made transparent for one screenshot, and each text's
// colour (with the opacity of its ancestors) is compared with every pixel of each of its line boxes (the worst one
// counts), as WCAG 1.4.3 asks: 4.5:1, or 3:1 for large text (24 px, or 18.66 px bold).
import type { ElementHandle, Page } from "playwright-core";
import sharp from "sharp";

/**
 * The two brand gradients with text on them, marked in their components (app/routes/home.tsx, PageHeader in
 * app/shell/Breadcrumbs.tsx): accessibility-suite.ts measures them once per language and width; every axe run
 * measures any other text whose contrast axe could not decide (tests/e2e/axe.ts).
 */
export const GRADIENT_REGIONS = { hero: '[data-brand-gradient="hero"]', titleBand: '[data-brand-gradient="band"]' };

/** A text of the region: its line boxes (CSS px in the viewport), its colour and whether it is large. */
interface TextBox {
  text: string;
  lines: { left: number; top: number; right: number; bottom: number }[];
  /** sRGB 0–255 and alpha 0–1 (the colour's own alpha times its ancestors' opacity); null when unreadable. */
  color: [number, number, number, number] | null;
  large: boolean;
}

/** What a measure found: the texts measured (their first words) and those below WCAG AA, in words. */
export interface ContrastMeasure {
  measured: string[];
  problems: string[];
}

/** The inline styles that hide a region's text for the screenshot. */
const HIDING = { color: "transparent", "text-shadow": "none", "caret-color": "transparent" };

/**
 * Measures the texts inside `selector`'s first element. A text it cannot measure (no colour it can read, a line
 * outside the picture) is a problem too, and so is a region with no text: axe said it could not decide, so "nothing
 * measured" must not pass.
 */
export async function measureContrast(page: Page, selector: string): Promise<ContrastMeasure> {
  const handle = await page.locator(selector).first().elementHandle({ timeout: 5_000 }).catch(() => null);
  if (!handle) return { measured: [], problems: [`${selector}: not on the page any more`] };
  try {
    return await measureElement(page, handle);
  } finally {
    await handle.dispose();
  }
}

async function measureElement(page: Page, region: ElementHandle<Node>): Promise<ContrastMeasure> {
  await region.scrollIntoViewIfNeeded();
  // The texts, and the region's box rounded out to whole CSS pixels (the picture's clip), read in one look.
  const { texts, box } = await region.evaluate((root): { texts: TextBox[]; box: { x: number; y: number; width: number; height: number } } => {
    const canvas = document.createElement("canvas").getContext("2d", { willReadFrequently: true })!;
    /** The colour as the browser draws it; null when the canvas cannot read it (it keeps its last colour then). */
    const rgba = (css: string): [number, number, number, number] | null => {
      const read = (sentinel: string) => {
        canvas.fillStyle = sentinel;
        canvas.fillStyle = css;
        return canvas.fillStyle;
      };
      if (read("#010203") !== read("#040506")) return null;
      canvas.clearRect(0, 0, 1, 1);
      canvas.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = canvas.getImageData(0, 0, 1, 1).data;
      return [r!, g!, b!, a! / 255];
    };
    const opacity = (element: Element) => {
      let product = 1;
      for (let at: Element | null = element; at; at = at.parentElement) product *= Number(getComputedStyle(at).opacity);
      return product;
    };
    // Shown: not hidden, not transparent (a box of display: contents draws nothing itself: its parent says).
    const shown = (element: Element | null): boolean =>
      !element || (getComputedStyle(element).display === "contents" ? shown(element.parentElement) : element.checkVisibility({ visibilityProperty: true, opacityProperty: true }));
    const boxes: TextBox[] = [];
    for (const element of [root as Element, ...(root as Element).querySelectorAll("*")]) {
      const own = [...element.childNodes].filter((node): node is Text => node.nodeType === Node.TEXT_NODE && node.nodeValue!.trim() !== "");
      if (own.length === 0 || !shown(element)) continue;
      const lines = own.flatMap((node) => {
        const range = document.createRange();
        range.selectNodeContents(node);
        return [...range.getClientRects()].filter((rect) => rect.width >= 1 && rect.height >= 1).map(({ left, top, right, bottom }) => ({ left, top, right, bottom }));
      });
      if (lines.length === 0) continue;
      const style = getComputedStyle(element);
      const size = Number.parseFloat(style.fontSize);
      const color = rgba(style.color);
      boxes.push({
        text: own.map((node) => node.nodeValue!.trim()).join(" ").slice(0, 40),
        lines,
        color: color && [color[0], color[1], color[2], color[3] * opacity(element)],
        large: size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700),
      });
    }
    const { left, top, right, bottom } = (root as Element).getBoundingClientRect();
    return { texts: boxes, box: { x: Math.floor(left), y: Math.floor(top), width: Math.ceil(right) - Math.floor(left), height: Math.ceil(bottom) - Math.floor(top) } };
  });
  if (texts.length === 0) return { measured: [], problems: ["no text to measure"] };

  // The picture of that box with the region's text hidden (each element's own style attribute put back exactly
  // afterwards).
  const kept = await region.evaluateHandle((root, hiding) => {
    const saved: [Element & ElementCSSInlineStyle, string | null][] = [];
    for (const element of [root as Element & ElementCSSInlineStyle, ...(root as Element).querySelectorAll<HTMLElement | SVGElement>("*")]) {
      saved.push([element, element.getAttribute("style")]);
      for (const [property, value] of Object.entries(hiding)) element.style.setProperty(property, value, "important");
    }
    return saved;
  }, HIDING);
  let picture: Buffer;
  try {
    picture = await page.screenshot({ clip: box, animations: "disabled", caret: "hide" });
  } finally {
    await kept
      .evaluate((saved) => {
        for (const [element, style] of saved) {
          if (style === null) element.removeAttribute("style");
          else element.setAttribute("style", style);
        }
      })
      .catch(() => undefined);
    await kept.dispose();
  }
  const { data, info } = await sharp(picture).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const [scaleX, scaleY] = [info.width / box.width, info.height / box.height];

  const measured: string[] = [];
  const problems: string[] = [];
  for (const text of texts) {
    if (!text.color) {
      problems.push(`"${text.text}": its colour could not be read`);
      continue;
    }
    let worst = Number.POSITIVE_INFINITY;
    let pixels = 0;
    for (const line of text.lines) {
      const [x0, x1] = [Math.max(0, Math.floor((line.left - box.x) * scaleX)), Math.min(info.width, Math.ceil((line.right - box.x) * scaleX))];
      const [y0, y1] = [Math.max(0, Math.floor((line.top - box.y) * scaleY)), Math.min(info.height, Math.ceil((line.bottom - box.y) * scaleY))];
      for (let y = y0; y < y1; y++) {
        for (let x = x0; x < x1; x++) {
          const at = (y * info.width + x) * info.channels;
          const background: [number, number, number] = [data[at]!, data[at + 1]!, data[at + 2]!];
          worst = Math.min(worst, contrast(over(text.color, background), background));
          pixels += 1;
        }
      }
    }
    if (pixels === 0) {
      problems.push(`"${text.text}": none of it lies in the picture of its region`);
      continue;
    }
    measured.push(text.text);
    const needed = text.large ? 3 : 4.5;
    if (worst < needed) problems.push(`"${text.text}": ${worst.toFixed(2)}:1 at its worst pixel, below ${needed}:1`);
  }
  return { measured, problems };
}

/** The text colour as drawn over `background` (its alpha blended). */
function over([r, g, b, a]: [number, number, number, number], background: [number, number, number]): [number, number, number] {
  return [r * a + background[0] * (1 - a), g * a + background[1] * (1 - a), b * a + background[2] * (1 - a)];
}

/** WCAG's contrast ratio of two sRGB colours (0–255). */
export function contrast(one: [number, number, number], other: [number, number, number]): number {
  const [lighter, darker] = [luminance(one), luminance(other)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

function luminance(rgb: [number, number, number]): number {
  const [r, g, b] = rgb.map((channel) => {
    const value = channel / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
