// Call forward and super clip in a real browser, in Arabic and English, at desktop and phone width:
// the card, the overlay while off, "all" excluding the conditional options, the silent block and when
// the validation message shows, the spinner while saving, reload after save, cancel, a deactivated
// line, the lazily loaded tabs (kept once visited, with their data and edits; links without JavaScript),
// exceptions, the callers' filters and pages, and the profile's services following each screen's switch.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { Language } from "../../common/language.ts";
import ar from "../../common/i18n/ar.json" with { type: "json" };
import en from "../../common/i18n/en.json" with { type: "json" };
import { withClient } from "../support/database.ts";
import { freshNumber, insertSession, postForm } from "../support/subscriber.ts";
import { openAsSubscriber as openSubscriberPage } from "./subscriber-page.ts";
import { accountButtonName } from "./accounts-support.ts";
import { DESKTOP, expectFocusInside, PHONE, signIn, siteInBrowser, waitForHydration } from "./browser.ts";

const site = siteInBrowser();

const catalogs = { ar, en } as const;
const ui = (language: Language) => catalogs[language].lineFeatureUi;
const clip = (language: Language) => catalogs[language].superClip;

/** A subscriber's browser on `path`, hydrated; the session is made in the database (no SMS needed). */
function openAsSubscriber(path: string, language: Language, viewport = DESKTOP) {
  return openSubscriberPage(site, path, language, viewport, "0966");
}

const serviceSwitch = (page: Page, language: Language) => page.getByRole("switch", { name: ui(language).service });
const optionSwitch = (page: Page, language: Language, option: keyof ReturnType<typeof ui>["options"]) => page.getByRole("switch", { name: ui(language).options[option] });
const numberField = (page: Page, language: Language, option: keyof ReturnType<typeof ui>["options"]) =>
  page.getByRole("textbox", { name: ui(language).forwardTo.replace("{{option}}", ui(language).options[option]) });
const confirm = (page: Page, language: Language) => page.getByRole("button", { name: ui(language).confirm });
const toast = (page: Page, text: string) => page.getByRole("alertdialog").or(page.getByRole("alert")).filter({ hasText: text }).first();

describe("call forward", () => {
  for (const [language, viewport, label] of [["ar", DESKTOP, "desktop"], ["en", PHONE, "phone"]] as const) {
    it(`blocks the options while off, blocks an invalid submit silently, saves with a spinner and reloads (${language}, ${label})`, async () => {
      const { page, errors, release } = await openAsSubscriber("/call-forward", language, viewport);
      await page.getByText(ui(language).free, { exact: true }).waitFor();
      await page.getByTestId("options-overlay").waitFor();
      await serviceSwitch(page, language).check({ force: true });
      await page.getByTestId("options-overlay").waitFor({ state: "detached" });

      // Busy on with no number: confirm does nothing but show the message under that field.
      const posts: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST") posts.push(request.url());
      });
      await optionSwitch(page, language, "busy").check({ force: true });
      expect(await page.getByText(catalogs[language].validation.lineNumberInvalid).count()).toBe(0);
      await confirm(page, language).click();
      await page.getByText(catalogs[language].validation.lineNumberInvalid).waitFor();
      expect(posts).toEqual([]);

      // A valid number: the save goes out, a spinner stands in for confirm meanwhile, then the toast.
      await numberField(page, language, "busy").fill("٠٩٣٣١٢٣٤٥٦");
      expect(await numberField(page, language, "busy").inputValue()).toBe("0933123456");
      let letGo!: () => void;
      const held = new Promise<void>((resolve) => (letGo = resolve));
      await page.route("**/call-forward.data*", async (route) => {
        if (route.request().method() === "POST") await held;
        await route.continue();
      });
      await confirm(page, language).click();
      await page.getByTestId("saving-spinner").waitFor();
      // On a phone, the menu is opened while the save is on its way: its answer's toast must come above the menu's
      // backdrop, where it can be read and pressed, not in the inert page under it.
      const menu = page.getByTestId("mobile-sidebar");
      if (viewport === PHONE) {
        await page.getByRole("button", { name: catalogs[language].nav.openMenu }).click();
        await menu.waitFor();
      }
      letGo();
      const saved = toast(page, catalogs[language].lineFeatures.saved);
      await saved.waitFor();
      if (viewport === PHONE) {
        const onTop = await saved.evaluate((element) => {
          const box = element.getBoundingClientRect();
          return element.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2));
        });
        expect(onTop, "the toast is above the open menu's backdrop (what a press there reaches)").toBe(true);
        // Its button is one of the menu's stops (focus there also holds the toast): Shift+Tab from the panel reaches
        // it, and Tab from it goes round to the panel's first control instead of leaving the menu.
        await page.keyboard.press("Shift+Tab");
        await expectFocusInside(saved, "the toast, from the panel by Shift+Tab");
        await page.keyboard.press("Tab");
        await expectFocusInside(page.getByRole("button", { name: catalogs[language].nav.closeMenu }), "the menu's first control, from the toast by Tab");
        await page.keyboard.press("Escape");
        await menu.waitFor({ state: "detached" });
      }
      await page.getByTestId("saving-spinner").waitFor({ state: "detached" });

      await page.reload();
      await waitForHydration(page);
      expect(await serviceSwitch(page, language).isChecked()).toBe(true);
      expect(await optionSwitch(page, language, "busy").isChecked()).toBe(true);
      expect(await numberField(page, language, "busy").inputValue()).toBe("0933123456");
      expect(errors).toEqual([]);
      await release();
    });
  }

  it("turns the conditional options off and disables them while 'all calls' is on, and says why", async () => {
    const { page, release } = await openAsSubscriber("/call-forward", "en");
    await serviceSwitch(page, "en").check({ force: true });
    await optionSwitch(page, "en", "busy").check({ force: true });
    await optionSwitch(page, "en", "all").check({ force: true });
    expect(await optionSwitch(page, "en", "busy").isChecked()).toBe(false);
    expect(await optionSwitch(page, "en", "busy").isDisabled()).toBe(true);
    expect(await page.getByText(ui("en").allExcludes).count()).toBe(3);
    await release();
  });

  it("main off clears every option, and cancel brings back what the server has", async () => {
    const { page, release } = await openAsSubscriber("/call-forward", "ar");
    await serviceSwitch(page, "ar").check({ force: true });
    await optionSwitch(page, "ar", "noAnswer").check({ force: true });
    await numberField(page, "ar", "noAnswer").fill("0933000111");
    await confirm(page, "ar").click();
    await toast(page, catalogs.ar.lineFeatures.saved).waitFor();
    await serviceSwitch(page, "ar").uncheck({ force: true });
    expect(await optionSwitch(page, "ar", "noAnswer").isChecked()).toBe(false);
    await page.getByRole("button", { name: ui("ar").cancel }).click();
    await expect.poll(() => optionSwitch(page, "ar", "noAnswer").isChecked()).toBe(true);
    expect(await serviceSwitch(page, "ar").isChecked()).toBe(true);
    await release();
  });

  it("a deactivated line says so and cannot be changed", async () => {
    const gsm = freshNumber("0966");
    const { token } = await insertSession(site.server.databaseUrl, { gsm });
    await withClient(site.server.databaseUrl, (client) => client.query("insert into network_lines (gsm, state, national_id) values ($1, 'deactivated', '12345678901')", [gsm]));
    const { page, context } = await site.open(DESKTOP, "en");
    await signIn(context, site.server.url, token);
    await page.goto("/call-forward");
    await waitForHydration(page);
    await page.getByText(ui("en").lineDeactivated).waitFor();
    expect(await confirm(page, "en").isDisabled()).toBe(true);
    expect(await serviceSwitch(page, "en").isDisabled()).toBe(true);
    await context.close();
  });
});

it("the profile lists the line features, and the breadcrumb leads back to them", async () => {
  const { page, release } = await openAsSubscriber("/profile", "ar", PHONE);
  await page.getByRole("link", { name: catalogs.ar.page.callForward }).click();
  await page.waitForURL(/\/call-forward$/);
  await page.getByRole("navigation", { name: catalogs.ar.breadcrumb.label }).getByRole("link", { name: catalogs.ar.breadcrumb.profileFeatures }).click();
  await page.waitForURL(/\/profile#features$/);
  await release();
});

it("a selected number that is not the account's: the screen falls back to the main number and says so", async () => {
  const mine = freshNumber("0966");
  const theirs = freshNumber("0966");
  const { token } = await insertSession(site.server.databaseUrl, { gsm: mine });
  await insertSession(site.server.databaseUrl, { gsm: theirs });
  const { page, context } = await site.open(PHONE, "en");
  await signIn(context, site.server.url, token, { selected_gsm: theirs });
  await page.goto("/call-forward");
  await waitForHydration(page);
  expect(await page.getByTestId("feature-number").textContent()).toBe(mine);
  await toast(page, catalogs.en.auth.selectedNumberReset).waitFor();
  await context.close();
});

it("the profile shows a deactivated line as such, linking to the hotline", async () => {
  const gsm = freshNumber("0966");
  const { token } = await insertSession(site.server.databaseUrl, { gsm });
  await withClient(site.server.databaseUrl, (client) => client.query("insert into network_lines (gsm, state, national_id) values ($1, 'deactivated', '12345678901')", [gsm]));
  const { page, context } = await site.open(DESKTOP, "ar");
  await signIn(context, site.server.url, token);
  await page.goto("/profile");
  await page.getByRole("link", { name: catalogs.ar.hotline.deactivated }).click();
  await page.waitForURL(/\/hotline$/);
  await context.close();
});

it("the profile's active services are the features switched on: each screen's switch, the profile page and the API rows agree after every save", async () => {
  const gsm = freshNumber("0966");
  const { token } = await insertSession(site.server.databaseUrl, { gsm });
  const { page, context, errors } = await site.open(PHONE, "ar");
  await signIn(context, site.server.url, token);
  const features = [
    { id: "call-forward", screen: "/call-forward", rows: "/core/api/callForward" },
    { id: "super-clip", screen: "/super-clip", rows: "/core/api/superClip" },
    { id: "call-barring", screen: "/call-barring", rows: "/core/api/callBarring" },
  ];
  const api = async <T,>(path: string) => {
    const answer = await postForm(site.server, path, { gsm }, { token, language: "ar" });
    expect(answer.status, `${path}: ${answer.text.slice(0, 200)}`).toBe(200);
    return answer.json<{ data: T }>().data;
  };
  const on = new Set<string>();
  async function expectAllAgree(step: string) {
    await page.goto("/profile");
    const card = page.getByRole("region", { name: catalogs.ar.profile.servicesTitle });
    const listed = (await card.getByRole("link").allTextContents()).map((text) => text.trim());
    const profile = await api<{ activeServices: { id: string; name: string }[] }>("/core/api/users/profile");
    for (const feature of features) {
      const shown = await api<{ title: string; serviceState: number }>(`${feature.rows}/show`);
      expect(shown.serviceState, `${step}: ${feature.rows}/show`).toBe(on.has(feature.id) ? 1 : 0);
      expect(listed.includes(shown.title), `${step}: the profile page lists "${shown.title}" (it lists ${JSON.stringify(listed)})`).toBe(on.has(feature.id));
      expect(profile.activeServices.some((service) => service.id === feature.id && service.name === shown.title), `${step}: core/api/users/profile lists ${feature.id}`).toBe(on.has(feature.id));
    }
    expect(profile.activeServices).toHaveLength(on.size);
    expect(await card.getByText(catalogs.ar.profile.noServices).count(), `${step}: "no services" shows only when none is on`).toBe(on.size === 0 ? 1 : 0);
  }

  await expectAllAgree("a new line");
  for (const feature of features) {
    for (const wanted of [true, false]) {
      await page.goto(feature.screen);
      await waitForHydration(page);
      await serviceSwitch(page, "ar").setChecked(wanted, { force: true });
      await confirm(page, "ar").click();
      await toast(page, catalogs.ar.lineFeatures.saved).waitFor();
      if (wanted) on.add(feature.id);
      else on.delete(feature.id);
      await expectAllAgree(`${feature.id} ${wanted ? "on" : "off"} on its screen`);
    }
  }
  // A service listed on the profile leads to its screen.
  await page.goto("/super-clip");
  await waitForHydration(page);
  await serviceSwitch(page, "ar").check({ force: true });
  await confirm(page, "ar").click();
  await toast(page, catalogs.ar.lineFeatures.saved).waitFor();
  on.add("super-clip");
  await expectAllAgree("super clip on again");
  await page.getByRole("region", { name: catalogs.ar.profile.servicesTitle }).getByRole("link").click();
  await page.waitForURL(/\/super-clip$/);
  expect(errors).toEqual([]);
  await context.close();
});

describe("super clip", () => {
  it("loads the reply and callers tabs only when first opened; the main switch jumps to the status tab", async () => {
    const gsm = freshNumber("0966");
    const { token } = await insertSession(site.server.databaseUrl, { gsm });
    const { page, context, errors } = await site.open(DESKTOP, "ar");
    await signIn(context, site.server.url, token);
    const tabRequests: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/line-features/super-clip/")) tabRequests.push(new URL(request.url()).pathname);
    });
    await page.goto("/super-clip");
    await waitForHydration(page);
    expect(tabRequests).toEqual([]);
    await page.getByRole("tab", { name: clip("ar").tab.callers }).click();
    await page.getByRole("columnheader", { name: clip("ar").callDate }).waitFor();
    // A panel may show before its data request has left (the request is polled for; its absence before is not).
    await expect.poll(() => tabRequests.some((path) => path.includes("/super-clip/callers"))).toBe(true);
    expect(tabRequests.some((path) => path.includes("/super-clip/reply"))).toBe(false);
    await serviceSwitch(page, "ar").check({ force: true });
    await expect.poll(() => page.getByRole("tab", { name: clip("ar").tab.status }).getAttribute("aria-selected")).toBe("true");
    await page.getByRole("tab", { name: clip("ar").tab.reply }).click();
    await page.getByRole("textbox", { name: clip("ar").generalMessage }).waitFor();
    await expect.poll(() => tabRequests.some((path) => path.includes("/super-clip/reply"))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("keeps each visited tab mounted with its data and unsaved edits: one data request per tab on first visit, none on return, and cancel reloads only its own tab", async () => {
    const { page, errors, gsm, token, release } = await openSubscriberPage(site, "/super-clip", "en", DESKTOP, "0966");
    const requests = { status: 0, reply: 0, callers: 0 };
    page.on("request", (request) => {
      // A tab's data route, asked directly or through React Router (…/reply.data); the status is the page's own data.
      const { pathname } = new URL(request.url());
      if (/^\/line-features\/super-clip\/reply(\.data)?$/.test(pathname)) requests.reply++;
      else if (/^\/line-features\/super-clip\/callers(\.data)?$/.test(pathname)) requests.callers++;
      else if (pathname === "/super-clip.data" && request.method() === "GET") requests.status++;
    });
    // Opening a tab is a navigation (?tab=…): wait until it is the selected one, so that a locator of the
    // next step (Cancel is in every panel) finds the open panel's element, not the one being hidden.
    const tab = (name: string) => ({
      async click() {
        const link = page.getByRole("tab", { name });
        await link.click();
        await expect.poll(() => link.getAttribute("aria-selected")).toBe("true");
      },
    });
    const general = page.getByRole("textbox", { name: clip("en").generalMessage });
    const callerFilter = page.getByRole("textbox", { name: clip("en").callerNumber });
    const cancel = page.getByRole("button", { name: ui("en").cancel });
    const settle = () => page.waitForTimeout(300);

    await tab(clip("en").tab.reply).click();
    await general.waitFor();
    await expect.poll(() => requests.reply).toBe(1);
    await general.fill("Back at five");

    await tab(clip("en").tab.callers).click();
    await page.getByText(/^\d+ calls?$/).waitFor();
    await expect.poll(() => requests.callers).toBe(1);
    await callerFilter.fill("0933");

    await tab(clip("en").tab.status).click();
    await serviceSwitch(page, "en").check({ force: true });
    await optionSwitch(page, "en", "busy").check({ force: true });

    // Back to each tab: what was typed is there, and nothing was fetched again.
    await tab(clip("en").tab.reply).click();
    expect(await general.inputValue()).toBe("Back at five");
    await tab(clip("en").tab.callers).click();
    expect(await callerFilter.inputValue()).toBe("0933");
    await page.getByText(/^\d+ calls?$/).waitFor();
    await tab(clip("en").tab.status).click();
    expect(await optionSwitch(page, "en", "busy").isChecked()).toBe(true);
    await settle();
    expect(requests).toEqual({ status: 0, reply: 1, callers: 1 });

    // Cancel on the reply tab reloads the auto-reply only; the other tabs keep their edits.
    await postForm(site.server, "/core/api/superClip/autoReply/activate", { gsm, generalMessage: "Saved elsewhere" }, { token });
    await tab(clip("en").tab.reply).click();
    await cancel.click();
    await expect.poll(() => general.inputValue()).toBe("Saved elsewhere");
    await settle();
    expect(requests).toEqual({ status: 0, reply: 2, callers: 1 });
    await tab(clip("en").tab.callers).click();
    expect(await callerFilter.inputValue()).toBe("0933");

    // Cancel on the callers tab: the filters reset and the callers reload, nothing else.
    await cancel.click();
    await expect.poll(() => callerFilter.inputValue()).toBe("");
    await expect.poll(() => requests.callers).toBe(2);
    await settle();
    expect(requests).toEqual({ status: 0, reply: 2, callers: 2 });

    // Cancel on the status tab: the status comes back from the server, the reply tab keeps its text.
    await tab(clip("en").tab.status).click();
    expect(await optionSwitch(page, "en", "busy").isChecked()).toBe(true);
    await tab(clip("en").tab.reply).click();
    await general.fill("Unsaved again");
    await tab(clip("en").tab.status).click();
    await cancel.click();
    await expect.poll(() => serviceSwitch(page, "en").isChecked()).toBe(false);
    expect(await optionSwitch(page, "en", "busy").isChecked()).toBe(false);
    await expect.poll(() => requests.status).toBe(1);
    await settle();
    expect(requests).toEqual({ status: 1, reply: 2, callers: 2 });
    await tab(clip("en").tab.reply).click();
    expect(await general.inputValue()).toBe("Unsaved again");
    expect(errors).toEqual([]);
    await release();
  });

  it("choosing another number in the welcome menu shows that number's data in the open tab, not the tab kept for the first number", async () => {
    const gsm = freshNumber("0966");
    const second = freshNumber("0966");
    const { token, accountId } = await insertSession(site.server.databaseUrl, { gsm });
    await withClient(site.server.databaseUrl, (client) => client.query("insert into account_numbers (gsm, account_id, is_main) values ($1, $2, false)", [second, accountId]));
    for (const [number, message] of [[gsm, "First line's reply"], [second, "Second line's reply"]] as const) {
      expect((await postForm(site.server, "/core/api/superClip/autoReply/activate", { gsm: number, generalMessage: message }, { token })).status).toBe(200);
    }
    const { page, context, errors } = await site.open(DESKTOP, "en");
    await signIn(context, site.server.url, token);
    await page.goto("/super-clip?tab=reply");
    await waitForHydration(page);
    const general = page.getByRole("textbox", { name: clip("en").generalMessage });
    expect(await general.inputValue()).toBe("First line's reply");
    await page.getByRole("tab", { name: clip("en").tab.callers }).click();
    await page.getByText(/^\d+ calls?$/).waitFor();
    await page.getByRole("tab", { name: clip("en").tab.reply }).click();

    await page.locator("header").getByRole("button", { name: accountButtonName("en", gsm), exact: true }).click();
    await page.getByRole("dialog", { name: catalogs.en.welcome.title }).getByRole("radio", { name: second }).check({ force: true });
    await expect.poll(() => page.getByTestId("feature-number").textContent()).toBe(second);
    await expect.poll(() => general.inputValue()).toBe("Second line's reply");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("tabs are a tab list for the keyboard (arrows along the reading direction, Home, End), one tab stop", async () => {
    for (const [language, next, previous] of [["en", "ArrowRight", "ArrowLeft"], ["ar", "ArrowLeft", "ArrowRight"]] as const) {
      const { page, release } = await openAsSubscriber("/super-clip", language);
      const tab = (key: "status" | "reply" | "callers") => page.getByRole("tab", { name: clip(language).tab[key] });
      const selected = async () => (await page.getByRole("tab", { selected: true }).textContent())?.trim();
      await tab("status").focus();
      await page.keyboard.press(next);
      await expect.poll(selected).toBe(clip(language).tab.reply);
      expect(await tab("reply").evaluate((element) => element === document.activeElement)).toBe(true);
      await page.getByRole("tabpanel", { name: clip(language).tab.reply }).waitFor();
      await page.keyboard.press("End");
      await expect.poll(selected).toBe(clip(language).tab.callers);
      await page.keyboard.press(previous);
      await expect.poll(selected).toBe(clip(language).tab.reply);
      await page.keyboard.press("Home");
      await expect.poll(selected).toBe(clip(language).tab.status);
      expect(await page.locator("[role=tab]:not([tabindex='-1'])").count(), "only the selected tab is a tab stop").toBe(1);
      await release();
    }
  });

  it("without JavaScript the tabs are links, and each opens with its data rendered by the server", async () => {
    const gsm = freshNumber("0966");
    const { token } = await insertSession(site.server.databaseUrl, { gsm });
    await postForm(site.server, "/core/api/superClip/autoReply/activate", { gsm, generalMessage: "I will call you back" }, { token });
    const context = await site.browser.newContext({ baseURL: site.server.url, viewport: PHONE, javaScriptEnabled: false });
    await signIn(context, site.server.url, token, { lang: "ar" });
    const page = await context.newPage();
    await page.goto("/super-clip");
    expect(await page.getByRole("tab", { name: clip("ar").tab.status, selected: true }).count()).toBe(1);
    await page.getByRole("tab", { name: clip("ar").tab.reply }).click();
    await page.waitForURL(/\/super-clip\?tab=reply$/);
    expect(await page.getByRole("tab", { name: clip("ar").tab.reply, selected: true }).count()).toBe(1);
    expect(await page.getByRole("textbox", { name: clip("ar").generalMessage }).inputValue()).toBe("I will call you back");
    await page.getByRole("tab", { name: clip("ar").tab.callers }).click();
    await page.waitForURL(/\/super-clip\?tab=callers$/);
    await page.getByRole("columnheader", { name: clip("ar").callDate }).waitFor();
    expect(await page.getByRole("row").count()).toBeGreaterThan(1);
    await context.close();
  });

  it("saves the status options", async () => {
    const { page, release } = await openAsSubscriber("/super-clip", "en", PHONE);
    await serviceSwitch(page, "en").check({ force: true });
    await optionSwitch(page, "en", "unreachable").check({ force: true });
    await confirm(page, "en").click();
    await toast(page, catalogs.en.lineFeatures.saved).waitFor();
    await page.reload();
    await waitForHydration(page);
    expect(await optionSwitch(page, "en", "unreachable").isChecked()).toBe(true);
    await release();
  });

  it("edits the auto-reply: add only a valid number, adding clears the field, new numbers removable, stored ones not", async () => {
    const { page, release } = await openAsSubscriber("/super-clip", "en");
    await page.getByRole("tab", { name: clip("en").tab.reply }).click();
    await page.getByRole("textbox", { name: clip("en").generalMessage }).fill("I will call you back");
    await page.getByRole("button", { name: clip("en").addException }).click();
    await page.getByRole("textbox", { name: clip("en").exceptionMessage }).fill("In a meeting");
    const typed = page.getByRole("textbox", { name: clip("en").addNumberLabel });
    const add = page.getByRole("button", { name: clip("en").addNumber, exact: true });
    await typed.fill("09331");
    expect(await add.count()).toBe(0);
    await typed.fill("0933111000");
    await add.click();
    expect(await typed.inputValue()).toBe("");
    await typed.fill("0933111001");
    await add.click();
    await page.getByRole("button", { name: clip("en").removeNumber.replace("{{number}}", "0933111001") }).click();
    // A second exception without a message is not sent.
    await page.getByRole("button", { name: clip("en").addException }).click();
    await confirm(page, "en").click();
    await toast(page, catalogs.en.lineFeatures.saved).waitFor();
    await page.reload();
    await waitForHydration(page);
    await page.getByRole("tab", { name: clip("en").tab.reply }).click();
    await expect.poll(() => page.getByRole("textbox", { name: clip("en").generalMessage }).inputValue()).toBe("I will call you back");
    const numbers = page.getByRole("list", { name: clip("en").exceptionNumbers });
    expect(await numbers.count()).toBe(1);
    expect((await numbers.getByRole("listitem").allTextContents()).map((text) => text.trim())).toEqual(["0933111000"]);
    expect(await numbers.getByRole("button").count()).toBe(0);
    await release();
  });

  it("filters callers by period and number, pages through them, blocks an invalid filter, and cancel resets the filters", async () => {
    const { page, release } = await openAsSubscriber("/super-clip", "en");
    await page.getByRole("tab", { name: clip("en").tab.callers }).click();
    const count = page.getByText(/^\d+ calls?$/);
    await count.waitFor();
    const oneDay = Number((await count.textContent())!.split(" ")[0]);
    await page.getByRole("combobox", { name: clip("en").period }).selectOption({ label: clip("en").periods.thirtyDays });
    await page.getByRole("button", { name: clip("en").search }).click();
    await expect.poll(async () => Number((await count.textContent())!.split(" ")[0])).toBeGreaterThan(oneDay);
    await page.getByRole("button", { name: clip("en").next }).click();
    await page.getByText(/^Page 2 of \d+$/).waitFor();

    const numberFilter = page.getByRole("textbox", { name: clip("en").callerNumber });
    await numberFilter.fill("0912");
    await page.getByRole("button", { name: clip("en").search }).click();
    await page.getByText(catalogs.en.validation.lineNumberInvalid).waitFor();
    await page.getByText(/^Page 2 of \d+$/).waitFor(); // nothing was searched

    await page.getByRole("button", { name: ui("en").cancel }).click();
    expect(await numberFilter.inputValue()).toBe("");
    expect(await page.getByRole("combobox", { name: clip("en").period }).inputValue()).toBe("0");
    await expect.poll(async () => Number((await count.textContent())!.split(" ")[0])).toBe(oneDay);
    await release();
  });
});
