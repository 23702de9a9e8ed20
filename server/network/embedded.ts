// SIMULATION of the operator's network systems, for development, demos and tests: nothing here talks to
// a real network. The subscriber's name is derived from the number (a SHA-256 of it picks from bilingual
// lists), so a line reads the same on every instance. A line's plan, money and bundles are not the
// network's: they come from the charging port (server/charging/). What the site changes (line features,
// hence the line's services) is kept in the `network_*` tables.
import { createHash } from "node:crypto";
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

/** The simulated subscriber's name of `gsm`: a pure function of the number and the language. */
export function simulatedLine(gsm: string, language: Language): Omit<SubscriberLine, "activeServices"> {
  const seed = createHash("sha256").update(`line:${gsm}`).digest();
  const first = FIRST_NAMES[seed[0]! % FIRST_NAMES.length]!;
  const family = FAMILY_NAMES[seed[1]! % FAMILY_NAMES.length]!;
  return { gsm, name: `${first[language]} ${family[language]}` };
}

/** The simulation: the subscriber's name derived from the number, line features and services kept in the `network_*` tables. */
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
