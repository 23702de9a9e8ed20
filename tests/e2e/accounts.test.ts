// Subscriber accounts in a real browser, in Arabic and English, at desktop and phone width:
// registering, logging out and in, adding and switching numbers, the profile and its edit dialog,
// the guards and the reserve-number continuation, and sessions that ended elsewhere.
import type { Page } from "playwright-core";
import { formatDate } from "../../common/format.ts";
import { describe, expect, it } from "vitest";
import type { Language } from "../../common/language.ts";
import {
  accountButtonName,
  codeSentTo,
  newNumber,
  revokeSessionsOf,
  SERVER_TEXT,
  signUpOverHttp,
  TEXT,
  toast,
  typeCode,
} from "./accounts-support.ts";
import { DESKTOP, PHONE, signIn, siteInBrowser, waitForHydration } from "./browser.ts";

// The shared site (SHARED_SITE_ENV) raises the OTP sending limits and lets a number ask again after 1 s.
const site = siteInBrowser();

/** Each flow runs in both languages, each language at one of the two widths. */
const AR_DESKTOP_EN_PHONE = [
  ["ar", DESKTOP, "desktop"],
  ["en", PHONE, "phone"],
] as const;
const EN_DESKTOP_AR_PHONE = [
  ["en", DESKTOP, "desktop"],
  ["ar", PHONE, "phone"],
] as const;

/** The header's account button: a guest's reads "My account"; a subscriber's shows the number and is named "My account 0944…". */
const accountButton = (page: Page, language: Language, gsm?: string) =>
  page.locator("header").getByRole("button", { name: accountButtonName(language, gsm), exact: true });

async function openWelcomeMenu(page: Page, language: Language, gsm?: string) {
  await accountButton(page, language, gsm).click();
  const menu = page.getByRole("dialog", { name: TEXT[language].welcome });
  await menu.waitFor();
  return menu;
}

/** Steps 1 and 2 of the open login/register/add-number card, with the code read from the outbox. */
async function completeCodeDialog(page: Page, language: Language, dialogName: string, gsm: string) {
  const text = TEXT[language];
  const dialog = page.getByRole("dialog", { name: dialogName });
  await dialog.waitFor();
  const since = Date.now();
  await dialog.getByRole("textbox", { name: text.number }).fill(gsm);
  await dialog.getByRole("button", { name: text.sendCode }).click();
  await dialog.getByRole("group", { name: text.code }).waitFor();
  await typeCode(page, language, await codeSentTo(site.server, gsm, since));
  await dialog.getByRole("button", { name: text.confirm }).click();
  return dialog;
}

async function withSession(page: Page, token: string, more: Record<string, string> = {}) {
  await signIn(page.context(), site.server.url, token, more);
}

/** A new subscriber's browser at `path`, hydrated. */
async function openAsNewSubscriber(language: Language, viewport: typeof DESKTOP, path: string) {
  const { gsm, token } = await signUpOverHttp(site.server);
  const opened = await site.warmPage(viewport, language);
  await withSession(opened.page, token);
  await opened.page.goto(path);
  await waitForHydration(opened.page);
  return { ...opened, gsm, token };
}

describe("registering, logging out and logging in again", () => {
  for (const [language, viewport, label] of AR_DESKTOP_EN_PHONE) {
    it(`a visitor creates an account with a code by SMS, logs out and logs in again (${language}, ${label})`, async () => {
      const text = TEXT[language];
      const gsm = newNumber();
      const { page, context, errors, release } = await site.warmPage(viewport, language);
      await page.goto("/home");
      await waitForHydration(page);

      const menu = await openWelcomeMenu(page, language);
      await menu.getByRole("button", { name: text.createAccount }).click();
      const dialog = page.getByRole("dialog", { name: text.createAccount });
      await dialog.waitFor();
      const number = dialog.getByRole("textbox", { name: text.number });
      expect(await number.getAttribute("dir")).toBe("ltr");
      expect(await number.getAttribute("inputmode")).toBe("numeric");
      // A wrong number is refused in the browser, with the spec's message.
      await number.fill("0912345678");
      await dialog.getByRole("button", { name: text.sendCode }).click();
      await dialog.getByText(text.numberInvalid).waitFor();
      // Letters are dropped and Arabic-Indic digits become ASCII digits; at most ten are kept.
      await number.fill("");
      await number.pressSequentially(`ab${[...gsm].map((digit) => String.fromCharCode(0x0660 + Number(digit))).join("")}99`);
      expect(await number.inputValue()).toBe(gsm);
      // Step 2 appears only once the code was sent.
      expect(await dialog.getByRole("group", { name: text.code }).count()).toBe(0);
      const since = Date.now();
      // The first step sends the number encrypted with the site's public key (spec §6), never as it is.
      const asking = page.waitForRequest((request) => request.url().endsWith("/account/code"));
      await dialog.getByRole("button", { name: text.sendCode }).click();
      expect(new URLSearchParams((await asking).postData() ?? "").get("gsm")?.length).toBeGreaterThan(300);
      expect((await asking).postData()).not.toContain(gsm);
      await toast(page, SERVER_TEXT[language].codeSent).waitFor();
      await dialog.getByRole("group", { name: text.code }).waitFor();
      const code = await codeSentTo(site.server, gsm, since);
      await typeCode(page, language, code);
      // The browser sends number#code encrypted with the site's public key, never the code itself.
      const verifying = page.waitForRequest((request) => request.url().endsWith("/account/verify"));
      await dialog.getByRole("button", { name: text.confirm }).click();
      const sent = new URLSearchParams((await verifying).postData() ?? "");
      expect(sent.get("data")?.length).toBeGreaterThan(300);
      expect((await verifying).postData()).not.toContain(code);

      // The page reloads with the session: the account button shows the number, and only the number, while its
      // name says whose it is ("My account 0944…").
      await accountButton(page, language, gsm).waitFor();
      expect((await accountButton(page, language, gsm).innerText()).trim()).toBe(gsm);
      await toast(page, SERVER_TEXT[language].registered).waitFor();
      const session = (await context.cookies()).find((cookie) => cookie.name === "session");
      expect(session?.httpOnly).toBe(true);
      expect(session?.sameSite).toBe("Lax");
      expect(session!.expires - Date.now() / 1000).toBeGreaterThan(29 * 24 * 60 * 60);

      // Logout: /home, the server's message, the cookies gone.
      await waitForHydration(page);
      const loggedIn = await openWelcomeMenu(page, language, gsm);
      await loggedIn.getByRole("button", { name: text.logout }).click();
      await toast(page, SERVER_TEXT[language].signedOut).waitFor();
      expect(new URL(page.url()).pathname).toBe("/home");
      await accountButton(page, language).waitFor();
      expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain("session");

      // Log in again from the footer link.
      await page.locator("footer").getByRole("button", { name: text.haveAccount }).click();
      await completeCodeDialog(page, language, text.login, gsm);
      await accountButton(page, language, gsm).waitFor();
      await toast(page, SERVER_TEXT[language].signedIn).waitFor();
      expect(errors, "no console errors (CSP, hydration)").toEqual([]);
      await release();
    });
  }

  it("says so when a number without an account tries to log in, and keeps step 1", async () => {
    const { page, release } = await site.warmPage(DESKTOP, "en");
    await page.goto("/home");
    await waitForHydration(page);
    await page.locator("footer").getByRole("button", { name: TEXT.en.haveAccount }).click();
    const dialog = page.getByRole("dialog", { name: TEXT.en.login });
    await dialog.getByRole("textbox", { name: TEXT.en.number }).fill(newNumber());
    await dialog.getByRole("button", { name: TEXT.en.sendCode }).click();
    await toast(page, SERVER_TEXT.en.errors.NO_ACCOUNT).waitFor();
    expect(await dialog.getByRole("group", { name: TEXT.en.code }).count()).toBe(0);
    await release();
  });
});

describe("numbers", () => {
  for (const [language, viewport, label] of EN_DESKTOP_AR_PHONE) {
    it(`a subscriber adds a second number and switches to it everywhere (${language}, ${label})`, async () => {
      const text = TEXT[language];
      const second = newNumber();
      const { page, errors, gsm, release } = await openAsNewSubscriber(language, viewport, "/home");

      const menu = await openWelcomeMenu(page, language, gsm);
      await menu.getByRole("button", { name: text.addNumber }).click();
      // The same card, without the login/register toggle.
      await page.getByRole("dialog", { name: text.addNumberDialog }).waitFor();
      expect(await page.getByRole("dialog", { name: text.addNumberDialog }).getByRole("button", { name: text.haveAccount }).count()).toBe(0);
      const dialog = await completeCodeDialog(page, language, text.addNumberDialog, second);
      await toast(page, SERVER_TEXT[language].numberAdded).waitFor();
      await dialog.waitFor({ state: "detached" });

      const numbers = (await openWelcomeMenu(page, language, gsm)).getByRole("radiogroup", { name: text.numbers });
      await numbers.getByRole("radio", { name: second }).waitFor();
      expect(await numbers.getByRole("radio", { name: gsm }).isChecked()).toBe(true);
      // React Aria draws its own circle over the visually hidden input.
      await numbers.getByRole("radio", { name: second }).check({ force: true });
      await accountButton(page, language, second).waitFor();

      // The selection holds on other pages and after a reload: the profile shows the second number.
      await page.goto("/profile");
      await accountButton(page, language, second).waitFor();
      expect(await page.getByTestId("profile-number").textContent()).toBe(second);
      const list = page.getByRole("region", { name: language === "ar" ? "أرقامي" : "My numbers" });
      expect(await list.getByText(gsm).count()).toBe(1);
      expect(await list.getByText(second).count()).toBe(1);
      expect(errors).toEqual([]);
      await release();
    });
  }

  it("falls back to the main number when the selected number cookie names a number of another account, and says so", async () => {
    const mine = await signUpOverHttp(site.server);
    const theirs = await signUpOverHttp(site.server);
    for (const language of ["en", "ar"] as const) {
      const { page, context, release } = await site.warmPage(DESKTOP, language);
      await withSession(page, mine.token, { selected_gsm: theirs.gsm });
      await page.goto("/profile");
      await waitForHydration(page);
      await toast(page, TEXT[language].selectedReset).waitFor();
      expect(await page.getByTestId("profile-number").textContent()).toBe(mine.gsm);
      await accountButton(page, language, mine.gsm).waitFor();
      expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain("selected_gsm");
      await release();
    }
  });
});

describe("profile", () => {
  for (const [language, viewport, label] of EN_DESKTOP_AR_PHONE) {
    it(`edits the profile: every rule's message under its field, then a save that slides the dialog up (${language}, ${label})`, async () => {
      const text = TEXT[language];
      const { page, errors, release } = await openAsNewSubscriber(language, viewport, "/profile");
      await page.getByRole("link", { name: text.editProfile }).click();
      const dialog = page.getByRole("dialog", { name: text.editProfile });
      await dialog.waitFor();

      await dialog.getByRole("button", { name: text.save }).click();
      for (const message of text.required) await dialog.getByText(message, { exact: true }).waitFor();

      await dialog.getByRole("radio", { name: text.female }).check({ force: true });
      await dialog.getByRole("combobox", { name: text.city }).selectOption({ index: 1 });
      await dialog.getByRole("combobox", { name: text.job }).selectOption({ index: 1 });
      await dialog.getByRole("textbox", { name: text.birthDate }).fill("1990-02-30");
      await dialog.getByRole("textbox", { name: text.address }).fill(language === "ar" ? "دمشق، شارع بغداد" : "Baghdad Street, Damascus");
      await dialog.getByRole("textbox", { name: text.email }).fill("not-an-email");
      await dialog.getByRole("button", { name: text.save }).click();
      await dialog.getByText(text.emailInvalid).waitFor();
      await dialog.getByText(text.birthDateInvalid).waitFor();
      for (const message of text.required) expect(await dialog.getByText(message, { exact: true }).count()).toBe(0);

      await dialog.getByRole("textbox", { name: text.birthDate }).fill("1990-02-28");
      await dialog.getByRole("textbox", { name: text.email }).fill("subscriber@example.com");
      // It leaves with the slide-up animation, then is gone; the page shows the saved values. The animation is
      // read in the page the moment the dialog starts leaving (it lasts 350 ms: a busy machine could miss it).
      await page.evaluate(() => {
        const leaving = '.edit-profile-modal[data-exiting][data-closing="slide-up"]';
        (window as unknown as { exitAnimation: Promise<string> }).exitAnimation = new Promise((resolve) => {
          const observer = new MutationObserver(() => {
            const element = document.querySelector(leaving);
            if (!element) return;
            observer.disconnect();
            resolve(getComputedStyle(element).animationName);
          });
          observer.observe(document.body, { attributes: true, childList: true, subtree: true });
        });
      });
      await dialog.getByRole("button", { name: text.save }).click();
      expect(await page.evaluate(() => (window as unknown as { exitAnimation: Promise<string> }).exitAnimation)).toBe("slide-up-out");
      await dialog.waitFor({ state: "detached" });
      await toast(page, SERVER_TEXT[language].profileUpdated).waitFor();
      await page.getByText("subscriber@example.com").waitFor();
      // Dates read in the page's language (common/format.ts), not as the form's yyyy-mm-dd.
      await page.getByText(formatDate(language, "1990-02-28")).waitFor();
      expect(errors).toEqual([]);
      await release();
    });
  }

  it("closes without animation when the visitor asks for reduced motion", async () => {
    const { token } = await signUpOverHttp(site.server);
    const { page, release } = await site.warmPage(DESKTOP, "en");
    await page.emulateMedia({ reducedMotion: "reduce" });
    await withSession(page, token);
    await page.goto("/profile");
    await waitForHydration(page);
    await page.getByRole("link", { name: TEXT.en.editProfile }).click();
    const dialog = page.getByRole("dialog", { name: TEXT.en.editProfile });
    await dialog.getByRole("radio", { name: "Male", exact: true }).check({ force: true });
    await dialog.getByRole("combobox", { name: TEXT.en.city }).selectOption({ index: 2 });
    await dialog.getByRole("combobox", { name: TEXT.en.job }).selectOption({ index: 2 });
    await dialog.getByRole("textbox", { name: TEXT.en.birthDate }).fill("1985-07-14");
    await dialog.getByRole("textbox", { name: TEXT.en.address }).fill("Hamra Street");
    await dialog.getByRole("textbox", { name: TEXT.en.email }).fill("calm@example.com");
    await dialog.getByRole("button", { name: TEXT.en.save }).click();
    await dialog.waitFor({ state: "detached", timeout: 1000 });
    await release();
  });

  it("edits the profile with a plain form before any JavaScript runs", async () => {
    const { token } = await signUpOverHttp(site.server);
    const context = await site.browser.newContext({ baseURL: site.server.url, viewport: PHONE, javaScriptEnabled: false });
    await signIn(context, site.server.url, token, { lang: "ar" });
    const page = await context.newPage();
    const text = TEXT.ar;
    await page.goto("/profile");
    await page.getByRole("link", { name: text.editProfile }).click();
    await page.waitForURL(/\/profile\?edit=1$/);
    await page.getByRole("button", { name: text.save }).click();
    for (const message of text.required) await page.getByText(message, { exact: true }).waitFor();
    await page.getByRole("radio", { name: text.female }).check({ force: true });
    expect(await page.getByRole("radio", { name: text.female }).isChecked()).toBe(true);
    await page.getByRole("combobox", { name: text.city }).selectOption({ index: 1 });
    await page.getByRole("combobox", { name: text.job }).selectOption({ index: 1 });
    await page.getByRole("textbox", { name: text.birthDate }).fill("٢٠٠١-٠٣-١٥");
    await page.getByRole("textbox", { name: text.address }).fill("حلب");
    await page.getByRole("textbox", { name: text.email }).fill("plain@example.com");
    await page.getByRole("button", { name: text.save }).click();
    await page.waitForURL(/\/profile$/);
    await page.getByText("plain@example.com").waitFor();
    await page.getByText(formatDate("ar", "2001-03-15")).waitFor();
    await context.close();
  });

  it("logs out of other devices and stays logged in here", async () => {
    const { gsm, token } = await signUpOverHttp(site.server);
    const other = await site.open(DESKTOP, "en");
    await withSession(other.page, token);
    // A second device: a session of its own for the same number.
    const { page, release } = await site.warmPage(PHONE, "en");
    await page.goto("/home");
    await waitForHydration(page);
    await page.locator("footer").getByRole("button", { name: TEXT.en.haveAccount }).click();
    await completeCodeDialog(page, "en", TEXT.en.login, gsm);
    await accountButton(page, "en", gsm).waitFor();

    await other.page.goto("/profile");
    await waitForHydration(other.page);
    await other.page.getByRole("button", { name: TEXT.en.logoutOthers }).click();
    await toast(other.page, SERVER_TEXT.en.signedOutOthers).waitFor();
    expect(new URL(other.page.url()).pathname).toBe("/profile");

    // The phone's session was ended on the server: its next page is a guest's.
    await page.goto("/profile");
    expect(new URL(page.url()).pathname).toBe("/home");
    await accountButton(page, "en").waitFor();
    await other.context.close();
    await release();
  });
});

describe("guards and sessions", () => {
  it("sends a guest from /profile to /home", async () => {
    const { page, release } = await site.warmPage(PHONE, "ar");
    await page.goto("/profile");
    expect(new URL(page.url()).pathname).toBe("/home");
    await release();
  });

  for (const language of ["ar", "en"] as const) {
    it(`a guest following the reserve link is asked to log in and lands on reserve-number afterwards (${language})`, async () => {
      const text = TEXT[language];
      const { gsm } = await signUpOverHttp(site.server);
      const { page, context, errors, release } = await site.warmPage(DESKTOP, language);
      await page.goto("/home");
      await waitForHydration(page);
      await page.getByRole("link", { name: language === "ar" ? "احجز رقماً" : "Reserve a number" }).first().click();
      await page.waitForURL(/\/home\?login=1$/);
      await waitForHydration(page);
      await completeCodeDialog(page, language, text.login, gsm);
      await page.waitForURL(/\/reserve-number$/);
      await accountButton(page, language, gsm).waitFor();
      expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain("next_route");
      expect(errors).toEqual([]);
      await release();
    });
  }

  it("logs out locally when the session was revoked elsewhere: cookie cleared, guarded page → /home", async () => {
    const { gsm, token } = await signUpOverHttp(site.server);
    const { page, context, release } = await site.warmPage(DESKTOP, "en");
    await withSession(page, token);
    await page.goto("/profile");
    expect(new URL(page.url()).pathname).toBe("/profile");
    await revokeSessionsOf(site.server, gsm);
    await page.goto("/profile");
    expect(new URL(page.url()).pathname).toBe("/home");
    await accountButton(page, "en").waitFor();
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain("session");
    await release();
  });

  it("logs out locally on a client-side navigation too: the page reloads as a guest's", async () => {
    const { gsm, token } = await signUpOverHttp(site.server);
    const { page, context, release } = await site.warmPage(DESKTOP, "en");
    await withSession(page, token);
    await page.goto("/home");
    await waitForHydration(page);
    await accountButton(page, "en", gsm).waitFor();
    await revokeSessionsOf(site.server, gsm);
    // A link inside the app: React Router fetches /bundles.data, and the server answers with a document reload.
    await page.getByRole("navigation", { name: "Main sections" }).getByRole("link", { name: "Bundles" }).click();
    await page.waitForURL(/\/bundles$/);
    await accountButton(page, "en").waitFor();
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain("session");
    await release();
  });

  it("refuses an account action posted from another site", async () => {
    const { token } = await signUpOverHttp(site.server);
    for (const path of ["/account/logout-others", "/account/select-number", "/account/logout"]) {
      const answer = await fetch(`${site.server.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example", cookie: `session=${token}` },
        body: "gsm=0944000000",
        redirect: "manual",
      });
      expect(answer.status, path).toBe(403);
    }
    // The session still works.
    const { page, release } = await site.warmPage(DESKTOP, "en");
    await withSession(page, token);
    await page.goto("/profile");
    expect(new URL(page.url()).pathname).toBe("/profile");
    await release();
  });
});
