// Number reservation in real Chromium: the search and its messages (spec §5), a guest choosing a number
// is asked to log in and comes back to it, the reserve form's messages, the reservation with its
// reference and collection centres, and cancelling it from the profile; Arabic and English, desktop and phone.
// The form offers only cities where the SIM can be collected, and the server refuses any other.
// Neither page loads Zod to become interactive; the birth date control is the profile's.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import ar from "../../common/i18n/ar.json" with { type: "json" };
import en from "../../common/i18n/en.json" with { type: "json" };
import { demoContent } from "../support/contract.ts";
import { withClient } from "../support/database.ts";
import { send } from "../support/http.ts";
import { freshNumber, insertSession } from "../support/subscriber.ts";
import { type TestServer } from "../support/test-server.ts";
import { codeSentTo, signUpOverHttp, TEXT, typeCode } from "./accounts-support.ts";
import { DESKTOP, PHONE, signIn, siteInBrowser, waitForHydration } from "./browser.ts";
import { openAsSubscriber } from "./subscriber-page.ts";

const catalogs = { ar, en } as const;
const site = siteInBrowser();

/** The first available number whose digits contain `pattern` (from the API's search). */
async function availableNumber(target: TestServer, pattern: string): Promise<string> {
  const answer = await send(target.url, `/core/api/numbers/available?pattern=${pattern}&size=1`, { headers: { accept: "application/json" } });
  return answer.json<{ data: { data: { gsm: string }[] } }>().data.data[0]!.gsm;
}

const inventoryState = (target: TestServer, gsm: string) =>
  withClient(target.databaseUrl, async (db) => (await db.query<{ state: string }>("select state from number_inventory where gsm = $1", [gsm])).rows[0]?.state);

async function search(page: Page, language: "ar" | "en", pattern: string, match?: "contains" | "endsWith") {
  const t = catalogs[language].reservation;
  await page.getByLabel(t.pattern).fill(pattern);
  if (match) await page.getByLabel(t.match).selectOption(match);
  await page.getByRole("button", { name: t.search }).click();
}

describe("the number search", () => {
  for (const [language, viewport] of [["ar", DESKTOP], ["en", PHONE]] as const) {
    it(`shows 'Number is required' and 'Number not valid', then available numbers with tier and price (${language})`, async () => {
      const t = catalogs[language];
      const { page, errors, release } = await site.warmPage(viewport, language);
      await page.goto("/Reservation");
      await waitForHydration(page);
      await search(page, language, "");
      await page.getByText(t.validation.reservationNumberRequired).waitFor();
      await search(page, language, "12x");
      await page.getByText(t.validation.reservationNumberInvalid).waitFor();
      await search(page, language, "2024", "endsWith");
      await page.getByRole("heading", { name: t.reservation.results_other }).waitFor();
      const numbers = await page.getByRole("link", { name: new RegExp(`^${t.reservation.choose} `) }).evaluateAll((links) => links.map((link) => link.getAttribute("href")));
      expect(numbers.length).toBeGreaterThan(0);
      for (const href of numbers) expect(href).toMatch(/^\/reserve-number\?gsm=09[4567]\d{3}2024$/);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
      await release();
    });
  }
});

describe("reserving", () => {
  for (const [language, viewport] of [["en", DESKTOP], ["ar", PHONE]] as const) {
    it(`a guest chooses a number, logs in, fixes each message, reserves it and cancels it from the profile (${language})`, async () => {
      const t = catalogs[language];
      const text = TEXT[language];
      const { gsm } = await signUpOverHttp(site.server);
      const { page, errors, release } = await site.warmPage(viewport, language);
      await page.goto("/Reservation");
      await waitForHydration(page);
      await search(page, language, "777");
      const first = page.getByRole("link", { name: new RegExp(`^${t.reservation.choose} `) }).first();
      const chosen = (await first.getAttribute("href"))!.split("=")[1]!;
      await first.click();

      // A guest: the login dialog opens, and after login the flow continues with the chosen number.
      await page.waitForURL(/\/home\?login=1$/);
      await waitForHydration(page);
      const dialog = page.getByRole("dialog", { name: text.login });
      await dialog.waitFor();
      const since = Date.now();
      await dialog.getByRole("textbox", { name: text.number }).fill(gsm);
      await dialog.getByRole("button", { name: text.sendCode }).click();
      await dialog.getByRole("group", { name: text.code }).waitFor();
      await typeCode(page, language, await codeSentTo(site.server, gsm, since));
      await dialog.getByRole("button", { name: text.confirm }).click();
      await page.waitForURL(new RegExp(`/reserve-number\\?gsm=${chosen}$`));
      await waitForHydration(page);

      const confirm = page.getByRole("button", { name: t.reservation.confirm });
      await confirm.click();
      for (const key of ["reserveNameRequired", "cityRequired", "birthDateRequired"] as const) await page.getByText(t.validation[key]).first().waitFor();
      await page.getByLabel(t.reservation.fullName).fill("Ali_99");
      await page.getByLabel(t.reservation.city).selectOption("1");
      // Typed in Arabic-Indic digits on the Arabic page: the same date.
      await page.getByLabel(t.birthDateField.label).fill(language === "ar" ? "١٩٩٠-٠٥-١٧" : "1990-05-17");
      await confirm.click();
      await page.getByText(t.validation.reserveNameInvalid).waitFor();

      await page.getByLabel(t.reservation.fullName).fill(language === "ar" ? "علي حسن" : "Ali Hasan");
      // The centres of the chosen city, where the SIM can be collected.
      await page.getByLabel(t.reservation.city).selectOption("1");
      await page.getByText(t.reservation.centresIn.replace("{{city}}", language === "ar" ? "دمشق" : "Damascus")).first().waitFor();
      await confirm.click();
      const done = page.getByRole("status").filter({ hasText: t.reservation.doneTitle });
      await done.waitFor();
      expect(await done.textContent()).toMatch(/R-[2-9A-HJKMNP-Z]{8}/);
      expect(await withClient(site.server.databaseUrl, async (db) => (await db.query("select birth_date::text as date from number_reservations where gsm = $1", [chosen])).rows[0]?.date)).toBe("1990-05-17");

      await page.goto("/profile");
      await waitForHydration(page);
      const mine = page.getByRole("region", { name: t.reservation.yours });
      await mine.getByText(t.reservation.states.active).waitFor();
      page.once("dialog", (question) => void question.accept());
      await mine.getByRole("button", { name: t.reservation.cancel }).click();
      await page.waitForURL(/\/profile$/);
      await mine.getByText(t.reservation.states.cancelled).waitFor();
      expect(await mine.getByRole("button", { name: t.reservation.cancel }).count()).toBe(0);
      // (No console error: in particular no style refused by the CSP after the form posts revalidated the page.)
      expect(errors).toEqual([]);
      await release();
    });
  }

  it("the reserve form offers only cities where the SIM can be collected; a page offering another is refused and the number stays free (ar)", async () => {
    const t = catalogs.ar;
    const cities = demoContent<{ id: number; nameAr: string }[]>("cities.json");
    const centres = demoContent<{ cityId: number; services: string[] }[]>("service-centres.json");
    const collecting = new Set(centres.filter((centre) => centre.services.includes("reservation")).map((centre) => centre.cityId));
    const elsewhere = cities.find((city) => !collecting.has(city.id))!;
    const gsm = await availableNumber(site.server, "4");
    const { page, release } = await openAsSubscriber(site, `/reserve-number?gsm=${gsm}`, "ar");
    const city = page.getByRole("combobox", { name: t.reservation.city });
    const offered = await city.locator("option").evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value).filter(Boolean).map(Number));
    expect(offered.sort((a, b) => a - b)).toEqual([...collecting].sort((a, b) => a - b));
    expect(await city.locator("option").allTextContents()).not.toContain(elsewhere.nameAr);

    // A page from before the city lost its centre (or a hand-made form) still names it: the server refuses it.
    await city.evaluate((select, { id, name }) => select.append(new Option(name, String(id))), { id: elsewhere.id, name: elsewhere.nameAr });
    await city.selectOption(String(elsewhere.id));
    await page.getByLabel(t.reservation.fullName).fill("علي حسن");
    await page.getByLabel(t.birthDateField.label).fill("1990-05-17");
    await page.getByRole("button", { name: t.reservation.confirm }).click();
    const message = page.locator("#reserve-cityId-error");
    await message.waitFor();
    expect(await message.textContent()).toBe(t.validation.cityWithoutCentre);
    expect(await city.getAttribute("aria-invalid")).toBe("true");
    expect(await inventoryState(site.server, gsm)).toBe("available");
    await release();
  });

  it("reserves with a plain form before any JavaScript runs, the birth date typed in Arabic-Indic digits", async () => {
    const t = catalogs.ar;
    const gsm = await availableNumber(site.server, "6");
    const { token } = await insertSession(site.server.databaseUrl, { gsm: freshNumber("0977") });
    const context = await site.browser.newContext({ baseURL: site.server.url, viewport: PHONE, javaScriptEnabled: false });
    await signIn(context, site.server.url, token, { lang: "ar" });
    const page = await context.newPage();
    await page.goto(`/reserve-number?gsm=${gsm}`);
    await page.getByRole("button", { name: t.reservation.confirm }).click();
    await page.getByText(t.validation.birthDateRequired).waitFor();
    await page.getByLabel(t.reservation.fullName).fill("علي حسن");
    await page.getByLabel(t.reservation.city).selectOption("1");
    await page.getByRole("textbox", { name: t.birthDateField.label }).fill("١٩٨٥-١١-٠٣");
    await page.getByRole("button", { name: t.reservation.confirm }).click();
    await page.getByRole("status").filter({ hasText: t.reservation.doneTitle }).waitFor();
    expect(await withClient(site.server.databaseUrl, async (db) => (await db.query("select birth_date::text as date from number_reservations where gsm = $1", [gsm])).rows[0]?.date)).toBe("1985-11-03");
    await context.close();
  });

  it("a number taken in the meantime says so and offers the search again", async () => {
    const { page, release } = await openAsSubscriber(site, "/reserve-number?gsm=0944000000", "en");
    await page.getByText(en.reservation.notAvailable).waitFor();
    await page.getByRole("link", { name: en.reservation.backToSearch }).first().waitFor();
    await release();
  });
});

describe("what the reservation pages load before they are interactive", () => {
  /**
   * Opens `path` and tells whether a script that had arrived when React marked the page hydrated is Zod (the
   * only one with "invalid_type"). The moment is the mark itself, noted by the page (as in budgets.test.ts):
   * waitForHydration returns a little later, by when the overlays' idle preloads (the login card's code
   * brings Zod) may have begun to answer.
   */
  async function zodBeforeInteractive(page: Page, path: string): Promise<boolean> {
    const bodies = new Map<string, Promise<string>>();
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") bodies.set(response.url(), response.text().catch(() => ""));
    });
    await page.addInitScript(() => {
      const observer = new MutationObserver(() => {
        if (document.documentElement.dataset.hydrated !== "true") return;
        (window as unknown as { scriptsBeforeHydration: string[] }).scriptsBeforeHydration = performance.getEntriesByType("resource").map((entry) => entry.name);
        observer.disconnect();
      });
      observer.observe(document, { attributes: true, attributeFilter: ["data-hydrated"], subtree: true });
    });
    await page.goto(path);
    await waitForHydration(page);
    const before = await page.evaluate(() => (window as unknown as { scriptsBeforeHydration: string[] }).scriptsBeforeHydration);
    expect(before.length, `no resource noted before ${path} was hydrated`).toBeGreaterThan(0);
    const scripts = before.filter((url) => bodies.has(url));
    expect(scripts.length, `no script noted before ${path} was hydrated`).toBeGreaterThan(0);
    return (await Promise.all(scripts.map((url) => bodies.get(url)!))).some((body) => body.includes("invalid_type"));
  }

  it("neither the search nor the reserve page loads Zod to become interactive: the reserve form fetches its schema when it is used", async () => {
    const guest = await site.open(DESKTOP, "en");
    expect(await zodBeforeInteractive(guest.page, "/Reservation?pattern=777"), "/Reservation loads Zod before it is interactive").toBe(false);
    await guest.context.close();

    const t = catalogs.en;
    const { token } = await insertSession(site.server.databaseUrl, { gsm: freshNumber("0977") });
    // A fresh context: the check reads the scripts' answers and adds an init script (no kept page, no kept cache).
    const { page, context } = await site.open(DESKTOP, "en");
    await signIn(context, site.server.url, token);
    expect(await zodBeforeInteractive(page, `/reserve-number?gsm=${await availableNumber(site.server, "8")}`), "/reserve-number loads Zod before it is interactive").toBe(false);
    // The form still checks before sending, with the schema it fetches then: the first field with a problem takes the focus.
    await page.getByRole("button", { name: t.reservation.confirm }).click();
    await page.getByText(t.validation.birthDateRequired).waitFor();
    expect(await page.getByLabel(t.reservation.fullName).evaluate((input) => input === document.activeElement)).toBe(true);
    await context.close();
  });
});

describe("the birth date control", () => {
  /** What a birth date field is, as a visitor and a screen reader meet it. */
  const describeField = (input: HTMLInputElement) => ({
    role: input.type === "text" ? "textbox" : input.type,
    name: input.name,
    label: [...(input.labels ?? [])].map((label) => label.textContent).join(" "),
    description: (input.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean).map((id) => document.getElementById(id)?.textContent),
    invalid: input.getAttribute("aria-invalid"),
    dir: input.dir,
    autocomplete: input.autocomplete,
    maxLength: input.maxLength,
    placeholder: input.placeholder,
    inputMode: input.inputMode,
    className: input.className,
  });

  for (const language of ["ar", "en"] as const) {
    it(`is the same in the profile's edit form and the reserve form, with its label, format and message (${language})`, async () => {
      const t = catalogs[language];
      const gsm = await availableNumber(site.server, "3");
      const reserve = await openAsSubscriber(site, `/reserve-number?gsm=${gsm}`, language);
      await reserve.page.getByRole("button", { name: t.reservation.confirm }).click();
      const reserveField = reserve.page.getByRole("textbox", { name: t.birthDateField.label });
      await reserve.page.getByText(t.validation.birthDateRequired).waitFor();

      const profile = await openAsSubscriber(site, "/profile?edit=1", language);
      const dialog = profile.page.getByRole("dialog", { name: t.profile.edit });
      await dialog.getByRole("button", { name: t.profile.save }).click();
      const profileField = dialog.getByRole("textbox", { name: t.birthDateField.label });
      await dialog.getByText(t.validation.birthDateRequired).waitFor();

      const inReserve = await reserveField.evaluate(describeField);
      const inProfile = await profileField.evaluate(describeField);
      expect(inProfile).toEqual(inReserve);
      expect(inReserve).toMatchObject({
        role: "textbox",
        name: "birthDate",
        label: t.birthDateField.label,
        description: [t.birthDateField.format, t.validation.birthDateRequired],
        invalid: "true",
        dir: "ltr",
        autocomplete: "bday",
        maxLength: 10,
        placeholder: "yyyy-mm-dd",
      });
      await Promise.all([reserve.context.close(), profile.context.close()]);
    });
  }
});
