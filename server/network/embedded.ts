// SIMULATION of the operator's network systems, for development, demos and tests: nothing here talks to
// a real network. The subscriber's name is derived from the number (a SHA-256 of it picks from bilingual
// lists), so a line reads the same on every instance. A line's plan, money and bundles are not the
// network's: they come from the charging port (server/charging/). What the site changes (line features,
// hence the line's services) is kept in the `network_*` tables.
import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Language } from "../../common/language.ts";
import type { Db } from "../db/database.ts";
import { preparedStatement } from "../db/prepared.ts";
import { networkLineFeatures, networkLines } from "../db/schema.ts";
import type { LineState } from "../line-features/types.ts";
import { activeServicesOf, embeddedFeatures } from "./embedded-features.ts";
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
export function simulatedLine(gsm: string, language: Language): Pick<SubscriberLine, "gsm" | "name"> {
  const seed = createHash("sha256").update(`line:${gsm}`).digest();
  const first = FIRST_NAMES[seed[0]! % FIRST_NAMES.length]!;
  const family = FAMILY_NAMES[seed[1]! % FAMILY_NAMES.length]!;
  return { gsm, name: `${first[language]} ${family[language]}` };
}

/** The profile's read of a line: its state and its features' rows, in one statement (one row of nulls without features). */
const lineWithFeaturesByGsm = preparedStatement("network_line_with_features_by_gsm", (db, name) =>
  db
    .select({ state: networkLines.state, feature: networkLineFeatures })
    .from(networkLines)
    .leftJoin(networkLineFeatures, eq(networkLineFeatures.gsm, networkLines.gsm))
    .where(eq(networkLines.gsm, sql.placeholder("gsm")))
    .prepare(name),
);

/** The simulation: the subscriber's name derived from the number, line features and services kept in the `network_*` tables. */
export function createEmbeddedNetwork(db: Db): NetworkPort {
  const { activeServices, ...features } = embeddedFeatures(db);
  const lines = embeddedLines(db);
  return {
    driver: "embedded-simulation",
    async subscriberLine(gsm, language) {
      const rows = await lineWithFeaturesByGsm(db).execute({ gsm });
      if (rows.length === 0) {
        // The line's first read: lineStatus adds its row.
        const [status, services] = await Promise.all([lines.lineStatus(gsm), activeServices(gsm)]);
        return { ...simulatedLine(gsm, language), state: status.state, activeServices: services };
      }
      const featureRows = rows.flatMap((row) => (row.feature ? [row.feature] : []));
      return { ...simulatedLine(gsm, language), state: rows[0]!.state as LineState, activeServices: activeServicesOf(featureRows) };
    },
    ...lines,
    ...features,
    async close() {},
  };
}
