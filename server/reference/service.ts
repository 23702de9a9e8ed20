// Reference lists used by forms: cities and jobs, named in the language asked for and sorted by that name.
import type { Language } from "../../common/language.ts";
import type { Db } from "../db/database.ts";
import { cities, jobs } from "../db/schema.ts";

export interface NamedItem {
  id: number;
  name: string;
}

const collator = { ar: new Intl.Collator("ar"), en: new Intl.Collator("en") };

/** Rows named in both languages, as items named in `language`, sorted by that name. */
export function namedInLanguage(rows: { id: number; nameAr: string; nameEn: string }[], language: Language): NamedItem[] {
  return rows
    .map((row) => ({ id: row.id, name: language === "ar" ? row.nameAr : row.nameEn }))
    .sort((a, b) => collator[language].compare(a.name, b.name));
}

export async function listCities(db: Db, language: Language): Promise<NamedItem[]> {
  return namedInLanguage(await db.select().from(cities), language);
}

export async function listJobs(db: Db, language: Language): Promise<NamedItem[]> {
  return namedInLanguage(await db.select().from(jobs), language);
}
