// The code step of the login/register card: the six boxes by keyboard (auto-advance, Backspace,
// paste, autofill, Arabic-Indic digits) and the 120-second resend countdown on Playwright's clock.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { Language } from "../../common/language.ts";
import { withClient } from "../support/database.ts";
import { startTestServer } from "../support/test-server.ts";
import { accountButtonName, ACCOUNT_TEST_ENV, codeSentTo, newNumber, SERVER_TEXT, TEXT, toast } from "./accounts-support.ts";
import { DESKTOP, openPage, PHONE, siteInBrowser, waitForHydration } from "./browser.ts";

// The server keeps its real resend wait (OTP_RESEND_SECONDS 120, the default) while the browser's 120-second
// countdown runs on Playwright's clock: when the countdown ends, the test makes the pending code 120 s older in the
// database, as the same time would have; the sending limits are raised (ACCOUNT_TEST_ENV).
const site = siteInBrowser({ env: { ...ACCOUNT_TEST_ENV, OTP_RESEND_SECONDS: "120" } });

/** Moves the codes sent to `gsm` `seconds` into the past, as if that time had gone by on the server. */
async function ageCodesOf(gsm: string, seconds: number): Promise<void> {
  await withClient(site.server.databaseUrl, (client) => client.query("update one_time_codes set created_at = created_at - make_interval(secs => $2) where gsm = $1", [gsm, seconds]));
}

/** Opens the register card and sends a code to a new number: the card is at step 2. */
async function atCodeStep(page: Page, language: Language) {
  const text = TEXT[language];
  const gsm = newNumber();
  await page.goto("/home");
  await waitForHydration(page);
  await page.locator("header").getByRole("button", { name: text.account, exact: true }).click();
  await page.getByRole("dialog", { name: text.welcome }).getByRole("button", { name: text.createAccount }).click();
  const dialog = page.getByRole("dialog", { name: text.createAccount });
  await dialog.getByRole("textbox", { name: text.number }).fill(gsm);
  const since = Date.now();
  await dialog.getByRole("button", { name: text.sendCode }).click();
  await dialog.getByRole("group", { name: text.code }).waitFor();
  return { dialog, gsm, since };
}

const boxValues = (page: Page, language: Language) =>
  page.getByRole("group", { name: TEXT[language].code }).getByRole("textbox").evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).value).join(""));
const focusedBox = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("aria-label"));

describe("the six code boxes", () => {
  for (const [language, viewport, label] of [
    ["en", DESKTOP, "desktop"],
    ["ar", PHONE, "phone"],
  ] as const) {
    it(`advance while typing, go back on Backspace, take a pasted or autofilled code, and submit only when full (${language}, ${label})`, async () => {
      const text = TEXT[language];
      const { page, context, errors } = await site.open(viewport, language);
      const { dialog, gsm, since } = await atCodeStep(page, language);
      const first = dialog.getByRole("textbox", { name: text.digit(1) });
      expect(await first.getAttribute("autocomplete")).toBe("one-time-code");
      expect(await first.getAttribute("inputmode")).toBe("numeric");
      // The boxes read left to right in both languages.
      expect(await dialog.getByRole("group", { name: text.code }).locator("[dir=ltr]").count()).toBe(1);
      expect(await focusedBox(page)).toBe(text.digit(1));

      await page.keyboard.type("12x");
      expect(await boxValues(page, language)).toBe("12");
      expect(await focusedBox(page)).toBe(text.digit(3));
      // Backspace on an empty box goes to the previous one; typing there replaces its digit.
      await page.keyboard.press("Backspace");
      expect(await focusedBox(page)).toBe(text.digit(2));
      await page.keyboard.type("٧");
      expect(await boxValues(page, language)).toBe("17");
      expect(await focusedBox(page)).toBe(text.digit(3));

      // Submit is refused until all six are there.
      await dialog.getByRole("button", { name: text.confirm }).click();
      await dialog.getByText(text.codeIncomplete).waitFor();

      // A pasted code fills every box, from the first.
      await dialog.getByRole("textbox", { name: text.digit(4) }).evaluate((box) => {
        const data = new DataTransfer();
        data.setData("text/plain", "654 321");
        box.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
      });
      expect(await boxValues(page, language)).toBe("654321");
      expect(await focusedBox(page)).toBe(text.digit(6));

      // Autofill (autocomplete=one-time-code) puts the whole code into the first box.
      await first.focus();
      await page.keyboard.insertText(await codeSentTo(site.server, gsm, since));
      expect((await boxValues(page, language)).length).toBe(6);
      await dialog.getByRole("button", { name: text.confirm }).click();
      await page.locator("header").getByRole("button", { name: accountButtonName(language, gsm), exact: true }).waitFor();
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

/**
 * Pauses the page's clock about where it is. The page's time moves on while the test asks for it, so the pause is
 * set a little ahead; when the page got there first on a loaded machine ("Cannot fast-forward to the past"), again.
 */
async function pauseClock(page: Page): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + 200);
      return;
    } catch (error) {
      if (attempt === 10 || !String(error).includes("to the past")) throw error;
    }
  }
}

describe("the resend countdown", () => {
  for (const language of ["en", "ar"] as const) {
    it(`keeps resend disabled for 120 seconds, then a resend clears the boxes and starts again (${language})`, async () => {
      const text = TEXT[language];
      const { page, context, errors } = await site.open(DESKTOP, language);
      await page.clock.install();
      const { dialog, gsm } = await atCodeStep(page, language);
      const resend = dialog.getByRole("button", { name: text.resend });
      const timer = dialog.getByRole("timer");
      expect(await resend.isDisabled()).toBe(true);
      expect(await timer.textContent()).toContain(language === "en" ? "120 seconds" : "120 ثانية");
      // From here only the test moves the page's clock (the countdown counts to a deadline by Date.now): running,
      // it went on between two checks, and on a loaded machine the second before the end passed between the text
      // of "1 second" and the button's state.
      await pauseClock(page);

      await page.clock.runFor(60_000);
      expect(await timer.textContent()).toContain(language === "en" ? "60 seconds" : "60 ثانية");
      expect(await resend.isDisabled()).toBe(true);
      await page.clock.runFor(59_000);
      expect(await timer.textContent()).toContain(language === "en" ? "1 second" : "ثانية واحدة");
      expect(await resend.isDisabled()).toBe(true);
      await page.clock.runFor(1_000);
      expect(await resend.isDisabled()).toBe(false);
      expect(await timer.count()).toBe(0);
      await page.clock.resume();

      await dialog.getByRole("textbox", { name: text.digit(1) }).focus();
      await page.keyboard.type("123");
      expect(await boxValues(page, language)).toBe("123");
      // The server's own 120 s went by as well.
      await ageCodesOf(gsm, 120);
      await resend.click();
      await toast(page, SERVER_TEXT[language].codeSent).waitFor();
      expect(await boxValues(page, language)).toBe("");
      expect(await resend.isDisabled()).toBe(true);
      expect(await timer.textContent()).toContain(language === "en" ? "120 seconds" : "120 ثانية");
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

describe("a refused code request", () => {
  it("shows the server's message with the wait when the number asked too often", async () => {
    // This server allows one code per number per 10 minutes (the default is 3), so the second ask is a 429.
    const strict = await startTestServer({ env: { ...ACCOUNT_TEST_ENV, OTP_RESEND_SECONDS: "0", OTP_SENDS_PER_NUMBER_10_MIN: "1" } });
    try {
      const { page, context, errors } = await openPage(site.browser, strict.url, DESKTOP, "en");
      const text = TEXT.en;
      await page.goto("/home");
      await waitForHydration(page);
      await page.locator("footer").getByRole("button", { name: text.haveAccount }).click();
      const dialog = page.getByRole("dialog", { name: text.login });
      const gsm = newNumber();
      await dialog.getByRole("button", { name: text.noAccount }).click();
      const register = page.getByRole("dialog", { name: text.createAccount });
      await register.getByRole("textbox", { name: text.number }).fill(gsm);
      await register.getByRole("button", { name: text.sendCode }).click();
      await register.getByRole("group", { name: text.code }).waitFor();
      await register.getByRole("button", { name: text.changeNumber }).click();
      await register.getByRole("button", { name: text.sendCode }).click();
      const refusal = toast(page, SERVER_TEXT.en.errors.RATE_LIMITED, false);
      await refusal.waitFor();
      expect(await refusal.textContent()).toMatch(/Try again in \d+ seconds?\./);
      // Still at step 1: no code was sent.
      expect(await register.getByRole("group", { name: text.code }).count()).toBe(0);
      // Chromium logs every 4xx answer of a fetch; the 429 itself is the expected answer.
      expect(errors.filter((error) => !error.includes("status of 429"))).toEqual([]);
      await context.close();
    } finally {
      await strict.stop();
    }
  });
});
