// Service centres with their opening hours, and whether each is open at a given moment in the operator's
// time zone (OPERATOR_TIME_ZONE), whatever the server's own zone.
import { asc, eq } from "drizzle-orm";
import type { Language } from "../../common/language.ts";
import type { Db } from "../db/database.ts";
import { cities, serviceCentres, type CentreService, type OpeningHours } from "../db/schema.ts";

export interface ServiceCentre {
  id: number;
  cityId: number;
  city: string;
  name: string;
  address: string;
  phones: string[];
  hours: OpeningHours;
  lat: number;
  lng: number;
  services: CentreService[];
}

export async function listServiceCentres(db: Db, language: Language, filter: { cityId?: number } = {}): Promise<ServiceCentre[]> {
  const rows = await db
    .select({ centre: serviceCentres, cityAr: cities.nameAr, cityEn: cities.nameEn })
    .from(serviceCentres)
    .innerJoin(cities, eq(cities.id, serviceCentres.cityId))
    .where(filter.cityId === undefined ? undefined : eq(serviceCentres.cityId, filter.cityId))
    .orderBy(asc(serviceCentres.cityId), asc(serviceCentres.id));
  const ar = language === "ar";
  return rows.map(({ centre, cityAr, cityEn }) => ({
    id: centre.id,
    cityId: centre.cityId,
    city: ar ? cityAr : cityEn,
    name: ar ? centre.nameAr : centre.nameEn,
    address: ar ? centre.addressAr : centre.addressEn,
    phones: centre.phones,
    hours: centre.hours,
    lat: centre.lat,
    lng: centre.lng,
    services: centre.services,
  }));
}

const weekdayClocks = new Map<string, Intl.DateTimeFormat>();

/** Day of week (0 Sunday) and minutes since midnight of `at` in `timeZone`. */
export function localDayAndMinute(at: Date, timeZone: string): { day: number; minute: number } {
  let clock = weekdayClocks.get(timeZone);
  if (!clock) {
    weekdayClocks.set(timeZone, (clock = new Intl.DateTimeFormat("en-US", { timeZone, weekday: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })));
  }
  const parts = clock.formatToParts(at);
  const part = (type: string) => parts.find((entry) => entry.type === type)!.value;
  const day = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(part("weekday"));
  return { day, minute: Number(part("hour")) * 60 + Number(part("minute")) };
}

function minutesOf(time: string): number {
  const [hours, minutes] = time.split(":").map(Number);
  return hours! * 60 + minutes!;
}

export function isOpenAt(hours: OpeningHours, at: Date, timeZone: string): boolean {
  const { day, minute } = localDayAndMinute(at, timeZone);
  return hours.some((slot) => slot.days.includes(day) && minute >= minutesOf(slot.open) && minute < minutesOf(slot.close));
}
