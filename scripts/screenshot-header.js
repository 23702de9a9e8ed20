#!/usr/bin/env node
// `npm run screenshot:header`: the header of /home as a subscriber sees it on a 360 px phone in Arabic (the
// number on the account button, the search on its own row), written to docs/screenshots/header-360-ar.png.
// Needs the build (`npm run build`) and Chromium (CHROMIUM_PATH, default /usr/bin/chromium); starts the
// production server on a fresh embedded database and registers one number through the API for its session.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { prepareLoginBench, registerNumbers } from "./bench-login.js";
import { requireBuild, rootDir, startProofServer } from "./proof-support.js";

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const OUTPUT = path.join(rootDir, "docs", "screenshots", "header-360-ar.png");

requireBuild("screenshot:header");
const server = await startProofServer({ LOG_LEVEL: "warn" });
let browser;
try {
  const login = await prepareLoginBench({ baseUrl: server.baseUrl, smsc: server.smsc });
  const [[gsm, token]] = await registerNumbers(login, { count: 1, concurrency: 1 });
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ["--no-sandbox", "--disable-gpu"] });
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 360, height: 740 }, deviceScaleFactor: 2 });
  await context.addCookies([
    { name: "lang", value: "ar", url: server.baseUrl },
    { name: "session", value: token, url: server.baseUrl },
  ]);
  const page = await context.newPage();
  // Twice: Cairo is font-display: optional, so the first visit may be drawn in the stand-in; the second has it cached.
  for (let visit = 0; visit < 2; visit++) {
    await page.goto("/home");
    await page.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
    await page.evaluate(() => document.fonts.ready);
  }
  mkdirSync(path.dirname(OUTPUT), { recursive: true });
  await page.locator("header").screenshot({ path: OUTPUT });
  process.stdout.write(`${path.relative(rootDir, OUTPUT)}: the header at 360 px, Arabic, ${gsm} logged in\n`);
} finally {
  await browser?.close();
  await server.stop();
}
