#!/usr/bin/env node
// Draws the news illustrations (our own art: shapes in the brand's colours, no text, no photo) and saves
// each at the three widths the site serves (536, 767 and 1200 px wide, 16:9, JPEG), in
// public/images/news/{id}-{width}.jpg. Run it after adding a news item: `node scripts/make-images.ts`.
// Needs Chromium (CHROMIUM_PATH, default /usr/bin/chromium).
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const WIDTHS = [536, 767, 1200];
/** Dark, light and accent colour of each palette. */
const PALETTES: readonly (readonly [string, string, string])[] = [
  ["#2e1065", "#6d28d9", "#fbbf24"],
  ["#1e3a8a", "#7c3aed", "#f472b6"],
  ["#4c1d95", "#0ea5e9", "#fde68a"],
  ["#312e81", "#a21caf", "#34d399"],
];

/** A deterministic drawing for item `id`: a gradient, a few circles and signal arcs. */
function art(id: number): string {
  const palette = PALETTES[id % PALETTES.length];
  if (!palette) throw new Error(`news item ${id}: an id must be a positive whole number`);
  const [dark, light, accent] = palette;
  let seed = id * 9301 + 49297;
  const random = () => ((seed = (seed * 9301 + 49297) % 233280) / 233280);
  const circles = Array.from({ length: 5 }, () => `<circle cx="${Math.round(random() * 1600)}" cy="${Math.round(random() * 900)}" r="${Math.round(80 + random() * 260)}" fill="${random() > 0.5 ? accent : "#ffffff"}" opacity="${(0.06 + random() * 0.12).toFixed(2)}"/>`).join("");
  const cx = Math.round(500 + random() * 600);
  const arcs = [140, 240, 340].map((r, index) => `<path d="M ${cx - r} 700 A ${r} ${r} 0 0 1 ${cx + r} 700" fill="none" stroke="${accent}" stroke-width="26" stroke-linecap="round" opacity="${0.9 - index * 0.25}"/>`).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 900" width="100%" height="100%" preserveAspectRatio="xMidYMid slice">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${light}"/></linearGradient></defs>
<rect width="1600" height="900" fill="url(#g)"/>${circles}${arcs}<circle cx="${cx}" cy="700" r="40" fill="${accent}"/></svg>`;
}

/** The id of each item of content/news.json (an array of objects with a numeric id). */
function newsIds(items: unknown): number[] {
  // The ids are all the drawing needs; the content loader checks the rest of the file.
  if (!Array.isArray(items)) throw new Error("content/news.json is not a list");
  return items.map((item: unknown, index) => {
    if (typeof item === "object" && item !== null && "id" in item && typeof item.id === "number") return item.id;
    throw new Error(`content/news.json item ${index} has no numeric id`);
  });
}

const news = newsIds(JSON.parse(readFileSync(path.join(rootDir, "content", "news.json"), "utf8")));
const outDir = path.join(rootDir, "public", "images", "news");
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
try {
  for (const width of WIDTHS) {
    const page = await browser.newPage({ viewport: { width, height: Math.round((width * 9) / 16) } });
    for (const id of news) {
      await page.setContent(`<html><body style="margin:0;overflow:hidden">${art(id)}</body></html>`);
      await page.screenshot({ path: path.join(outDir, `${id}-${width}.jpg`), type: "jpeg", quality: 72 });
    }
    await page.close();
  }
} finally {
  await browser.close();
}
process.stdout.write(`${news.length * WIDTHS.length} images in ${path.relative(rootDir, outDir)}\n`);
