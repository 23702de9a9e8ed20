// Call barring and the hotline in a real browser, in Arabic and English: covering options disabled with
// the reason and the bar's end date; the service password set with the code from the SMS outbox; the
// spec §5 messages; deactivation with the national ID and the password, shown on the line features too.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import ar from "../../common/i18n/ar.json" with { type: "json" };
import en from "../../common/i18n/en.json" with { type: "json" };
import { DEFAULT_OPERATOR_TIME_ZONE, formatDayOf } from "../../common/format.ts";
import type { Language } from "../../common/language.ts";
import { latestCode } from "../support/subscriber.ts";
import { send } from "../support/test-server.ts";
import { openAsSubscriber as openSubscriberPage } from "./subscriber-page.ts";
import { DESKTOP, PHONE, siteInBrowser, waitForHydration } from "./browser.ts";

const catalogs = { ar, en } as const;
// No resend delay and a high IP limit: the service-password codes all come from 127.0.0.1.
const site = siteInBrowser({ env: { OTP_RESEND_SECONDS: "0", OTP_SENDS_PER_IP_HOUR: "1000" } });

function openAsSubscriber(path: string, language: Language, viewport = DESKTOP) {
  return openSubscriberPage(site, path, language, viewport, "0977");
}
const toast = (page: Page, text: string) => page.getByRole("alertdialog").or(page.getByRole("alert")).filter({ hasText: text }).first();

describe("call barring", () => {
  it("disables what a switched-on option covers, saying why, and shows when the bar ends (ar)", async () => {
    const { page, errors, release } = await openAsSubscriber("/call-barring", "ar");
    const b = catalogs.ar.callBarring;
    await page.getByRole("switch", { name: catalogs.ar.lineFeatureUi.service }).check({ force: true });
    await page.getByRole("switch", { name: b.options.outgoingInternational, exact: true }).check({ force: true });
    await page.getByRole("switch", { name: b.options.allOutgoing, exact: true }).check({ force: true });
    expect(await page.getByRole("switch", { name: b.options.outgoingInternational, exact: true }).isChecked()).toBe(false);
    expect(await page.getByRole("switch", { name: b.options.outgoingInternational, exact: true }).isDisabled()).toBe(true);
    await page.getByText(b.coveredBy.replace("{{option}}", b.options.allOutgoing)).first().waitFor();
    await page.getByRole("button", { name: catalogs.ar.lineFeatureUi.confirm }).click();
    await toast(page, catalogs.ar.lineFeatures.saved).waitFor();
    // The day in the operator's zone, as the page shows it: from 21:00 UTC it is already the next day there.
    const ends = formatDayOf("ar", new Date(Date.now() + 30 * 86_400_000), DEFAULT_OPERATOR_TIME_ZONE);
    await page.getByText(b.endsOn.replace("{{date}}", ends)).waitFor();
    expect(errors).toEqual([]);
    await release();
  });
});

describe("hotline", () => {
  it("sets the service password with the code, shows the spec messages, deactivates and reactivates the line (en, phone)", async () => {
    const { page, gsm, errors, release } = await openAsSubscriber("/hotline", "en", PHONE);
    const h = catalogs.en.hotline;
    const deactivate = page.getByRole("button", { name: h.deactivate, exact: true });
    expect(await deactivate.isDisabled()).toBe(true);

    await page.getByRole("button", { name: h.setPassword }).click();
    await page.getByRole("button", { name: h.sendCode }).click();
    await toast(page, catalogs.en.account.codeSent).waitFor();
    const code = await latestCode(site.server, gsm);
    await page.getByRole("textbox", { name: h.code }).fill(code);
    await page.getByLabel(h.newPassword).fill("short");
    await page.getByRole("button", { name: h.savePassword }).click();
    await page.getByText(catalogs.en.validation.passwordTooShort).waitFor();
    await page.getByLabel(h.newPassword).fill("a long service password");
    await page.getByRole("button", { name: h.savePassword }).click();
    await toast(page, catalogs.en.lineFeatures.passwordSet).waitFor();

    await page.getByRole("button", { name: h.changePassword }).waitFor();
    await deactivate.click();
    await page.getByRole("button", { name: h.confirmDeactivate, exact: true }).click();
    await page.getByText(catalogs.en.validation.nationalIdRequired).waitFor();
    await page.getByText(catalogs.en.validation.passwordRequired).waitFor();
    const { nationalId } = (await send(site.server.url, `/dev/network-line?gsm=${gsm}`)).json<{ nationalId: string }>();
    await page.getByRole("textbox", { name: h.nationalId }).fill("11111111111");
    await page.getByLabel(h.password, { exact: true }).fill("a long service password");
    await page.getByRole("button", { name: h.confirmDeactivate, exact: true }).click();
    await toast(page, catalogs.en.lineFeatures.errors.HOTLINE_PROOF_WRONG).waitFor();
    await page.getByRole("textbox", { name: h.nationalId }).fill(nationalId);
    await page.getByRole("button", { name: h.confirmDeactivate, exact: true }).click();
    await toast(page, catalogs.en.lineFeatures.lineDeactivated).waitFor();
    await page.getByText(h.deactivated, { exact: false }).first().waitFor();

    // A deactivated line's features say so and cannot change.
    await page.goto("/call-forward");
    await waitForHydration(page);
    await page.getByText(catalogs.en.lineFeatureUi.lineDeactivated).waitFor();

    await page.goto("/hotline");
    await waitForHydration(page);
    await page.getByRole("button", { name: h.reactivate, exact: true }).click();
    await page.getByRole("textbox", { name: h.nationalId }).fill(nationalId);
    await page.getByLabel(h.password, { exact: true }).fill("a long service password");
    await page.getByRole("button", { name: h.confirmReactivate, exact: true }).click();
    await toast(page, catalogs.en.lineFeatures.lineReactivated).waitFor();
    await page.getByText(h.active, { exact: false }).first().waitFor();
    // The refusals above are 400 answers, which the browser reports; nothing else may be.
    expect(errors.filter((error) => !error.includes("status of 400"))).toEqual([]);
    await release();
  });

  it("is only for subscribers: a guest is sent home", async () => {
    const { page, release } = await site.warmPage(DESKTOP, "ar");
    await page.goto("/hotline");
    expect(new URL(page.url()).pathname).toBe("/home");
    await page.goto("/call-barring");
    expect(new URL(page.url()).pathname).toBe("/home");
    await release();
  });
});
