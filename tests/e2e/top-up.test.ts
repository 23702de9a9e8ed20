// Top up by voucher in a real browser (issue 16), at phone width (390 px) in Arabic and English: from My
// line to /top-up, a right voucher typed as printed lands back on My line with the new balance and a notice
// naming the amount; a wrong one is answered in place; five wrong ones lock voucher entry and the page says
// until when (a right voucher is then refused too); a postpaid line is told why vouchers do not apply; the
// payment product's page (/products/payment/62) leads here; the plain form works without JavaScript; a
// guest logs in and comes back; no serious axe violation.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import ar from "../../common/i18n/ar.json" with { type: "json" };
import en from "../../common/i18n/en.json" with { type: "json" };
import { formatAmount } from "../../common/format.ts";
import type { Language } from "../../common/language.ts";
import { voucherSecretHash } from "../../server/charging/voucher-secret.ts";
import { withClient } from "../support/database.ts";
import { freshNumber, insertSession, setChargingLine, TEST_VOUCHER_HASH_KEY } from "../support/subscriber.ts";
import { ACCOUNT_TEST_ENV, codeSentTo, signUpOverHttp, TEXT, toast, typeCode } from "./accounts-support.ts";
import { axeViolations, blocking, describeViolations } from "./axe.ts";
import { DESKTOP, PHONE, signIn, siteInBrowser, waitForHydration } from "./browser.ts";
import { openAsSubscriber } from "./subscriber-page.ts";

const catalogs = { ar, en } as const;
const CURRENCY = { ar: "ل.س", en: "SYP" } as const;

// Every page here comes from 127.0.0.1: the per-IP voucher limit is raised so that the tests do not meet
  // it (the line's own limit, 5 wrong vouchers, is the default and is tested below).
const site = siteInBrowser({ env: { ...ACCOUNT_TEST_ENV, VOUCHER_TRIES_PER_IP_HOUR: "100000", VOUCHER_HASH_KEY: TEST_VOUCHER_HASH_KEY } });

const query = (text: string, values: unknown[]) => withClient(site.server.databaseUrl, async (client) => (await client.query(text, values)).rows);

let serialSeed = 0;
async function makeVoucher(amount: number, validityDays = 30): Promise<string> {
  const secret = String(10_000_000_000_000 + Math.floor(Math.random() * 89_999_999_999_999)).slice(0, 14);
  await query("insert into charging_vouchers (serial, secret_hash, amount, validity_days, expires_at) values ($1, $2, $3, $4, now() + interval '30 days')", [
    `E2E${process.pid}-${serialSeed++}-${Date.now()}`,
    voucherSecretHash(TEST_VOUCHER_HASH_KEY, secret),
    amount,
    validityDays,
  ]);
  return secret;
}
const wrongVoucher = () => String(90_000_000_000_000 + Math.floor(Math.random() * 9_999_999_999_999)).slice(0, 14);
const grouped = (secret: string) => secret.replace(/(\d{4})(?=\d)/g, "$1 ");
const amount = (language: Language, value: number) => formatAmount(language, value, CURRENCY[language]);
const voucherState = async (secret: string) => (await query("select state from charging_vouchers where secret_hash = $1", [voucherSecretHash(TEST_VOUCHER_HASH_KEY, secret)]))[0].state as string;

/** The line as the test says, whether or not the page it opened made one already (a line is made at its first read). */
async function setBalance(gsm: string, mainBalance: number, plan: "prepaid" | "postpaid" = "prepaid"): Promise<void> {
  await setChargingLine(site.server.databaseUrl, gsm, { plan, mainBalance, validForDays: 5, creditLimit: 50000 });
}

const voucherField = (page: Page, language: Language) => page.getByRole("textbox", { name: catalogs[language].topUp.voucherLabel });
const submit = (page: Page, language: Language) => page.getByRole("button", { name: catalogs[language].topUp.submit, exact: true });

async function expectFitsWidth(page: Page, what: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${what} is wider than the screen`).toBeLessThanOrEqual(0);
}

describe("top up by voucher on a phone", () => {
  for (const language of ["ar", "en"] as const) {
    it(`from My line, a right voucher typed as printed lands on My line with the new balance and a notice naming the amount (${language})`, async () => {
      const t = catalogs[language];
      const { page, errors, gsm, release } = await openAsSubscriber(site, "/my-line", language, PHONE);
      await setBalance(gsm, 1500);
      const secret = await makeVoucher(5000);
      await page.reload();
      await waitForHydration(page);
      await page.getByRole("link", { name: t.myLine.topUp }).click();
      await page.waitForURL(/\/top-up$/);
      await page.getByRole("heading", { level: 1, name: t.page.topUp }).waitFor();
      expect((await page.getByTestId("top-up-number").textContent())!.trim()).toBe(gsm);
      expect((await page.getByTestId("main-balance").textContent())!.trim()).toBe(amount(language, 1500));
      const field = voucherField(page, language);
      expect(await field.getAttribute("inputmode")).toBe("numeric");
      expect(await field.getAttribute("autocomplete")).toBe("off");
      expect(await field.getAttribute("dir")).toBe("ltr");
      await expectFitsWidth(page, "/top-up");
      await field.fill(grouped(secret));
      await submit(page, language).click();
      await page.waitForURL(/\/my-line$/);
      await toast(page, t.charging.toppedUpNotice.replace("{{amount}}", amount(language, 5000))).waitFor();
      await page.getByTestId("main-balance").filter({ hasText: amount(language, 6500) }).waitFor();
      expect(await voucherState(secret)).toBe("redeemed");
      expect(errors).toEqual([]);
      await release();
    });

    it(`a wrong voucher is answered in place, and a malformed one under the field (${language})`, async () => {
      const t = catalogs[language];
      const { page, gsm, release } = await openAsSubscriber(site, "/top-up", language, PHONE);
      await voucherField(page, language).fill(wrongVoucher());
      await submit(page, language).click();
      await page.getByRole("alert").filter({ hasText: t.charging.errors.VOUCHER_INVALID }).waitFor();
      expect(new URL(page.url()).pathname).toBe("/top-up");
      await voucherField(page, language).fill("1234 56");
      await submit(page, language).click();
      const field = voucherField(page, language);
      await page.getByText(t.validation.voucherInvalid).waitFor();
      expect(await field.getAttribute("aria-invalid")).toBe("true");
      expect(await field.getAttribute("aria-describedby")).toContain("voucher-error");
      expect((await query("select failures from charging_voucher_tries where gsm = $1", [gsm]))[0].failures).toBe(1);
      await release();
    });
  }

  it("five wrong vouchers lock voucher entry: the page says until when, and a right voucher is refused and stays unused (ar)", async () => {
    const t = catalogs.ar;
    const { page, errors, gsm, release } = await openAsSubscriber(site, "/top-up", "ar", PHONE);
    for (let i = 0; i < 5; i++) {
      await voucherField(page, "ar").fill(wrongVoucher());
      await submit(page, "ar").click();
      await page.getByRole("alert").filter({ hasText: t.charging.errors.VOUCHER_INVALID }).waitFor();
      await expect.poll(async () => (await query("select failures from charging_voucher_tries where gsm = $1", [gsm]))[0]?.failures).toBe(i + 1);
      await page.waitForFunction(() => !document.querySelector("button[type=submit][disabled]"));
    }
    // The lock and when it ends, from the page itself.
    const lockedText = t.topUp.lockedUntil.split("{{")[0]!.trim();
    await page.getByTestId("voucher-locked").filter({ hasText: lockedText }).waitFor();
    const secret = await makeVoucher(2000);
    await voucherField(page, "ar").fill(secret);
    await submit(page, "ar").click();
    await page.getByRole("alert").filter({ hasText: t.charging.errors.VOUCHER_LOCKED }).waitFor();
    expect(await voucherState(secret)).toBe("unused");
    // A fresh visit says it too (the lock lives in the database, not in the page).
    await page.reload();
    await waitForHydration(page);
    await page.getByTestId("voucher-locked").filter({ hasText: lockedText }).waitFor();
    expect((await query("select main_balance from charging_lines where gsm = $1", [gsm]))[0].main_balance).toBe(0);
    expect(errors.filter((error) => !/status of 4(00|29)/.test(error))).toEqual([]);
    await release();
  });

  it("a postpaid line is told why vouchers do not apply, with the ways to pay (en)", async () => {
    const t = catalogs.en;
    const { page, gsm, release } = await openAsSubscriber(site, "/top-up", "en", PHONE);
    await setBalance(gsm, 0, "postpaid");
    await page.reload();
    await waitForHydration(page);
    await page.getByText(t.topUp.postpaid).waitFor();
    expect(await voucherField(page, "en").count()).toBe(0);
    expect(await page.getByRole("link", { name: t.topUp.paymentWays }).getAttribute("href")).toBe("/products/payment/62");
    await release();
  });

  it("the payment and refill product's page leads to /top-up (ar)", async () => {
    const t = catalogs.ar;
    const { page, release } = await openAsSubscriber(site, "/products/payment/62", "ar", PHONE);
    await page.getByRole("link", { name: t.topUp.productAction }).click();
    await page.waitForURL(/\/top-up$/);
    await voucherField(page, "ar").waitFor();
    await release();
  });

  it("without JavaScript the plain form tops up and lands on My line with the new balance (en)", async () => {
    const gsm = freshNumber("0966");
    const { token } = await insertSession(site.server.databaseUrl, { gsm });
    const secret = await makeVoucher(10000, 90);
    const context = await site.browser.newContext({ baseURL: site.server.url, viewport: PHONE, javaScriptEnabled: false });
    await signIn(context, site.server.url, token, { lang: "en" });
    const page = await context.newPage();
    await page.goto("/top-up");
    await voucherField(page, "en").fill(secret);
    await submit(page, "en").click();
    await page.waitForURL(/\/my-line$/);
    expect((await page.getByTestId("main-balance").textContent())!.trim()).toBe(amount("en", 10000));
    // A wrong one without JavaScript: the page comes back with the message.
    await page.goto("/top-up");
    await voucherField(page, "en").fill(wrongVoucher());
    await submit(page, "en").click();
    await page.getByRole("alert").filter({ hasText: catalogs.en.charging.errors.VOUCHER_INVALID }).waitFor();
    await context.close();
  });

  it("a guest opening /top-up logs in and comes back to it (en)", async () => {
    const text = TEXT.en;
    const { gsm } = await signUpOverHttp(site.server);
    const { page, release } = await site.warmPage(DESKTOP, "en");
    await page.goto("/top-up");
    await page.waitForURL(/\/home\?login=1$/);
    await waitForHydration(page);
    const dialog = page.getByRole("dialog", { name: text.login });
    const since = Date.now();
    await dialog.getByRole("textbox", { name: text.number }).fill(gsm);
    await dialog.getByRole("button", { name: text.sendCode }).click();
    await dialog.getByRole("group", { name: text.code }).waitFor();
    await typeCode(page, "en", await codeSentTo(site.server, gsm, since));
    await dialog.getByRole("button", { name: text.confirm }).click();
    await page.waitForURL(/\/top-up$/);
    await voucherField(page, "en").waitFor();
    await release();
  });
});

describe("accessibility", () => {
  it("/top-up has no serious axe violation, with a refusal shown (ar)", async () => {
    const { page, release } = await openAsSubscriber(site, "/top-up", "ar", PHONE);
    const clean = blocking(await axeViolations(page, "/top-up"));
    expect(clean, describeViolations(clean)).toEqual([]);
    await voucherField(page, "ar").fill("12");
    await submit(page, "ar").click();
    await page.getByText(catalogs.ar.validation.voucherInvalid).waitFor();
    const withError = blocking(await axeViolations(page, "/top-up with an error"));
    expect(withError, describeViolations(withError)).toEqual([]);
    await release();
  });
});
