// My line and buying a bundle in a real browser (issue 16, part 1): a subscriber activates a bundle from
// its details page — a dialog with the price, the balance after and the renewal choice, confirm, a toast —
// and My line shows the bundle with what is left and the reduced balance, and stops its renewal; with too
// little money the confirmation says so, offers the top-up page (/top-up) and cannot be confirmed; a refusal of the
// server is shown; a guest logs in, continues to the confirmation on My line and buys; a demo line's partly used
// bundle is drawn as bars filled as far as what is left; a postpaid line's unbilled amount, credit limit and
// what is available, and Refresh; both fit 320 px in Arabic.
import type { Page } from "playwright-core";
import { describe, expect, it, onTestFinished } from "vitest";
import ar from "../../common/i18n/ar.json" with { type: "json" };
import en from "../../common/i18n/en.json" with { type: "json" };
import { formatAmount, formatDate, formatNumber } from "../../common/format.ts";
import type { Language } from "../../common/language.ts";
import { withClient } from "../support/database.ts";
import { insertSession, setChargingLine } from "../support/subscriber.ts";
import { codeSentTo, signUpOverHttp, TEXT, toast, typeCode } from "./accounts-support.ts";
import { DESKTOP, signIn, siteInBrowser, waitForHydration } from "./browser.ts";
import { openAsSubscriber } from "./subscriber-page.ts";
import { axeViolations, blocking, describeViolations } from "./axe.ts";

const catalogs = { ar, en } as const;
const CURRENCY = { ar: "ل.س", en: "SYP" } as const;
/** content/bundles.json: Weekly internet 5 GB, 6,000, renews. */
const WEEKLY = { id: 102, price: 6000, path: "/bundle-details/data/102", title: { en: "Weekly internet 5 GB" } };

const site = siteInBrowser();

async function setBalance(gsm: string, mainBalance: number): Promise<void> {
  await setChargingLine(site.server.databaseUrl, gsm, { mainBalance });
}

const amount = (language: Language, value: number) => formatAmount(language, value, CURRENCY[language]);

async function mainBalanceShown(page: Page): Promise<string> {
  return (await page.getByTestId("main-balance").textContent())!.trim();
}

describe("buying a bundle", () => {
  for (const language of ["ar", "en"] as const) {
    it(`a subscriber activates a bundle from its details page; My line shows it and the reduced balance (${language})`, async () => {
      const t = catalogs[language];
      const { page, errors, gsm, release } = await openAsSubscriber(site, WEEKLY.path, language);
      await setBalance(gsm, 10000);
      await page.getByRole("link", { name: t.myLine.activate }).click();
      // A dialog over the bundle's page: price, balance after, renewal ticked.
      const dialog = page.getByRole("dialog", { name: new RegExp(t.myLine.confirmTitle.split("{{")[0]!.trim()) });
      await dialog.getByText(amount(language, WEEKLY.price)).waitFor();
      expect((await dialog.getByTestId("balance-after").textContent())!.trim()).toBe(amount(language, 10000 - WEEKLY.price));
      expect(await dialog.getByRole("checkbox", { name: t.myLine.renewChoice }).isChecked()).toBe(true);
      await dialog.getByRole("button", { name: t.myLine.confirm }).click();
      await toast(page, t.charging.activated).waitFor();
      await dialog.waitFor({ state: "detached" });
      expect(new URL(page.url()).pathname).toBe(WEEKLY.path);
      // My line, from the welcome menu (the header's account button names the number), shows it.
      await page.locator("header").getByRole("button", { name: gsm }).click();
      await page.getByRole("dialog", { name: t.welcome.title }).getByRole("link", { name: t.welcome.myLine }).click();
      await page.waitForURL(/\/my-line$/);
      expect(await mainBalanceShown(page)).toBe(amount(language, 10000 - WEEKLY.price));
      const bundles = page.getByRole("region", { name: t.myLine.bundlesTitle });
      if (language === "en") await bundles.getByRole("heading", { name: WEEKLY.title.en }).waitFor();
      const five = t.bundles.units.GB_other.replace("{{amount}}", formatNumber(language, 5));
      await bundles.getByText(t.myLine.left.replace("{{left}}", five).replace("{{total}}", five)).waitFor();
      await bundles.getByText(t.myLine.renews, { exact: false }).waitFor();
      // Stop renewal: the bundle stays, without renewal.
      await bundles.getByRole("button", { name: t.myLine.stopRenewal }).click();
      await toast(page, t.charging.renewalStopped).waitFor();
      await bundles.getByText(t.myLine.doesNotRenew, { exact: false }).waitFor();
      expect(await bundles.getByRole("button", { name: t.myLine.stopRenewal }).count()).toBe(0);
      const orders = await withClient(site.server.databaseUrl, async (client) => (await client.query("select count(*)::int as n from charging_orders where gsm = $1", [gsm])).rows[0].n);
      expect(orders).toBe(1);
      expect(errors).toEqual([]);
      await release();
    });
  }

  it("with too little money the confirmation says so, links to the top-up page and cannot be confirmed, over the bundle page and on My line (ar)", async () => {
    const t = catalogs.ar;
    const { page, errors, gsm, release } = await openAsSubscriber(site, WEEKLY.path, "ar");
    await setBalance(gsm, 1000);
    await page.getByRole("link", { name: t.myLine.activate }).click();
    const dialog = page.getByRole("dialog", { name: new RegExp(t.myLine.confirmTitle.split("{{")[0]!.trim()) });
    await dialog.getByRole("alert").filter({ hasText: t.myLine.notEnough }).waitFor();
    expect(await dialog.getByRole("link", { name: t.myLine.topUp }).getAttribute("href")).toBe("/top-up");
    expect(await dialog.getByRole("button", { name: t.myLine.confirm }).isDisabled()).toBe(true);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    // Without the dialog (a plain link before hydration, or after login), the same confirmation on My line.
    await page.goto(`/my-line?activate=${WEEKLY.id}`);
    await waitForHydration(page);
    await page.getByRole("alert").filter({ hasText: t.myLine.notEnough }).waitFor();
    const confirmation = page.getByRole("region", { name: new RegExp(t.myLine.confirmTitle.split("{{")[0]!.trim()) });
    expect(await confirmation.getByRole("link", { name: t.myLine.topUp }).getAttribute("href")).toBe("/top-up");
    expect(await confirmation.getByRole("button", { name: t.myLine.confirm }).isDisabled()).toBe(true);
    expect(await mainBalanceShown(page)).toBe(amount("ar", 1000));
    expect(errors).toEqual([]);
    await release();
  });

  it("a deactivated line (hotline): My line's confirmation says so, offers no top-up and cannot be confirmed; the dialog too (ar)", async () => {
    const t = catalogs.ar;
    const { page, errors, gsm, release } = await openAsSubscriber(site, WEEKLY.path, "ar");
    await setBalance(gsm, 50000);
    await withClient(site.server.databaseUrl, (client) => client.query("insert into network_lines (gsm, national_id, state) values ($1, '12345678901', 'deactivated') on conflict (gsm) do update set state = 'deactivated'", [gsm]));
    await page.getByRole("link", { name: t.myLine.activate }).click();
    const dialog = page.getByRole("dialog", { name: new RegExp(t.myLine.confirmTitle.split("{{")[0]!.trim()) });
    await dialog.getByRole("alert").filter({ hasText: t.myLine.deactivatedLine }).waitFor();
    expect(await dialog.getByRole("button", { name: t.myLine.confirm }).isDisabled()).toBe(true);
    expect(await dialog.getByRole("link", { name: t.myLine.topUp }).count()).toBe(0);
    await page.keyboard.press("Escape");
    await page.goto(`/my-line?activate=${WEEKLY.id}`);
    await waitForHydration(page);
    const confirmation = page.getByRole("region", { name: new RegExp(t.myLine.confirmTitle.split("{{")[0]!.trim()) });
    await confirmation.getByRole("alert").filter({ hasText: t.myLine.deactivatedLine }).waitFor();
    expect(await confirmation.getByRole("button", { name: t.myLine.confirm }).isDisabled()).toBe(true);
    // Nothing was bought, whatever the page allowed.
    expect(await mainBalanceShown(page)).toBe(amount("ar", 50000));
    expect(errors).toEqual([]);
    await release();
  });

  it("an expired prepaid balance: My line shows when it expired, the confirmation explains it with the top-up link and cannot be confirmed (en)", async () => {
    const t = catalogs.en;
    const { page, errors, gsm, release } = await openAsSubscriber(site, "/my-line", "en");
    await setBalance(gsm, 50000);
    await withClient(site.server.databaseUrl, (client) => client.query("update charging_lines set valid_until = date '2026-01-31' where gsm = $1", [gsm]));
    await page.goto(`/my-line?activate=${WEEKLY.id}`);
    await waitForHydration(page);
    expect((await page.getByTestId("valid-until").textContent())!.trim()).toBe(t.myLine.expiredOn.replace("{{date}}", formatDate("en", "2026-01-31")));
    const confirmation = page.getByRole("region", { name: new RegExp(t.myLine.confirmTitle.split("{{")[0]!.trim()) });
    await confirmation.getByRole("alert").filter({ hasText: t.charging.errors.BALANCE_EXPIRED }).waitFor();
    await confirmation.getByRole("link", { name: t.myLine.topUp }).waitFor();
    expect(await confirmation.getByRole("button", { name: t.myLine.confirm }).isDisabled()).toBe(true);
    expect(errors).toEqual([]);
    await release();
  });

  it("the server's refusal in the dialog: its message and the top-up link, nothing bought (en)", async () => {
    const t = catalogs.en;
    const { page, gsm, release } = await openAsSubscriber(site, WEEKLY.path, "en");
    await setBalance(gsm, 10000);
    await page.getByRole("link", { name: t.myLine.activate }).click();
    const dialog = page.getByRole("dialog", { name: new RegExp(t.myLine.confirmTitle.split("{{")[0]!.trim()) });
    await dialog.getByTestId("balance-after").waitFor();
    await setBalance(gsm, 100);
    await dialog.getByRole("button", { name: t.myLine.confirm }).click();
    await dialog.getByRole("alert").filter({ hasText: t.charging.errors.INSUFFICIENT_BALANCE }).waitFor();
    await dialog.getByRole("link", { name: t.myLine.topUp }).waitFor();
    await release();
  });

  it("the server's refusal is shown with the top-up link when the money went in the meantime (en)", async () => {
    const t = catalogs.en;
    const { page, gsm, release } = await openAsSubscriber(site, `/my-line?activate=${WEEKLY.id}`, "en");
    await setBalance(gsm, 10000);
    await page.reload();
    await waitForHydration(page);
    await setBalance(gsm, 100);
    await page.getByRole("button", { name: t.myLine.confirm }).click();
    await page.getByRole("alert").filter({ hasText: t.charging.errors.INSUFFICIENT_BALANCE }).waitFor();
    await page.getByRole("link", { name: t.myLine.topUp }).first().waitFor();
    await release();
  });

  it("from a bundle list, a card's Activate link opens the confirmation of that bundle on My line (en)", async () => {
    const t = catalogs.en;
    const { page, gsm, release } = await openAsSubscriber(site, "/bundles/1", "en");
    await setBalance(gsm, 10000);
    await page.getByRole("article", { name: WEEKLY.title.en }).getByRole("link", { name: t.myLine.activate }).click();
    await page.waitForURL(new RegExp(`/my-line\\?activate=${WEEKLY.id}$`));
    await page.getByRole("heading", { name: t.myLine.confirmTitle.replace("{{name}}", WEEKLY.title.en) }).waitFor();
    expect((await page.getByTestId("balance-after").textContent())!.trim()).toBe(amount("en", 10000 - WEEKLY.price));
    await release();
  });

  it("a guest asking to activate logs in, continues to the confirmation, confirms, and My line shows the reduced balance and the bundle (en)", async () => {
    const t = catalogs.en;
    const text = TEXT.en;
    const { gsm } = await signUpOverHttp(site.server);
    await setBalance(gsm, 10000);
    const { page, release } = await site.warmPage(DESKTOP, "en");
    await page.goto(WEEKLY.path);
    await waitForHydration(page);
    await page.getByRole("link", { name: t.myLine.activate }).click();
    await page.waitForURL(/\/home\?login=1$/);
    await waitForHydration(page);
    const dialog = page.getByRole("dialog", { name: text.login });
    await dialog.waitFor();
    const since = Date.now();
    await dialog.getByRole("textbox", { name: text.number }).fill(gsm);
    await dialog.getByRole("button", { name: text.sendCode }).click();
    await dialog.getByRole("group", { name: text.code }).waitFor();
    await typeCode(page, "en", await codeSentTo(site.server, gsm, since));
    await dialog.getByRole("button", { name: text.confirm }).click();
    await page.waitForURL(/\/my-line\?activate=102$/);
    await page.getByRole("heading", { name: t.myLine.confirmTitle.replace("{{name}}", WEEKLY.title.en) }).waitFor();
    await waitForHydration(page);
    expect((await page.getByTestId("balance-after").textContent())!.trim()).toBe(amount("en", 10000 - WEEKLY.price));
    await page.getByRole("button", { name: t.myLine.confirm }).click();
    await toast(page, t.charging.activated).waitFor();
    await page.waitForURL(/\/my-line$/);
    expect(await mainBalanceShown(page)).toBe(amount("en", 10000 - WEEKLY.price));
    const bundles = page.getByRole("region", { name: t.myLine.bundlesTitle });
    await bundles.getByRole("heading", { name: WEEKLY.title.en }).waitFor();
    const five = t.bundles.units.GB_other.replace("{{amount}}", formatNumber("en", 5));
    await bundles.getByText(t.myLine.left.replace("{{left}}", five).replace("{{total}}", five)).waitFor();
    const orders = await withClient(site.server.databaseUrl, async (client) => (await client.query("select count(*)::int as n from charging_orders where gsm = $1", [gsm])).rows[0].n);
    expect(orders).toBe(1);
    await release();
  });
});

/** A browser logged in as one of the demo lines (server/charging/demo-lines.ts), whose money and bundles the demo content gives. */
async function openAsDemoLine(gsm: string, path: string, language: Language) {
  const { token } = await insertSession(site.server.databaseUrl, { gsm });
  const opened = await site.open(DESKTOP, language);
  await signIn(opened.context, site.server.url, token);
  await opened.page.goto(path);
  await waitForHydration(opened.page);
  return opened;
}

describe("what My line shows of a demo line", () => {
  it("each allowance of the prepaid demo line's partly used bundle is a bar filled, from the right in Arabic, as far as what is left of it, beside the same number", async () => {
    const t = catalogs.ar;
    const gsm = "0944123456";
    const { page, context, errors } = await openAsDemoLine(gsm, "/my-line", "ar");
    const allowances = await withClient(site.server.databaseUrl, async (client) =>
      (
        await client.query<{ kind: string; unit: string; total: number; used: number }>(
          `select a.kind, a.unit, a.total, a.used from charging_allowances a join charging_subscriptions s on s.id = a.subscription_id
           where s.gsm = $1 and s.ends_at > now() and s.started_at <= now() and a.total is not null order by a.id`,
          [gsm],
        )
      ).rows,
    );
    expect(allowances.length, "the demo line has no counted allowance").toBeGreaterThan(0);
    const bundles = page.getByRole("region", { name: t.myLine.bundlesTitle });
    for (const allowance of allowances) {
      const remaining = Math.round((allowance.total - allowance.used) * 1000) / 1000;
      expect(remaining, `${allowance.kind}: the demo bundle is not partly used`).toBeLessThan(allowance.total);
      // As i18next says an amount in Arabic: its plural form (zero has its own), the number in Arabic digits.
      const unitText = (value: number) => (t.bundles.units as Record<string, string>)[`${allowance.unit}_${value === 0 ? "zero" : new Intl.PluralRules("ar").select(value)}`]!.replace("{{amount}}", formatNumber("ar", value));
      await bundles.getByText(t.myLine.left.replace("{{left}}", unitText(remaining)).replace("{{total}}", unitText(allowance.total))).waitFor();
      const track = bundles.getByTestId(`allowance-bar-${allowance.kind}`);
      const [outer, inner] = [(await track.boundingBox())!, (await track.locator("div").boundingBox())!];
      const fill = inner.width / outer.width;
      expect(Math.abs(fill - remaining / allowance.total), `${allowance.kind}: the bar is ${fill} full, ${remaining} of ${allowance.total} is left`).toBeLessThanOrEqual(0.01);
      // It fills from the start side: the right in Arabic.
      expect(Math.abs(inner.x + inner.width - (outer.x + outer.width))).toBeLessThanOrEqual(1);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the postpaid demo line shows its unbilled amount, credit limit and what is available in Arabic; Refresh shows the amount the charging system has now", async () => {
    const t = catalogs.ar;
    const gsm = "0955123456";
    const { page, context, errors } = await openAsDemoLine(gsm, "/my-line", "ar");
    const balance = page.getByRole("region", { name: t.myLine.balanceTitle });
    const shown = async (testId: string) => (await balance.getByTestId(testId).textContent())!.trim();
    await balance.getByText(t.myLine.unbilled, { exact: true }).waitFor();
    await balance.getByText(t.myLine.creditLimit, { exact: true }).waitFor();
    await balance.getByText(t.myLine.available, { exact: true }).waitFor();
    expect(await shown("unbilled")).toBe(amount("ar", 12000));
    expect(await shown("credit-limit")).toBe(amount("ar", 50000));
    expect(await shown("main-balance")).toBe(amount("ar", 38000));
    // Amounts are kept left to right inside the Arabic text.
    for (const testId of ["unbilled", "credit-limit", "main-balance"]) expect(await balance.getByTestId(testId).locator("bdi[dir=ltr]").count()).toBe(1);

    // The charging system's figure changes (usage, a bill); the page shows it after Refresh. The demo line is the
    // shared site's: its figure is put back after the test, for the files that come after this one.
    onTestFinished(async () => {
      await withClient(site.server.databaseUrl, (client) => client.query("update charging_lines set unbilled = 12000 where gsm = $1", [gsm]));
    });
    await withClient(site.server.databaseUrl, (client) => client.query("update charging_lines set unbilled = 20500 where gsm = $1", [gsm]));
    expect(await shown("unbilled")).toBe(amount("ar", 12000));
    await page.getByRole("button", { name: t.myLine.refresh }).click();
    await page.waitForFunction((expected) => document.querySelector('[data-testid="unbilled"]')?.textContent?.trim() === expected, amount("ar", 20500));
    expect(await shown("main-balance")).toBe(amount("ar", 50000 - 20500));
    expect(await shown("credit-limit")).toBe(amount("ar", 50000));
    expect(new URL(page.url()).pathname).toBe("/my-line");
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("accessibility", () => {
  it("My line with a bundle, and the confirmation dialog over a bundle page, have no serious axe violation (ar)", async () => {
    const { page, gsm, release } = await openAsSubscriber(site, `/my-line?activate=${WEEKLY.id}`, "ar");
    await setBalance(gsm, 30000);
    await page.reload();
    await waitForHydration(page);
    await page.getByRole("button", { name: catalogs.ar.myLine.confirm }).click();
    await toast(page, catalogs.ar.charging.activated).waitFor();
    await page.waitForURL(/\/my-line$/);
    const onMyLine = blocking(await axeViolations(page, "/my-line"));
    expect(onMyLine, describeViolations(onMyLine)).toEqual([]);
    await page.goto(WEEKLY.path);
    await waitForHydration(page);
    await page.getByRole("link", { name: catalogs.ar.myLine.activate }).click();
    await page.getByRole("dialog").getByTestId("balance-after").waitFor();
    const inDialog = blocking(await axeViolations(page, `${WEEKLY.path} dialog`));
    expect(inDialog, describeViolations(inDialog)).toEqual([]);
    await release();
  });
});

describe("My line on a phone", () => {
  it("fits a 320 px screen in Arabic, with a bundle and the confirmation shown", async () => {
    const { page, gsm, release } = await openAsSubscriber(site, "/my-line", "ar", { width: 320, height: 700 });
    await setBalance(gsm, 50000);
    await page.goto(`/my-line?activate=401`);
    await waitForHydration(page);
    await page.getByRole("button", { name: catalogs.ar.myLine.confirm }).click();
    await toast(page, catalogs.ar.charging.activated).waitFor();
    await page.goto(`/my-line?activate=${WEEKLY.id}`);
    await waitForHydration(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, "My line is wider than a 320 px screen").toBeLessThanOrEqual(0);
    // The dialog over the bundle page fits too.
    await page.goto(WEEKLY.path);
    await waitForHydration(page);
    await page.getByRole("link", { name: catalogs.ar.myLine.activate }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByTestId("balance-after").waitFor();
    const box = (await dialog.boundingBox())!;
    expect(box.x, "the dialog starts off screen").toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, "the dialog ends off screen").toBeLessThanOrEqual(320);
    await release();
  });
});
