// The reservation desk of a service centre (issue 17): a centre agent looks up a hold by its R- reference or
// by its number and marks it collected (the number becomes taken) or cancels it (the number goes back to the
// pool). An agent reaches only the reservations whose city has one of their centres
// (staff_accounts.centre_ids → service_centres.city_id); any other is refused exactly as an unknown one (one
// 403, one message), so the desk never tells whether a reservation exists elsewhere. The state changes are the reservation
// service's own (server/reservation/service.ts endHold): one conditional UPDATE, so of two agents collecting
// at once exactly one wins.
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { DeskLookup } from "../../common/console-desk.ts";
import type { Language } from "../../common/language.ts";
import type { LineType, NumberTier } from "../../common/reservation-rules.ts";
import type { Db } from "../db/database.ts";
import { accounts, cities, numberInventory, numberReservations, serviceCentres } from "../db/schema.ts";
import { endHold } from "../reservation/service.ts";
import { audit, type Actor, type Tx } from "./enrolment.ts";
import { ConsoleError } from "./errors.ts";

/** Ended holds of one number the desk shows below its active one. */
export const DESK_HISTORY_LIMIT = 10;

export interface DeskAgent {
  id: number;
  centreIds: string[];
}

export interface DeskReservation {
  reference: string;
  gsm: string;
  /** A hold past its expiry reads as expired even before the sweep has ended it. */
  state: "active" | "cancelled" | "expired" | "collected";
  createdAt: string;
  expiresAt: string;
  endedAt: string | null;
  city: string;
  tier: NumberTier;
  simPrice: number;
  serviceFee: number;
  fullName: string;
  birthDate: string;
  lineType: LineType;
  /** The number the customer's account signs in with. */
  accountGsm: string;
}

/** The cities of the agent's centres (centre ids are the content ids of service_centres). */
export async function agentCityIds(db: Db | Tx, agent: DeskAgent): Promise<number[]> {
  const ids = agent.centreIds.filter((id) => /^\d{1,9}$/.test(id)).map(Number);
  if (ids.length === 0) return [];
  const rows = await db.selectDistinct({ cityId: serviceCentres.cityId }).from(serviceCentres).where(inArray(serviceCentres.id, ids));
  return rows.map((row) => row.cityId);
}

/**
 * The reservations the desk's field names, within the agent's cities: for a reference, that hold; for a
 * number, its live hold first, then its most recent ended ones. RESERVATION_NOT_AT_YOUR_CENTRES (403) when none,
 * unknown and elsewhere alike.
 */
export async function lookUpAtDesk(db: Db, agent: DeskAgent, lookup: DeskLookup, language: Language, actor: Actor, now = new Date()): Promise<DeskReservation[]> {
  const cityIds = await agentCityIds(db, agent);
  // Every lookup is in the audit (what was asked for, not the number or reference itself, and how many holds it
  // showed): a desk session walking numbers to read customers' details shows up there.
  const audited = (found: number) => audit(db, actor, "reservation.lookup", null, null, { by: lookup.kind, found });
  if (cityIds.length === 0) {
    await audited(0);
    throw new ConsoleError("RESERVATION_NOT_AT_YOUR_CENTRES");
  }
  const which = lookup.kind === "reference" ? eq(numberReservations.reference, lookup.reference) : eq(numberReservations.gsm, lookup.gsm);
  const live = sql`(${numberReservations.state} = 'active' and ${numberReservations.expiresAt} > ${now.toISOString()})`;
  const rows = await db
    .select({ reservation: numberReservations, tier: numberInventory.tier, cityAr: cities.nameAr, cityEn: cities.nameEn, accountGsm: accounts.mainGsm })
    .from(numberReservations)
    .innerJoin(numberInventory, eq(numberInventory.gsm, numberReservations.gsm))
    .innerJoin(cities, eq(cities.id, numberReservations.cityId))
    .innerJoin(accounts, eq(accounts.id, numberReservations.accountId))
    .where(and(which, inArray(numberReservations.cityId, cityIds)))
    .orderBy(desc(live), desc(numberReservations.createdAt), desc(numberReservations.id))
    .limit(1 + DESK_HISTORY_LIMIT);
  await audited(rows.length);
  if (rows.length === 0) throw new ConsoleError("RESERVATION_NOT_AT_YOUR_CENTRES");
  return rows.map(({ reservation: row, tier, cityAr, cityEn, accountGsm }) => ({
    reference: row.reference,
    gsm: row.gsm,
    state: row.state === "active" && row.expiresAt <= now ? "expired" : (row.state as DeskReservation["state"]),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
    city: language === "ar" ? cityAr : cityEn,
    tier: tier as NumberTier,
    simPrice: row.simPrice,
    serviceFee: row.serviceFee,
    fullName: row.fullName,
    birthDate: row.birthDate,
    lineType: row.lineType as LineType,
    accountGsm,
  }));
}

/** Why a hold of the agent's cities could not be ended: unknown (or elsewhere), expired, collected, cancelled. */
async function whyNotLive(tx: Tx, reference: string, cityIds: number[]): Promise<ConsoleError> {
  const [row] = await tx
    .select({ state: numberReservations.state, expiresAt: numberReservations.expiresAt })
    .from(numberReservations)
    .where(and(eq(numberReservations.reference, reference), inArray(numberReservations.cityId, cityIds)));
  if (!row) return new ConsoleError("RESERVATION_NOT_AT_YOUR_CENTRES");
  if (row.state === "collected") return new ConsoleError("RESERVATION_COLLECTED");
  if (row.state === "cancelled") return new ConsoleError("RESERVATION_CANCELLED");
  // 'expired', or still 'active' past its time (the sweep has not come by yet).
  return new ConsoleError("RESERVATION_EXPIRED");
}

/**
 * Collect (`collected`: the number becomes taken) or cancel (`cancelled`: the number is available again) one
 * live hold of the agent's cities, with its reservation event (actor `staff:<id>`) and audit row in one
 * transaction.
 */
export async function endHoldAtDesk(db: Db, actor: Actor, agent: DeskAgent, reference: string, to: "collected" | "cancelled", now = new Date()): Promise<void> {
  const cityIds = await agentCityIds(db, agent);
  if (cityIds.length === 0) throw new ConsoleError("RESERVATION_NOT_AT_YOUR_CENTRES");
  await db.transaction(async (tx) => {
    const row = await endHold(tx, and(eq(numberReservations.reference, reference), inArray(numberReservations.cityId, cityIds))!, to === "collected" ? "collected" : "cancelled", `staff:${agent.id}`, now);
    if (!row) throw await whyNotLive(tx, reference, cityIds);
    await audit(
      tx,
      actor,
      to === "collected" ? "reservation.collect" : "reservation.cancel",
      `reservation:${reference}`,
      { state: "active", gsm: row.gsm, number: "reserved" },
      { state: to, gsm: row.gsm, number: to === "collected" ? "taken" : "available", ...(to === "collected" ? { idChecked: true } : {}) },
    );
  });
}
