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
const PALETTES = [
  ["#2e1065", "#6d28d9", "#fbbf24"],
  ["#1e3a8a", "#7c3aed", "#f472b6"],
  ["#4c1d95", "#0ea5e9", "#fde68a"],
  ["#312e81", "#a21caf", "#34d399"],
];

/** A deterministic drawing for item `id`: a gradient, a few circles and signal arcs. */
function art(id) {
  const [dark, light, accent] = PALETTES[id % PALETTES.length];
  let seed = id * 9301 + 49297;
  const random = () => ((seed = (seed * 9301 + 49297) % 233280) / 233280);
  const circles = Array.from({ length: 5 }, () => `<circle cx="${Math.round(random() * 1600)}" cy="${Math.round(random() * 900)}" r="${Math.round(80 + random() * 260)}" fill="${random() > 0.5 ? accent : "#ffffff"}" opacity="${(0.06 + random() * 0.12).toFixed(2)}"/>`).join("");
  const cx = Math.round(500 + random() * 600);
  const arcs = [140, 240, 340].map((r, index) => `<path d="M ${cx - r} 700 A ${r} ${r} 0 0 1 ${cx + r} 700" fill="none" stroke="${accent}" stroke-width="26" stroke-linecap="round" opacity="${0.9 - index * 0.25}"/>`).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 900" width="100%" height="100%" preserveAspectRatio="xMidYMid slice">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${light}"/></linearGradient></defs>
<rect width="1600" height="900" fill="url(#g)"/>${circles}${arcs}<circle cx="${cx}" cy="700" r="40" fill="${accent}"/></svg>`;
}

const news = JSON.parse(readFileSync(path.join(rootDir, "content", "news.json"), "utf8"));
const outDir = path.join(rootDir, "public", "images", "news");
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
try {
  for (const width of WIDTHS) {
    const page = await browser.newPage({ viewport: { width, height: Math.round((width * 9) / 16) } });
    for (const item of news) {
      await page.setContent(`<html><body style="margin:0;overflow:hidden">${art(item.id)}</body></html>`);
      await page.screenshot({ path: path.join(outDir, `${item.id}-${width}.jpg`), type: "jpeg", quality: 72 });
    }
    await page.close();
  }
} finally {
  await browser.close();
}
process.stdout.write(`${news.length * WIDTHS.length} images in ${path.relative(rootDir, outDir)}\n`);
