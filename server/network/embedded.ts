// SIMULATION of the operator's network systems, for development, demos and tests: nothing here talks to
// a real network. The subscriber's facts are derived deterministically from the number (a SHA-256 of it
// picks a name, a plan and bundles from bilingual lists), so a line looks the same, in both languages,
// on every instance, and they are not stored; bundles expire a few days from today. What the site
// changes (line features, hence the line's services) is kept in the `network_*` tables.
import { createHash } from "node:crypto";
import { formatNumber } from "../../common/format.ts";
import type { Language } from "../../common/language.ts";
import type { Db } from "../db/database.ts";
import { embeddedFeatures } from "./embedded-features.ts";
import { embeddedLines } from "./embedded-lines.ts";
import type { NetworkPort, SubscriberLine } from "./types.ts";

type Bilingual = { ar: string; en: string };

const FIRST_NAMES: Bilingual[] = [
  { ar: "أحمد", en: "Ahmad" },
  { ar: "محمد", en: "Mohammad" },
  { ar: "ليلى", en: "Layla" },
  { ar: "سارة", en: "Sara" },
  { ar: "عمر", en: "Omar" },
  { ar: "رنا", en: "Rana" },
  { ar: "خالد", en: "Khaled" },
  { ar: "هبة", en: "Hiba" },
  { ar: "يوسف", en: "Yousef" },
  { ar: "نور", en: "Nour" },
  { ar: "سامر", en: "Samer" },
  { ar: "دانة", en: "Dana" },
];
const FAMILY_NAMES: Bilingual[] = [
  { ar: "الخطيب", en: "Al-Khatib" },
  { ar: "الحلبي", en: "Al-Halabi" },
  { ar: "الشامي", en: "Al-Shami" },
  { ar: "العلي", en: "Al-Ali" },
  { ar: "حداد", en: "Haddad" },
  { ar: "النجار", en: "Al-Najjar" },
  { ar: "الأحمد", en: "Al-Ahmad" },
  { ar: "السيد", en: "Al-Sayed" },
];
const BUNDLES: { id: string; name: Bilingual; total: number; unit: Bilingual }[] = [
  { id: "data-10gb", name: { ar: "باقة إنترنت شهرية", en: "Monthly internet bundle" }, total: 10, unit: { ar: "غيغابايت", en: "GB" } },
  { id: "data-2gb", name: { ar: "باقة إنترنت أسبوعية", en: "Weekly internet bundle" }, total: 2, unit: { ar: "غيغابايت", en: "GB" } },
  { id: "voice-300", name: { ar: "باقة دقائق محلية", en: "Local minutes bundle" }, total: 300, unit: { ar: "دقيقة", en: "minutes" } },
  { id: "sms-500", name: { ar: "باقة رسائل", en: "SMS bundle" }, total: 500, unit: { ar: "رسالة", en: "messages" } },
  { id: "social-5gb", name: { ar: "باقة التواصل الاجتماعي", en: "Social media bundle" }, total: 5, unit: { ar: "غيغابايت", en: "GB" } },
];
const OF: Bilingual = { ar: "من", en: "of" };
const DAY_MS = 24 * 60 * 60 * 1000;

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Picks `count` distinct items, the choice driven by successive bytes of the seed. */
function pickDistinct<T>(items: readonly T[], count: number, seed: Buffer, offset: number): T[] {
  const pool = [...items];
  const picked: T[] = [];
  for (let i = 0; i < count && pool.length > 0; i++) picked.push(pool.splice(seed[offset + i]! % pool.length, 1)[0]!);
  return picked;
}

/** The simulated subscriber of `gsm`: a pure function of the number, the language and today's date. */
export function simulatedLine(gsm: string, language: Language, today = new Date()): Omit<SubscriberLine, "activeServices"> {
  const seed = createHash("sha256").update(`line:${gsm}`).digest();
  const first = FIRST_NAMES[seed[0]! % FIRST_NAMES.length]!;
  const family = FAMILY_NAMES[seed[1]! % FAMILY_NAMES.length]!;
  const prepaid = seed[2]! % 3 !== 0;
  const balance = prepaid ? (seed.readUInt16BE(3) % 500) * 100 : null;
  const number = (value: number) => formatNumber(language, value, 1);
  const activeBundles = pickDistinct(BUNDLES, 1 + (seed[5]! % 3), seed, 6).map((bundle, index) => {
    const left = (bundle.total * (seed[10 + index]! % 100)) / 100;
    return {
      id: bundle.id,
      name: bundle.name[language],
      remaining: `${number(left)} ${OF[language]} ${number(bundle.total)} ${bundle.unit[language]}`,
      expiresOn: isoDate(new Date(today.getTime() + (1 + (seed[14 + index]! % 28)) * DAY_MS)),
    };
  });
  return { gsm, name: `${first[language]} ${family[language]}`, lineType: prepaid ? "prepaid" : "postpaid", balance, activeBundles };
}

/** The simulation: subscriber facts derived from the number, line features and services kept in the `network_*` tables. */
export function createEmbeddedNetwork(db: Db): NetworkPort {
  const { activeServices, ...features } = embeddedFeatures(db);
  return {
    driver: "embedded-simulation",
    subscriberLine: async (gsm, language) => ({ ...simulatedLine(gsm, language), activeServices: await activeServices(gsm) }),
    ...embeddedLines(db),
    ...features,
    async close() {},
  };
}
