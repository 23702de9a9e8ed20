// Where a reserved number's SIM is collected: a service centre that hands out reserved SIMs (its service
// `reservation`). The cities with one are the only cities a reservation may name; any other is refused
// before the number is touched (no lock, no hold), by the API row and the page alike.
import { sql } from "drizzle-orm";
import type { Language } from "../../common/language.ts";
import type { Db } from "../db/database.ts";
import { namedInLanguage, type NamedItem } from "../reference/service.ts";
import { edgeError } from "../edge/app-error.ts";

/** The service of a centre that hands out reserved SIMs (content/service-centres.json `services`). */
export const COLLECTION_SERVICE = "reservation";

const hasCollectionCentre = sql`exists (
  select 1 from service_centres centre
  where centre.city_id = cities.id and centre.services @> ${JSON.stringify([COLLECTION_SERVICE])}::jsonb)`;

/** The cities where a reserved SIM can be collected, named in `language` and sorted by that name. */
export async function listCollectionCities(db: Db, language: Language): Promise<NamedItem[]> {
  const rows = await db.execute<{ id: number; nameAr: string; nameEn: string }>(sql`
    select id, name_ar as "nameAr", name_en as "nameEn" from cities where ${hasCollectionCentre}`);
  return namedInLanguage(rows.rows, language);
}

/**
 * Refuses a city where the SIM cannot be collected, with the reserve form's field error: an unknown city
 * is 'City is required' (as an empty one), a city without such a centre says so.
 */
export async function requireCollectionCity(db: Db, cityId: number): Promise<void> {
  const [city] = (await db.execute<{ collects: boolean }>(sql`select ${hasCollectionCentre} as collects from cities where id = ${cityId}`)).rows;
  if (!city) throw edgeError.badRequest({ cityId: ["validation.cityRequired"] });
  if (!city.collects) throw edgeError.badRequest({ cityId: ["validation.cityWithoutCentre"] });
}
