// Lazily loaded parts whose code does not arrive (spec §8, §9: a load error after 120000 ms): the chunk is
// held by request interception, the page's clock is moved on, the error state with its retry shows, and
// the retry brings the part once the chunk is let through. Overlays (a menu's code), a tab of super clip
// (React.lazy) and a page reached by a link (React Router's route chunk) each go through it.
import type { Page, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import ar from "../../common/i18n/ar.json" with { type: "json" };
import en from "../../common/i18n/en.json" with { type: "json" };
import { LAZY_LOAD_TIMEOUT_MS } from "../../common/constants.ts";
import type { Language } from "../../common/language.ts";
import { freshNumber, insertSession } from "../support/subscriber.ts";
import { DESKTOP, nextFrames, PHONE, signIn, siteInBrowser, waitForHydration } from "./browser.ts";

const site = siteInBrowser();

const catalogs = { ar, en } as const;

/**
 * Holds every request whose path `matches`. `release()` lets the held ones and any later one through;
 * `passNewRequests()` lets later ones through and keeps holding the first.
 */
async function holdRequests(page: Page, matches: (pathname: string) => boolean) {
  const held: Route[] = [];
  let stalling = true;
  await page.route(
    (url) => matches(url.pathname),
    (route) => (stalling ? void held.push(route) : route.continue()),
  );
  return {
    held,
    passNewRequests() {
      stalling = false;
    },
    async release() {
      stalling = false;
      await Promise.all(held.splice(0).map((route) => route.continue()));
    },
  };
}

/** Holds every request for the chunk whose file name starts with `name-` (holdRequests). */
function stallChunk(page: Page, name: string) {
  const chunk = new RegExp(`/assets/${name}-[\\w-]+\\.js$`);
  return holdRequests(page, (pathname) => chunk.test(pathname));
}

/** A page with a controllable clock (installed before anything loads), a chunk stalled, then `path` hydrated. */
async function openWithStalledChunk(path: string, language: Language, chunk: string, session?: string) {
  const opened = await site.open(DESKTOP, language);
  if (session) await signIn(opened.context, site.server.url, session);
  await opened.page.clock.install();
  const stalled = await stallChunk(opened.page, chunk);
  await opened.page.goto(path);
  await waitForHydration(opened.page);
  return { ...opened, stalled };
}

/**
 * How far before the timeout the page is checked. Its clock keeps running in real time between the two moves, so
 * this is the real time the check may take on a loaded machine; the millisecond itself is the unit test's
 * (app/shell/lazy-load.test.ts).
 */
const CHECKED_BEFORE_MS = 10_000;

/** Moves the page's clock to before the timeout, checks nothing failed yet, then past it. */
async function passTheTimeout(page: Page, errorText: string) {
  await page.clock.fastForward(LAZY_LOAD_TIMEOUT_MS - CHECKED_BEFORE_MS);
  expect(await page.getByText(errorText).count(), "the error state shows before the timeout").toBe(0);
  await page.clock.fastForward(CHECKED_BEFORE_MS);
}

describe("a lazily loaded part that does not arrive within 120 s", () => {
  it("an overlay: the Support menu's code stalls, the error state can be closed or retried, the retry opens the menu", async () => {
    const { page, context, stalled } = await openWithStalledChunk("/home", "en", "SupportPopover");
    const supportButton = page.getByRole("button", { name: en.support.button });
    await supportButton.click();
    await expect.poll(() => stalled.held.length, { message: "the menu's chunk was asked for" }).toBeGreaterThan(0);
    await passTheTimeout(page, en.content.partError);
    const failure = page.getByRole("alert").filter({ hasText: en.content.partError });
    await failure.waitFor();
    // Closed, it stays closed until the menu is asked for again, which waits its own 120 s.
    await page.getByRole("button", { name: en.content.close }).click();
    await failure.waitFor({ state: "detached" });
    await supportButton.click();
    await passTheTimeout(page, en.content.partError);
    await failure.waitFor();
    await stalled.release();
    await failure.getByRole("button", { name: en.content.retry }).click();
    await page.getByRole("dialog", { name: en.support.menuTitle }).getByRole("link", { name: en.support.faqs }).waitFor();
    await failure.waitFor({ state: "detached" });
    await context.close();
  });

  it("a super clip tab (React.lazy): the reply tab's code stalls, its panel shows the error state, the retry shows the tab", async () => {
    const { token } = await insertSession(site.server.databaseUrl, { gsm: freshNumber("0966") });
    const clip = catalogs.ar.superClip;
    const { page, context, stalled } = await openWithStalledChunk("/super-clip", "ar", "SuperClipReplyTab", token);
    await page.getByRole("tab", { name: clip.tab.reply }).click();
    await expect.poll(() => stalled.held.length, { message: "the tab's chunk was asked for" }).toBeGreaterThan(0);
    await passTheTimeout(page, ar.content.partError);
    const panel = page.getByRole("tabpanel", { name: clip.tab.reply });
    await panel.getByRole("alert").filter({ hasText: ar.content.partError }).waitFor();
    await stalled.release();
    await panel.getByRole("button", { name: ar.content.retry }).click();
    await panel.getByRole("textbox", { name: clip.generalMessage }).waitFor();
    expect(await panel.getByRole("alert").count()).toBe(0);
    await context.close();
  });

  it("a page reached by a link: its route chunk stalls, the page says so after 120 s, the retry opens the page", async () => {
    const { page, context, stalled } = await openWithStalledChunk("/home", "en", "roaming");
    await page.getByRole("navigation", { name: en.nav.mainSections }).getByRole("link", { name: en.nav.roaming, exact: true }).click();
    await expect.poll(() => stalled.held.length, { message: "the page's chunk was asked for" }).toBeGreaterThan(0);
    // The page says it is busy from the commit that starts its 120 s (React renders a navigation when it can, which
    // on a busy machine came after the chunk was asked for: the clock then moved on before the wait began).
    const main = page.locator("main#main");
    await main.and(page.locator("[aria-busy=true]")).waitFor();
    await passTheTimeout(page, en.content.error);
    const failure = page.getByRole("alert").filter({ hasText: en.content.error });
    await failure.waitFor();
    expect(await main.getAttribute("aria-busy"), "a stalled page is no longer busy: its alert is the news").toBeNull();
    // The stalled request stays stalled (its arrival would end the navigation by itself); the retry loads
    // the page anew.
    stalled.passNewRequests();
    await failure.getByRole("link", { name: en.content.retry }).click();
    await page.waitForURL(/\/roaming$/);
    await page.getByRole("heading", { level: 1, name: en.page.roaming }).waitFor();
    await waitForHydration(page);
    expect(await page.getByRole("alert").filter({ hasText: en.content.error }).count()).toBe(0);
    expect(await main.getAttribute("aria-busy")).toBeNull();
    await context.close();
  });
});

describe("a page loading", () => {
  it("the same page loading new data (a filter in its address) is not marked busy: the control being used is inside", async () => {
    const { page, errors, release } = await site.warmPage(DESKTOP, "en");
    await page.goto("/support/Services-Centers");
    await waitForHydration(page);
    // The city's data is held, so that the navigation stays under way while the page is looked at.
    const data = await holdRequests(page, (pathname) => pathname.endsWith(".data"));
    const city = page.getByRole("combobox", { name: en.centres.city });
    await city.selectOption({ index: 1 });
    await expect.poll(() => data.held.length, { message: "the city's data was asked for" }).toBeGreaterThan(0);
    await nextFrames(page);
    expect(await page.locator("main#main").getAttribute("aria-busy")).toBeNull();
    await data.release();
    await page.waitForURL(/\?city=/);
    await release();
    expect(errors).toEqual([]);
  });
});

/** Every script a page fetched (its file name and bytes as transferred), from the browser's own network events. */
async function recordScripts(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const urls = new Map<string, string>();
  const scripts = new Map<string, number>();
  cdp.on("Network.responseReceived", (event) => {
    if (event.type === "Script") urls.set(event.requestId, new URL(event.response.url).pathname.split("/").pop()!);
  });
  cdp.on("Network.loadingFinished", (event) => {
    const name = urls.get(event.requestId);
    if (name) scripts.set(name, event.encodedDataLength);
  });
  return {
    names: () => [...scripts.keys()],
    kilobytes: () => [...scripts.values()].reduce((sum, bytes) => sum + bytes, 0) / 1024,
  };
}

/** The scripts of the shell's optional parts, by the start of their file names. */
const isChunk = (names: string[], start: string) => names.some((name) => name.startsWith(`${start}-`));

describe("what a first view of /home fetches, and when the rest comes (issue 18)", () => {
  it("on a phone, all the JavaScript of /home until the network is quiet is at most 160 KB: the login card, Zod, the popovers and React Aria are not fetched ahead, only the menu", async () => {
    const { page, context } = await site.open(PHONE, "ar");
    const scripts = await recordScripts(page);
    await page.goto("/home");
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    // The phone's menu is the one overlay fetched at idle time (its button is on screen).
    await expect.poll(() => isChunk(scripts.names(), "SidebarModal"), { message: "the menu's code at idle time" }).toBe(true);
    await page.waitForLoadState("networkidle");
    const names = scripts.names();
    process.stdout.write(`/home at 390 px (ar): ${scripts.kilobytes().toFixed(1)} KB of JavaScript in ${names.length} files\n`);
    expect(scripts.kilobytes(), names.join(", ")).toBeLessThanOrEqual(160);
    for (const part of ["AuthDialog", "zod", "WelcomePopover", "SupportPopover", "ToastRegion"]) expect(isChunk(names, part), `${part} fetched ahead of its use`).toBe(false);
    // The menu is the browser's own modal dialog: none of React Aria's overlay code (80 KB) comes with it.
    for (const part of ["Dialog", "Modal", "FocusScope", "AriaLocale"]) expect(isChunk(names, part), `React Aria's ${part} fetched for the menu`).toBe(false);
    await context.close();
  });

  it("with Save-Data, nothing is fetched ahead: the menu's code comes when its button is pressed, and the menu opens", async () => {
    const { page, context } = await site.open(PHONE, "en");
    await page.addInitScript(() => Object.defineProperty(navigator, "connection", { value: { saveData: true }, configurable: true }));
    const scripts = await recordScripts(page);
    await page.goto("/home");
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    // Idle time has come and gone (a later task than every idle callback): still no menu code.
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 200))));
    expect(isChunk(scripts.names(), "SidebarModal")).toBe(false);
    await page.getByRole("button", { name: en.nav.openMenu }).click();
    await page.getByRole("dialog").waitFor();
    expect(isChunk(scripts.names(), "SidebarModal")).toBe(true);
    await context.close();
  });

  it("intent fetches the code before the press: the pointer over the account button brings its menu, the menu open brings the login card", async () => {
    const { page, context } = await site.open(DESKTOP, "en");
    const scripts = await recordScripts(page);
    await page.goto("/home");
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    expect(isChunk(scripts.names(), "WelcomePopover")).toBe(false);
    const account = page.getByRole("button", { name: en.nav.account });
    await account.hover();
    await expect.poll(() => isChunk(scripts.names(), "WelcomePopover"), { message: "the account menu's code on hover" }).toBe(true);
    expect(isChunk(scripts.names(), "AuthDialog")).toBe(false);
    await account.click();
    await expect.poll(() => isChunk(scripts.names(), "AuthDialog"), { message: "the login card's code once a guest opened the account menu" }).toBe(true);
    await page.getByRole("dialog").getByRole("button", { name: en.welcome.login }).click();
    await page.getByRole("dialog", { name: en.auth.loginTitle }).waitFor();
    await context.close();
  });
});
