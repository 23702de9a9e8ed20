// Roaming zones and countries, and the international call tariffs from home (the prices list). Names are
// sorted with the page language's collation, so Arabic names come in Arabic alphabetical order.
import { asc } from "drizzle-orm";
import type { Language } from "../../common/language.ts";
import type { Db } from "../db/database.ts";
import { internationalTariffs, roamingCountries, roamingZones } from "../db/schema.ts";

export interface RoamingZone {
  zone: number;
  title: string;
  callLocal: number;
  callHome: number;
  callReceive: number;
  sms: number;
  dataPerMb: number;
}

export async function listRoamingZones(db: Db, language: Language): Promise<RoamingZone[]> {
  const rows = await db.select().from(roamingZones).orderBy(asc(roamingZones.zone));
  return rows.map(({ titleAr, titleEn, ...prices }) => ({ ...prices, title: language === "ar" ? titleAr : titleEn }));
}

export interface RoamingCountry {
  code: string;
  name: string;
  dialCode: string;
  zone: number;
  callRoaming: boolean;
  smsRoaming: boolean;
  operators: { name: string; networks: string[] }[];
  /** The name in the other language, so that either spelling finds the country. */
  otherName: string;
}

const collator = { ar: new Intl.Collator("ar"), en: new Intl.Collator("en") };

export async function listRoamingCountries(db: Db, language: Language, service?: "call" | "sms"): Promise<RoamingCountry[]> {
  const rows = await db.select().from(roamingCountries);
  return rows
    .filter((row) => (service === "call" ? row.callRoaming : service === "sms" ? row.smsRoaming : true))
    .map(({ nameAr, nameEn, ...rest }) => ({ ...rest, name: language === "ar" ? nameAr : nameEn, otherName: language === "ar" ? nameEn : nameAr }))
    .sort((a, b) => collator[language].compare(a.name, b.name));
}

export interface InternationalTariff {
  code: string;
  name: string;
  dialCode: string;
  perMinute: number;
  perSms: number;
}

export async function listInternationalTariffs(db: Db, language: Language): Promise<InternationalTariff[]> {
  const rows = await db.select().from(internationalTariffs);
  return rows
    .map(({ nameAr, nameEn, ...rest }) => ({ ...rest, name: language === "ar" ? nameAr : nameEn }))
    .sort((a, b) => collator[language].compare(a.name, b.name));
}
