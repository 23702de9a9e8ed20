// What the account e2e tests share: the server environment, the texts they look for in both
// languages, reading a code from the dev SMS outbox, and signing a subscriber up over HTTP.
import type { Page } from "playwright-core";
import ar from "../../common/i18n/ar.json" with { type: "json" };
import en from "../../common/i18n/en.json" with { type: "json" };
import type { Language } from "../../common/language.ts";
import { api, findSetCookie, send, type TestServer } from "../support/test-server.ts";
import { withClient } from "../support/database.ts";
import { encryptFor } from "../support/subscriber.ts";

/**
 * The e2e servers raise the OTP sending limits (3 per number per 10 minutes, 5 an hour, 10 per IP an
 * hour by default): every browser of a suite asks from 127.0.0.1, and a flow logs the same number in
 * more than once. Resends are accepted after 1 s instead of 120 s, so that a test may log in again
 * at once; the countdown test (code-entry) keeps the server's 120 s and checks the browser's countdown on its clock.
 */
export const ACCOUNT_TEST_ENV = {
  OTP_RESEND_SECONDS: "1",
  OTP_SENDS_PER_NUMBER_10_MIN: "1000",
  OTP_SENDS_PER_NUMBER_HOUR: "1000",
  OTP_SENDS_PER_IP_HOUR: "100000",
};

let numberSeed = Math.floor(Math.random() * 90_000);

/** A fresh number of the operator's ranges (09[4567] + 7 digits), different at each call. */
export function newNumber(): string {
  numberSeed += 1;
  return `095${String(process.pid % 100).padStart(2, "0")}${String(numberSeed).padStart(5, "0")}`;
}

/** The texts the tests find elements by, in each language (the catalogs' words, as a user reads them). */
export const TEXT = {
  ar: {
    account: "حسابي",
    welcome: "أهلاً بك",
    login: "تسجيل الدخول",
    createAccount: "إنشاء حساب",
    addNumberDialog: "إضافة رقم",
    addNumber: "إضافة رقم جديد",
    logout: "تسجيل الخروج",
    showProfile: "عرض الملف الشخصي",
    numbers: "أرقامك",
    number: "رقم الموبايل",
    sendCode: "إرسال الرمز",
    code: "رمز التحقق",
    digit: (n: number) => `الخانة ${n} من 6`,
    confirm: "تأكيد",
    resend: "إعادة إرسال الرمز",
    numberInvalid: "الرقم غير صالح",
    codeIncomplete: "أدخل أرقام الرمز الستة",
    haveAccount: "لديك حساب؟ سجّل الدخول",
    noAccount: "جديد هنا؟ أنشئ حساباً",
    changeNumber: "تغيير الرقم",
    editProfile: "تعديل الملف الشخصي",
    save: "حفظ",
    selectedReset: "لم يعد الرقم المحدد تابعاً لحسابك، لذا أُعيد تحديد رقمك الرئيسي.",
    gender: "الجنس",
    female: "أنثى",
    city: "المدينة",
    job: "العمل",
    birthDate: "تاريخ الميلاد",
    address: "العنوان",
    email: "البريد الإلكتروني",
    required: ["الجنس مطلوب", "المدينة مطلوبة", "العمل مطلوب", "تاريخ الميلاد مطلوب", "العنوان مطلوب", "البريد الإلكتروني مطلوب"],
    emailInvalid: "البريد الإلكتروني غير صالح",
    birthDateInvalid: "أدخل تاريخ الميلاد بالشكل yyyy-mm-dd",
    logoutOthers: "تسجيل الخروج من الأجهزة الأخرى",
  },
  en: {
    account: "My account",
    welcome: "Welcome",
    login: "Log in",
    createAccount: "Create account",
    addNumberDialog: "Add a number",
    addNumber: "Add a new number",
    logout: "Log out",
    showProfile: "Show profile",
    numbers: "Your numbers",
    number: "Mobile number",
    sendCode: "Send code",
    code: "Verification code",
    digit: (n: number) => `Digit ${n} of 6`,
    confirm: "Confirm",
    resend: "Resend code",
    numberInvalid: "Number is not valid",
    codeIncomplete: "Enter the six digits of the code",
    haveAccount: "Already have an account? Log in",
    noAccount: "New here? Create an account",
    changeNumber: "Change number",
    editProfile: "Edit profile",
    save: "Save",
    selectedReset: "The selected number is no longer on your account, so your main number is selected again.",
    gender: "Gender",
    female: "Female",
    city: "City",
    job: "Job",
    birthDate: "Birth date",
    address: "Address",
    email: "Email",
    required: ["Gender is required", "City is required", "Job is required", "Birthdate is required", "Address is required", "Email is required"],
    emailInvalid: "Email not valid",
    birthDateInvalid: "Enter the birth date as yyyy-mm-dd",
    logoutOthers: "Log out of other devices",
  },
} as const;

/**
 * The accessible name of the header's account button: a guest's is "My account"; a subscriber's shows only the
 * number but is named "My account 0944…" ("حسابي 0944…"), so that a screen reader says whose number it is.
 */
export function accountButtonName(language: Language, gsm?: string): string {
  return gsm ? `${TEXT[language].account} ${gsm}` : TEXT[language].account;
}

/** The server's own messages (the catalogs' `account` section), shown as toasts. */
export const SERVER_TEXT = { ar: ar.account, en: en.account } as const;

interface OutboxMessage {
  to: string;
  text: string;
  createdAt: string;
}

/**
 * The newest code sent to `gsm` after `since` (ms), read from GET /dev/sms-outbox by this test's own
 * request: the six digits are the only six-digit run of the text.
 */
export async function codeSentTo(server: TestServer, gsm: string, since = 0): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const answer = await api(server).get(`/dev/sms-outbox?gsm=${gsm}`);
    if (answer.status !== 200) throw new Error(`GET /dev/sms-outbox answered ${answer.status}: ${answer.text.slice(0, 200)}`);
    const newest = answer.json<OutboxMessage[]>()[0];
    if (newest && Date.parse(newest.createdAt) >= since - 1000) {
      const code = /(?<!\d)\d{6}(?!\d)/.exec(newest.text)?.[0];
      if (code) return code;
    }
    if (Date.now() > deadline) throw new Error(`No code for ${gsm} in the SMS outbox since ${new Date(since).toISOString()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Posts a form to one of the web UI's account actions, as a browser without JavaScript would. */
async function postForm(server: TestServer, path: string, fields: Record<string, string>, cookie?: string) {
  return send(server.url, path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json", origin: server.url, ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(fields).toString(),
  });
}

/** Registers `gsm` through the web UI's actions and returns its session token (the `session` cookie). */
export async function signUpOverHttp(server: TestServer, gsm = newNumber()): Promise<{ gsm: string; token: string }> {
  const since = Date.now();
  const { pem } = JSON.parse((await send(server.url, "/account/public-key")).text) as { pem: string };
  const asked = await postForm(server, "/account/code", { intent: "register", gsm: encryptFor(pem, gsm) });
  if (asked.status !== 200) throw new Error(`Asking a register code for ${gsm} answered ${asked.status}: ${asked.text}`);
  const code = await codeSentTo(server, gsm, since);
  const verified = await postForm(server, "/account/verify", { mode: "register", gsm, code });
  const token = findSetCookie(verified.cookies, "session")?.value;
  if (verified.status !== 200 || !token) throw new Error(`Registering ${gsm} answered ${verified.status}: ${verified.text}`);
  return { gsm, token };
}

/** Adds `gsm` to the account of `token` through the web UI's actions. */
export async function addNumberOverHttp(server: TestServer, token: string, gsm = newNumber()): Promise<string> {
  const since = Date.now();
  const cookie = `session=${token}`;
  const asked = await postForm(server, "/account/code", { intent: "add-number", gsm }, cookie);
  if (asked.status !== 200) throw new Error(`Asking an add-number code for ${gsm} answered ${asked.status}: ${asked.text}`);
  const code = await codeSentTo(server, gsm, since);
  const verified = await postForm(server, "/account/verify", { mode: "add-number", gsm, code }, cookie);
  if (verified.status !== 200) throw new Error(`Adding ${gsm} answered ${verified.status}: ${verified.text}`);
  return gsm;
}

/** Revokes every session of the account that owns `gsm`, straight in the database. */
export async function revokeSessionsOf(server: TestServer, gsm: string): Promise<void> {
  await withClient(server.databaseUrl, (client) =>
    client.query("update sessions set revoked_at = now() where account_id = (select id from accounts where main_gsm = $1)", [gsm]),
  );
}

/** Fills the six code boxes by typing into the first one (auto-advance carries the digits on). */
export async function typeCode(page: Page, language: Language, code: string): Promise<void> {
  const first = page.getByRole("textbox", { name: TEXT[language].digit(1) });
  await first.focus();
  await page.keyboard.type(code);
}

/** A toast of the toast region (toasts are visible for 2 s); `exact: false` finds one that starts with `text`. */
export function toast(page: Page, text: string, exact = true) {
  return page.getByRole("region", { name: /Notifications|الإشعارات/ }).getByText(exact ? text : new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
}
