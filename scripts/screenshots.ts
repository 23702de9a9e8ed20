#!/usr/bin/env node
// `npm run screenshots`: the subscriber screens as a phone shows them, for docs/screenshots/. Against the
// built site (`npm run build` first), on a fresh embedded database with the demo content, like the
// Lighthouse audit: one number registered through the API (signup2, the code from the script's SMSC,
// signin), its profile filled in and two line features switched on, so that the pages show real state.
// Then Chromium (CHROMIUM_PATH, default /usr/bin/chromium), 360 px wide, in Arabic, one full-page PNG each.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser } from "playwright-core";
import { prepareLoginBench, registerNumbers } from "./bench-login.ts";
import { requireBuild, rootDir, startProofServer } from "./proof-support.ts";

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const OUT_DIR = path.join(rootDir, "docs", "screenshots");
const VIEWPORT = { width: 360, height: 780 };
const LANGUAGE = "ar";
/**
 * Each shot: the page, its file, and optionally the one element to capture (else the whole page) and
 * the FAQ to open first (a native disclosure).
 */
const SHOTS: readonly { path: string; file: string; element?: string; open?: string }[] = [
  { path: "/home", file: "header-360-ar.png", element: "header" },
  { path: "/profile", file: "profile-360-ar.png" },
  { path: "/super-clip", file: "super-clip-360-ar.png" },
  // "How do I check my balance?": its answer names *100# and *150# inside Arabic text.
  { path: "/support/FAQs", file: "faq-ussd-360-ar.png", element: "#faq-6", open: "#faq-6" },
];

const log = (message: string) => process.stderr.write(`screenshots: ${message}\n`);

/** A form POST (or PUT) to the spec API with the subscriber's Bearer session; fails on anything but 200. */
async function apiForm(baseUrl: string, token: string, apiPath: string, fields: Record<string, string>, method = "POST"): Promise<void> {
  const response = await fetch(`${baseUrl}${apiPath}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/x-www-form-urlencoded", "accept-language": LANGUAGE },
    body: new URLSearchParams(fields),
  });
  if (response.status !== 200) throw new Error(`${method} ${apiPath} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
}

async function main() {
  requireBuild("screenshots");
  const server = await startProofServer({ LOG_LEVEL: "warn" });
  let browser: Browser | undefined;
  try {
    const login = await prepareLoginBench({ baseUrl: server.baseUrl, smsc: server.smsc });
    const [registered] = await registerNumbers(login, { count: 1, concurrency: 1 });
    if (!registered) throw new Error("no number was registered");
    const [gsm, token] = registered;
    log(`subscriber ${gsm} registered`);
    await apiForm(server.baseUrl, token, "/core/api/users/updateProfile", { gsm, gender: "1", cityId: "1", jobId: "2", birthDate: "1992-03-14", address: "شارع بغداد، دمشق", email: "layla@example.com" }, "PUT");
    await apiForm(server.baseUrl, token, "/core/api/superClip/activate", {
      gsm,
      serviceState: "1",
      ...Object.fromEntries([0, 1, 2, 3].flatMap((type) => [[`customerState[${type}].type`, String(type)], [`customerState[${type}].state`, type === 0 ? "0" : "1"]])),
    });
    await apiForm(server.baseUrl, token, "/core/api/callForward/activate", { gsm, serviceState: "1", "customerState[0].type": "1", "customerState[0].state": "1", "customerState[0].number": "0933123456" });

    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"] });
    const context = await browser.newContext({ baseURL: server.baseUrl, viewport: VIEWPORT });
    await context.addCookies([
      { name: "lang", value: LANGUAGE, url: server.baseUrl },
      { name: "session", value: token, url: server.baseUrl },
    ]);
    const page = await context.newPage();
    mkdirSync(OUT_DIR, { recursive: true });
    for (const shot of SHOTS) {
      // Twice: Cairo is font-display: optional, so the first visit may be drawn in the stand-in; the second has it cached.
      for (let visit = 0; visit < 2; visit++) {
        await page.goto(shot.path);
        await page.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
        await page.evaluate(() => document.fonts.ready);
      }
      const file = path.join(OUT_DIR, shot.file);
      if (shot.open) await page.locator(`${shot.open} > summary`).click();
      if (shot.element) {
        await page.locator(shot.element).screenshot({ path: file });
        log(`${shot.path} ${shot.element} → ${path.relative(rootDir, file)}`);
        continue;
      }
      // What the phone shows: the whole height, and the 360 px the page opens on. A page wider than that
      // (something overflows) opens on its start side, the right in Arabic; the script says so.
      const size = await page.evaluate(() => ({ width: document.documentElement.scrollWidth, height: document.documentElement.scrollHeight, rtl: document.dir === "rtl" }));
      if (size.width > VIEWPORT.width) log(`${shot.path} is ${size.width - VIEWPORT.width} px wider than ${VIEWPORT.width} px: it scrolls sideways`);
      await page.screenshot({ path: file, fullPage: true, clip: { x: size.rtl ? size.width - VIEWPORT.width : 0, y: 0, width: VIEWPORT.width, height: size.height } });
      log(`${shot.path} → ${path.relative(rootDir, file)}`);
    }
    const errors = server.errorLines();
    if (errors.length > 0) throw new Error(`the server logged errors:\n${errors.join("\n")}`);
  } finally {
    await browser?.close();
    await server.stop();
  }
}

main().catch((error) => {
  log(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
