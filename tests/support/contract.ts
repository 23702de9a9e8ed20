// Checks of the API contract of ARCHITECTURE.md (the answer envelope, languages) shared by the
// API test files, and facts of the demo content the answers are compared with.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";
import type { Language } from "../../common/language.ts";
import type { AskedLanguage, HttpAnswer } from "./http.ts";

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

type Catalog = { api: Record<string, string>; breadcrumb: Record<string, string>; notFound: Record<string, string>; [key: string]: unknown };
export const catalogs: Record<Language, Catalog> = {
  ar: JSON.parse(readFileSync(path.join(rootDir, "common/i18n/ar.json"), "utf8")) as Catalog,
  en: JSON.parse(readFileSync(path.join(rootDir, "common/i18n/en.json"), "utf8")) as Catalog,
};

/**
 * A message of the catalog, failing loudly when the key does not exist: a bare key is one of the API
 * section (`notFound` → api.notFound), a dotted key is a full path (`account.errors.NO_ACCOUNT`).
 */
export function apiMessage(language: Language, key: string): string {
  const path = key.includes(".") ? key.split(".") : ["api", key];
  const message = path.reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogs[language]);
  if (typeof message !== "string") throw new Error(`common/i18n/${language}.json has no ${path.join(".")}`);
  return message;
}

/** Reads content/<file> of the repository (the demo content loaded into the template). */
export function demoContent<T>(file: string): T {
  return JSON.parse(readFileSync(path.join(rootDir, "content", file), "utf8")) as T;
}

/** The three ways a client asks for a language, and the language it must get. */
export const LANGUAGE_CASES: { asked: AskedLanguage; expected: Language; label: string }[] = [
  { asked: "ar", expected: "ar", label: "Accept-Language: ar" },
  { asked: "en", expected: "en", label: "Accept-Language: en" },
  { asked: null, expected: "ar", label: "no Accept-Language (Arabic by default)" },
];

const ARABIC_LETTER = /[\u0621-\u064A]/;
const LATIN_LETTER = /[A-Za-z]/;

export function expectArabicText(text: string): void {
  expect(text, `"${text}" should be Arabic`).toMatch(ARABIC_LETTER);
}

export function expectEnglishText(text: string): void {
  expect(text, `"${text}" should be English, with no Arabic letter`).not.toMatch(ARABIC_LETTER);
  expect(text, `"${text}" should contain Latin letters`).toMatch(LATIN_LETTER);
}

export function expectTextIn(language: Language, text: string): void {
  if (language === "ar") expectArabicText(text);
  else expectEnglishText(text);
}

function describeAnswer(answer: HttpAnswer): string {
  return `HTTP ${answer.status}, ${answer.headers["content-type"]}: ${answer.text.slice(0, 500)}`;
}

/** Success envelope: HTTP 200, JSON, exactly {status: 200, message: <messageKey (api.ok) in language>, data}; returns data. */
export function expectSuccess<T = unknown>(answer: HttpAnswer, language: Language, messageKey = "ok"): T {
  expect(answer.status, describeAnswer(answer)).toBe(200);
  expect(answer.headers["content-type"]).toMatch(/^application\/json/);
  const body = answer.json<Record<string, unknown>>();
  expect(Object.keys(body).sort()).toEqual(["data", "message", "status"]);
  expect(body.status).toBe(200);
  expect(body.message).toBe(apiMessage(language, messageKey));
  return body.data as T;
}

/** Failure envelope: the HTTP status, JSON {status: 0, message (localised), code, errors?}; returns the body. */
export function expectFailure(
  answer: HttpAnswer,
  httpStatus: number,
  code: string,
  language: Language,
  messageKey: string,
): { status: 0; message: string; code: string; errors?: Record<string, string[]> } {
  expect(answer.status, describeAnswer(answer)).toBe(httpStatus);
  expect(answer.headers["content-type"]).toMatch(/^application\/json/);
  const body = answer.json<{ status: 0; message: string; code: string; errors?: Record<string, string[]> }>();
  expect(body.status).toBe(0);
  expect(body.code).toBe(code);
  expect(body.message).toBe(apiMessage(language, messageKey));
  expect(Object.keys(body).filter((key) => !["status", "message", "code", "errors"].includes(key))).toEqual([]);
  if (body.errors !== undefined) {
    for (const messages of Object.values(body.errors)) {
      expect(Array.isArray(messages) && messages.every((message) => typeof message === "string" && message.length > 0)).toBe(true);
    }
  }
  return body;
}

/** The <html> element's lang and dir. */
export function htmlLanguage(html: string): { lang: string | undefined; dir: string | undefined } {
  const tag = /<html\b[^>]*>/i.exec(html)?.[0] ?? "";
  return { lang: /\blang="([^"]*)"/.exec(tag)?.[1], dir: /\bdir="([^"]*)"/.exec(tag)?.[1] };
}

/** The text of <title>, with entities of the usual five decoded. */
export function pageTitle(html: string): string | undefined {
  const raw = /<title>([^<]*)<\/title>/i.exec(html)?.[1];
  return raw?.replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'");
}

/** The breadcrumb <nav> (aria-label from the catalog's breadcrumb.label) with its links, or undefined. */
export function breadcrumbOf(html: string, language: Language): { html: string; links: { href: string; text: string }[] } | undefined {
  const label = catalogs[language].breadcrumb.label;
  const start = html.indexOf(`<nav aria-label="${label}"`);
  if (start < 0) return undefined;
  const end = html.indexOf("</nav>", start);
  const nav = html.slice(start, end + "</nav>".length);
  const links = [...nav.matchAll(/<a\b[^>]*\bhref="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map((match) => ({ href: match[1]!, text: match[2]! }));
  return { html: nav, links };
}

/** The visible text of an HTML fragment: tags and literal "\\n" sequences removed. */
export function textOf(html: string): string {
  return html.replace(/<[^>]*>/g, "").replace(/\\n/g, "").replace(/\s+/g, " ").trim();
}

/** The HTML without its <script> elements (the serialised loader data lives there). */
export function withoutScripts(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "");
}
