// The contrast of text that axe cannot weigh: on a gradient (the home page's hero, the title band of every inner
// page) axe answers "incomplete" and the text's contrast goes unchecked. Here it is measured against what the
// browser draws behind the text: the text of the region is made transparent for one screenshot, and each text's
// colour is compared with every pixel of its own box (the worst one counts), as WCAG 1.4.3 asks: 4.5:1, or 3:1 for
// large text (24 px, or 18.66 px bold).
import type { Page } from "playwright-core";
import sharp from "sharp";

/** A text of the region: where it is (CSS px, from the region's top left), its colour and whether it is large. */
interface TextBox {
  text: string;
  left: number;
  top: number;
  width: number;
  height: number;
  /** sRGB 0–255 and alpha 0–1, as the browser resolves the computed colour (oklab, color-mix…). */
  color: [number, number, number, number];
  large: boolean;
}

/**
 * The two brand gradients with text on them (the home page's hero, PageHeader's title band on every inner page):
 * accessibility-suite.ts measures them once per language and width; the walk measures every other text whose
 * contrast axe could not decide (tests/e2e/axe.ts).
 */
export const GRADIENT_REGIONS = { hero: "main section.on-dark", titleBand: "main div.on-dark" };

/** The inline styles that hide a region's text for the screenshot (each element's own values are put back). */
const HIDING = { color: "transparent", "text-shadow": "none", "caret-color": "transparent" };

/** The texts inside `selector`'s first element whose contrast is below WCAG AA, in words (empty when all pass). */
export async function lowContrastTexts(page: Page, selector: string): Promise<string[]> {
  const region = page.locator(selector).first();
  await region.scrollIntoViewIfNeeded();
  const texts = await region.evaluate((root): TextBox[] => {
    const origin = root.getBoundingClientRect();
    const canvas = document.createElement("canvas").getContext("2d", { willReadFrequently: true })!;
    const rgba = (css: string): [number, number, number, number] => {
      canvas.clearRect(0, 0, 1, 1);
      canvas.fillStyle = css;
      canvas.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = canvas.getImageData(0, 0, 1, 1).data;
      return [r!, g!, b!, a! / 255];
    };
    const boxes: TextBox[] = [];
    for (const element of [root, ...root.querySelectorAll("*")]) {
      const own = [...element.childNodes].filter((node): node is Text => node.nodeType === Node.TEXT_NODE && node.nodeValue!.trim() !== "");
      if (own.length === 0 || !element.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const range = document.createRange();
      range.setStartBefore(own[0]!);
      range.setEndAfter(own.at(-1)!);
      const box = range.getBoundingClientRect();
      if (box.width < 1 || box.height < 1) continue;
      const style = getComputedStyle(element);
      const size = Number.parseFloat(style.fontSize);
      boxes.push({
        text: own.map((node) => node.nodeValue!.trim()).join(" ").slice(0, 40),
        left: box.left - origin.left,
        top: box.top - origin.top,
        width: box.width,
        height: box.height,
        color: rgba(style.color),
        large: size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700),
      });
    }
    return boxes;
  });
  // The text out of the picture (decorations and icons drawn in its colour too), each element's own inline values
  // kept to be put back after the screenshot.
  const hidden = await region.evaluateHandle((root, hiding) => {
    const kept: [HTMLElement | SVGElement, string, string, string][] = [];
    for (const element of [root as HTMLElement, ...root.querySelectorAll<HTMLElement | SVGElement>("*")]) {
      for (const [property, value] of Object.entries(hiding)) {
        kept.push([element, property, element.style.getPropertyValue(property), element.style.getPropertyPriority(property)]);
        element.style.setProperty(property, value, "important");
      }
    }
    return kept;
  }, HIDING);
  let picture: Buffer;
  try {
    picture = await region.screenshot({ animations: "disabled", caret: "hide" });
  } finally {
    await hidden.evaluate((kept) => {
      for (const [element, property, value, priority] of kept) {
        if (value) element.style.setProperty(property, value, priority);
        else element.style.removeProperty(property);
      }
    });
    await hidden.dispose();
  }
  const { data, info } = await sharp(picture).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const scale = info.width / (await region.evaluate((root) => root.getBoundingClientRect().width));
  const problems: string[] = [];
  for (const text of texts) {
    let worst = Number.POSITIVE_INFINITY;
    const [x0, y0] = [Math.max(0, Math.floor(text.left * scale)), Math.max(0, Math.floor(text.top * scale))];
    const [x1, y1] = [Math.min(info.width, Math.ceil((text.left + text.width) * scale)), Math.min(info.height, Math.ceil((text.top + text.height) * scale))];
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const at = (y * info.width + x) * info.channels;
        const background: [number, number, number] = [data[at]!, data[at + 1]!, data[at + 2]!];
        worst = Math.min(worst, contrast(over(text.color, background), background));
      }
    }
    const needed = text.large ? 3 : 4.5;
    if (worst < needed) problems.push(`"${text.text}": ${worst.toFixed(2)}:1 at its worst pixel, below ${needed}:1`);
  }
  return problems;
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
