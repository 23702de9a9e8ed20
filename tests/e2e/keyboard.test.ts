// The site by keyboard alone: every dialog keeps focus inside while open, Escape closes it and focus
// goes back to the control that opened it; Tab from the top of /home and /profile reaches every
// control in order, each with a visible focus indicator; the one-time code is typed, pasted and
// corrected in its six boxes.
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import ar from "../../common/i18n/ar.json" with { type: "json" };
import en from "../../common/i18n/en.json" with { type: "json" };
import type { Language } from "../../common/language.ts";
import { insertSession } from "../support/subscriber.ts";
import { accountButtonName, newNumber } from "./accounts-support.ts";
import { DESKTOP, expectFocusInside, PHONE, signIn, siteInBrowser, waitForHydration } from "./browser.ts";
import { contrast } from "./contrast-by-pixels.ts";

const CATALOG = { ar, en } as const;

const site = siteInBrowser();

async function openSignedIn(path: string, language: Language, viewport = DESKTOP, gsm = newNumber()) {
  const { token } = await insertSession(site.server.databaseUrl, { gsm });
  const opened = await site.warmPage(viewport, language);
  await signIn(opened.context, site.server.url, token);
  await opened.page.goto(path);
  await waitForHydration(opened.page);
  return { ...opened, gsm };
}

async function openAsGuest(path: string, language: Language, viewport = DESKTOP) {
  const opened = await site.warmPage(viewport, language);
  await opened.page.goto(path);
  await waitForHydration(opened.page);
  return opened;
}

const hasFocus = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return element ? `${element.tagName.toLowerCase()} "${(element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 40)}"` : "nothing";
  });

/**
 * Opens a dialog from `opener` with the keyboard (focus, then Enter), checks that Tab and Shift+Tab
 * stay inside it for more presses than it has controls, closes it with Escape, and checks that focus
 * is back on the opener.
 */
async function expectKeyboardDialog(page: Page, opener: Locator, dialog: Locator, what: string) {
  await opener.focus();
  await page.keyboard.press("Enter");
  await dialog.waitFor();
  await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement)), { message: `${what}: focus moves into the dialog when it opens` }).toBe(true);
  const controls = await dialog.evaluate((element) => element.querySelectorAll("a[href], button:not(:disabled), input:not(:disabled), select, textarea, [tabindex='0']").length);
  for (const key of ["Tab", "Shift+Tab"]) {
    const visited = new Set<string>();
    for (let press = 0; press < controls + 2; press++) {
      await page.keyboard.press(key);
      const inside = await dialog.evaluate((element) => element.contains(document.activeElement));
      expect(inside, `${what}: ${key} ×${press + 1} left the dialog for ${await focusedName(page)}`).toBe(true);
      visited.add(await focusedName(page));
    }
    if (controls > 1) expect(visited.size, `${what}: ${key} moves between the dialog's controls`).toBeGreaterThan(1);
  }
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached" });
  await expect.poll(() => hasFocus(opener), { message: `${what}: Escape closes it and focus returns to its opener, not ${await focusedName(page)}` }).toBe(true);
}

describe("dialogs by keyboard", () => {
  for (const [language, viewport, size] of [
    ["ar", DESKTOP, "1280 px"],
    ["en", PHONE, "390 px"],
  ] as const) {
    const t = CATALOG[language];

    it(`a guest's dialogs keep focus, close with Escape and give focus back (${language}, ${size})`, async () => {
      const { page, errors, release } = await openAsGuest("/home", language, viewport);
      const account = page.locator("header").getByRole("button", { name: t.nav.account, exact: true });
      await expectKeyboardDialog(page, account, page.getByRole("dialog", { name: t.welcome.title }), "welcome menu");
      await expectKeyboardDialog(page, page.getByRole("button", { name: t.support.button }), page.getByRole("dialog", { name: t.support.menuTitle }), "support menu");
      if (viewport === PHONE) {
        await expectKeyboardDialog(page, page.getByRole("button", { name: t.nav.openMenu }), page.getByTestId("mobile-sidebar"), "sidebar");
      }
      // The footer's link opens the login card.
      await expectKeyboardDialog(page, page.locator("footer").getByRole("button", { name: t.footer.haveAccount }), page.getByRole("dialog", { name: t.auth.loginTitle }), "login card");

      // The login card opened from the welcome menu gives focus back to the account button.
      await account.focus();
      await page.keyboard.press("Enter");
      const login = page.getByRole("dialog", { name: t.auth.loginTitle });
      await page.getByRole("dialog", { name: t.welcome.title }).getByRole("button", { name: t.welcome.login }).focus();
      await page.keyboard.press("Enter");
      await login.waitFor();
      await expect.poll(() => login.getByRole("textbox", { name: t.auth.numberLabel }).evaluate((box) => box === document.activeElement)).toBe(true);
      await page.keyboard.press("Escape");
      await login.waitFor({ state: "detached" });
      await expect.poll(() => hasFocus(account), { message: `login card: focus returns to the account button, not ${await focusedName(page)}` }).toBe(true);
      expect(errors).toEqual([]);
      await release();
    });

    it(`a subscriber's dialogs keep focus, close with Escape and give focus back (${language}, ${size})`, async () => {
      const { page, errors, gsm, release } = await openSignedIn("/profile", language, viewport);
      const account = page.locator("header").getByRole("button", { name: accountButtonName(language, gsm), exact: true });
      const welcome = page.getByRole("dialog", { name: t.welcome.title });
      await expectKeyboardDialog(page, account, welcome, "subscriber's welcome menu");
      await expectKeyboardDialog(page, page.getByRole("link", { name: t.profile.edit }), page.getByRole("dialog", { name: t.profile.edit }), "edit-profile dialog");

      // The add-number card, opened from the welcome menu, gives focus back to the account button.
      await account.focus();
      await page.keyboard.press("Enter");
      await welcome.getByRole("button", { name: t.welcome.addNumber }).focus();
      await page.keyboard.press("Enter");
      const addNumber = page.getByRole("dialog", { name: t.auth.addNumberTitle });
      await addNumber.waitFor();
      await expectFocusInside(addNumber, "the add-number card");
      await page.keyboard.press("Escape");
      await addNumber.waitFor({ state: "detached" });
      await expect.poll(() => hasFocus(account), { message: `add-number card: focus returns to the account button, not ${await focusedName(page)}` }).toBe(true);

      await page.goto("/bundle-details/data/101");
      await waitForHydration(page);
      await expectKeyboardDialog(page, page.getByRole("button", { name: t.share.button }), page.getByRole("dialog", { name: t.share.title }), "share dialog");
      expect(errors).toEqual([]);
      await release();
    });
  }
});

interface TabStop {
  index: number;
  label: string;
}

/** Marks every control a Tab should reach (visible, enabled, not taken out of the order) and lists them in document order. */
function expectedTabStops(page: Page): Promise<TabStop[]> {
  return page.evaluate(() => {
    const candidates = document.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea, [tabindex], summary, [contenteditable='true']");
    const stops = [...candidates].filter(
      (element) =>
        element.tabIndex >= 0 &&
        !(element as HTMLButtonElement).disabled &&
        !(element instanceof HTMLInputElement && element.type === "hidden") &&
        element.checkVisibility({ visibilityProperty: true }) &&
        !element.closest("[inert], [aria-hidden='true']"),
    );
    return stops.map((element, index) => {
      element.dataset.tabStop = String(index);
      return { index, label: `${element.tagName.toLowerCase()} "${(element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 40)}"` };
    });
  });
}

interface FocusState {
  index: number | null;
  label: string;
  focusVisible: boolean;
  outline: string;
  boxShadow: string;
  /** Contrast of the outline's colour with the background it is drawn on (WCAG 1.4.11 asks 3:1). */
  outlineContrast: number;
}

const focusState = async (page: Page): Promise<FocusState> => {
  const { outlineRgb, behindRgb, ...state } = await page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { index: null, label: "body", focusVisible: false, outline: "", boxShadow: "", outlineRgb: null, behindRgb: [] };
    const style = getComputedStyle(element);
    // Any CSS colour (oklch included) to sRGB through a canvas pixel.
    const canvas = document.createElement("canvas").getContext("2d", { willReadFrequently: true })!;
    const rgba = (color: string) => {
      canvas.clearRect(0, 0, 1, 1);
      canvas.fillStyle = color;
      canvas.fillRect(0, 0, 1, 1);
      return [...canvas.getImageData(0, 0, 1, 1).data] as [number, number, number, number];
    };
    const rgb = (color: string): [number, number, number] => rgba(color).slice(0, 3) as [number, number, number];
    // The outline is drawn outside the control (offset 2 px): on the background of its nearest painted
    // ancestor, a colour or a gradient (then every colour of the gradient counts).
    let behind = ["white"];
    for (let ancestor = element.parentElement; ancestor; ancestor = ancestor.parentElement) {
      const { backgroundColor, backgroundImage } = getComputedStyle(ancestor);
      const stops = backgroundImage.match(/(?:rgba?|hsla?|oklch|oklab|lch|lab|color)\([^)]*\)/g);
      if (stops) {
        behind = stops;
        break;
      }
      if (rgba(backgroundColor)[3] > 200) {
        behind = [backgroundColor];
        break;
      }
    }
    return {
      index: element.dataset.tabStop === undefined ? null : Number(element.dataset.tabStop),
      label: `${element.tagName.toLowerCase()} "${(element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 40)}"`,
      focusVisible: element.matches(":focus-visible"),
      outline: style.outlineStyle === "none" || parseFloat(style.outlineWidth) === 0 ? "none" : `${style.outlineWidth} ${style.outlineStyle} ${style.outlineColor}`,
      boxShadow: style.boxShadow,
      outlineRgb: rgb(style.outlineColor),
      behindRgb: behind.map(rgb),
    };
  });
  // WCAG's ratio, the same one the pixel measure uses (tests/e2e/contrast-by-pixels.ts).
  const outlineContrast = outlineRgb ? Math.min(...behindRgb.map((color) => contrast(outlineRgb, color))) : 0;
  return { ...state, outlineContrast: Math.round(outlineContrast * 100) / 100 };
};

describe("Tab through a page", () => {
  for (const [path, language, viewport, size] of [
    ["/home", "ar", DESKTOP, "1280 px"],
    ["/home", "en", PHONE, "390 px"],
    ["/profile", "en", DESKTOP, "1280 px"],
    ["/profile", "ar", PHONE, "390 px"],
  ] as const) {
    it(`reaches every control of ${path} in order, each with a visible focus indicator (${language}, ${size})`, async () => {
      const opened = path === "/profile" ? await openSignedIn(path, language, viewport) : await openAsGuest(path, language, viewport);
      const { page, context } = opened;
      const expected = await expectedTabStops(page);
      expect(expected.length).toBeGreaterThan(10);
      const reached: number[] = [];
      const unseen: string[] = [];
      const faint: string[] = [];
      for (let press = 0; press < expected.length + 5; press++) {
        await page.keyboard.press("Tab");
        const state = await focusState(page);
        if (state.index === null) {
          if (state.label === "body") break;
          throw new Error(`Tab ${press + 1} reached ${state.label}, which is not in the list of controls`);
        }
        reached.push(state.index);
        if (!state.focusVisible || (state.outline === "none" && state.boxShadow === "none")) unseen.push(`${state.label} (outline ${state.outline}, box-shadow ${state.boxShadow})`);
        else if (state.outline !== "none" && state.outlineContrast < 3) faint.push(`${state.label} (outline ${state.outline}, contrast ${state.outlineContrast}:1)`);
      }
      const missed = expected.filter((stop) => !reached.includes(stop.index)).map((stop) => stop.label);
      expect(missed, "controls that Tab never reached").toEqual([]);
      expect(reached, "Tab follows the document order").toEqual(expected.map((stop) => stop.index));
      expect(unseen, "focused controls without a visible focus indicator").toEqual([]);
      expect(faint, "focus outlines of less than 3:1 against their background").toEqual([]);
      await context.close();
    });
  }
});

describe("the one-time code boxes", () => {
  for (const [language, viewport, size] of [
    ["ar", PHONE, "390 px"],
    ["en", DESKTOP, "1280 px"],
  ] as const) {
    it(`are one named group of six labelled boxes that take typing, paste and Backspace, all by keyboard (${language}, ${size})`, async () => {
      const t = CATALOG[language];
      const { page, context, errors, release } = await openAsGuest("/home", language, viewport);
      await page.locator("footer").getByRole("button", { name: t.footer.haveAccount }).focus();
      await page.keyboard.press("Enter");
      await page.getByRole("dialog", { name: t.auth.loginTitle }).getByRole("button", { name: t.footer.noAccount }).focus();
      await page.keyboard.press("Enter");
      const card = page.getByRole("dialog", { name: t.auth.registerTitle });
      await card.getByRole("textbox", { name: t.auth.numberLabel }).waitFor();
      await page.keyboard.type(newNumber());
      await page.keyboard.press("Enter");

      const group = card.getByRole("group", { name: t.auth.codeLabel });
      await group.waitFor();
      const digit = (position: number) => t.auth.codeDigit.replace("{{position}}", String(position)).replace("{{total}}", "6");
      const boxes = group.getByRole("textbox");
      expect(await boxes.evaluateAll((elements) => elements.map((element) => element.getAttribute("aria-label")))).toEqual([1, 2, 3, 4, 5, 6].map(digit));
      const values = () => boxes.evaluateAll((elements) => elements.map((element) => (element as HTMLInputElement).value).join(""));
      const focused = () => page.evaluate(() => document.activeElement?.getAttribute("aria-label"));
      await expect.poll(focused).toBe(digit(1));

      await page.keyboard.type("123");
      expect(await values()).toBe("123");
      expect(await focused()).toBe(digit(4));
      await page.keyboard.press("Backspace");
      expect(await focused()).toBe(digit(3));
      await page.keyboard.press("Backspace");
      expect(await values()).toBe("12");
      await page.keyboard.type("9");
      expect(await values()).toBe("129");

      // Ctrl+V of a code copied from the SMS fills the six boxes from the first.
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await page.evaluate(() => navigator.clipboard.writeText("48 21 07"));
      await page.keyboard.press("ControlOrMeta+V");
      expect(await values()).toBe("482107");
      expect(await focused()).toBe(digit(6));
      // Shift+Tab walks back through the boxes one by one.
      await page.keyboard.press("Shift+Tab");
      expect(await focused()).toBe(digit(5));
      expect(errors).toEqual([]);
      await release();
    });
  }
});
