// Helpers of the console tests: the first admin through the console:admin script's function, an
// enrolment over HTTP (the TOTP secret read from the page, codes computed with the same library), logins.
import { TOTP, Secret } from "otpauth";
import { expect } from "vitest";
import { consoleAdmin } from "../../scripts/console-admin.ts";
import { send, type HttpAnswer } from "./http.ts";

export const STAFF_PASSWORD = "correct horse battery staple";

interface Target {
  url: string;
  databaseUrl: string;
}

/** The code of `secret` at `now` (+ `stepsAhead` × 30 s: a step the server has not accepted yet). */
export function totpCode(secret: string, stepsAhead = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

export async function createFirstAdmin(server: Target, email: string, name = "First Admin"): Promise<string> {
  const done = await consoleAdmin({ url: server.databaseUrl, email, name, siteUrl: server.url });
  expect(done.link.startsWith(`${server.url}/console/enrol/`)).toBe(true);
  return done.link;
}

/** The TOTP secret an enrolment page shows (as text beside the QR code). */
export function secretOnPage(html: string): string {
  const match = /data-testid="totp-secret"[^>]*>([A-Z2-7]+)</.exec(html);
  if (!match) throw new Error(`no TOTP secret on the enrolment page: ${html.slice(0, 300)}`);
  return match[1]!;
}

export function consoleCookieOf(answer: HttpAnswer): string {
  const header = answer.cookies.find((cookie) => cookie.startsWith("console_session="));
  if (!header) throw new Error(`no console_session cookie (status ${answer.status}): ${answer.text.slice(0, 300)}`);
  return header.split(";")[0]!;
}

export function pagePost(server: { url: string }, path: string, fields: Record<string, string>, options: { cookie?: string; language?: "ar" | "en" } = {}): Promise<HttpAnswer> {
  return send(server.url, path, {
    method: "POST",
    headers: {
      origin: server.url,
      "content-type": "application/x-www-form-urlencoded",
      cookie: [options.cookie, options.language ? `lang=${options.language}` : undefined].filter(Boolean).join("; ") || undefined,
    },
    body: new URLSearchParams(fields).toString(),
  });
}

export function pageGet(server: { url: string }, path: string, options: { cookie?: string; language?: "ar" | "en" } = {}): Promise<HttpAnswer> {
  return send(server.url, path, { headers: { cookie: [options.cookie, options.language ? `lang=${options.language}` : undefined].filter(Boolean).join("; ") || undefined } });
}

export interface Enrolled {
  cookie: string;
  secret: string;
  recoveryCodes: string[];
}

/** Opens an enrolment link, sets the password, confirms with a code: the session cookie and the recovery codes. */
export async function enrolOverHttp(server: { url: string }, link: string, password = STAFF_PASSWORD): Promise<Enrolled> {
  const path = new URL(link).pathname;
  const page = await pageGet(server, path);
  expect(page.status, page.text.slice(0, 300)).toBe(200);
  const secret = secretOnPage(page.text);
  const answer = await pagePost(server, path, { password, confirmPassword: password, code: totpCode(secret) });
  expect(answer.status, answer.text.slice(0, 300)).toBe(200);
  const recoveryCodes = [...answer.text.matchAll(/<li>([a-z2-9]{5}-[a-z2-9]{5})<\/li>/g)].map((match) => match[1]!);
  expect(recoveryCodes).toHaveLength(10);
  return { cookie: consoleCookieOf(answer), secret, recoveryCodes };
}

/** The link an admin's invitation shows (the staff page answers it once). */
export async function inviteLink(server: { url: string }, admin: { cookie: string }, email: string, roles: Record<string, string>, centres = ""): Promise<string> {
  const answer = await pagePost(server, "/console/staff", { intent: "invite", email, displayName: email.split("@")[0]!, centres, ...roles }, { cookie: admin.cookie });
  const link = /data-testid="enrolment-link"[^>]*>([^<]+)</.exec(answer.text)?.[1];
  if (answer.status !== 200 || !link) throw new Error(`no enrolment link (status ${answer.status}): ${answer.text.slice(0, 300)}`);
  return link;
}

/** An admin invites a staff member with `roles` (`{ roleEditor: "on" }`), who enrols over HTTP at once. */
export async function inviteAndEnrol(server: { url: string }, admin: { cookie: string }, email: string, roles: Record<string, string>, centres = ""): Promise<Enrolled> {
  return enrolOverHttp(server, await inviteLink(server, admin, email, roles, centres));
}
