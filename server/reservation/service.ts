// Reserving a number: a city where the SIM cannot be collected is refused first (collection.ts); then one
// transaction takes the number from the pool (only while it is available, so of many parallel attempts
// exactly one wins), checks the account's limit under a lock on the account, and records the hold and its
// event. Cancelling and expiry give the number back. Expiry is a sweep that any
// number of instances may run at once (FOR UPDATE SKIP LOCKED: each due hold is ended exactly once).
import { and, desc, eq, gt, sql, type SQL } from "drizzle-orm";
import type { ReserveForm } from "../../common/reservation.ts";
import { MAX_ACTIVE_RESERVATIONS, RESERVATION_HOLD_HOURS, type NumberTier } from "../../common/reservation-rules.ts";
import type { Language } from "../../common/language.ts";
import type { Db } from "../db/database.ts";
import { preparedStatement } from "../db/prepared.ts";
import { accounts, cities, numberInventory, numberReservations, reservationEvents } from "../db/schema.ts";
import { newReference } from "../reference-code.ts";
import { AppError } from "../edge/app-error.ts";
import { requireCollectionCity } from "./collection.ts";

export type ReservationErrorCode = "NUMBER_NOT_FOUND" | "NUMBER_TAKEN" | "RESERVATION_LIMIT" | "RESERVATION_NOT_FOUND" | "RESERVATION_NOT_YOURS" | "RESERVATION_ENDED";

const HTTP_STATUS: Record<ReservationErrorCode, 403 | 404 | 409> = {
  NUMBER_NOT_FOUND: 404,
  NUMBER_TAKEN: 409,
  RESERVATION_LIMIT: 409,
  RESERVATION_NOT_FOUND: 404,
  RESERVATION_NOT_YOURS: 403,
  RESERVATION_ENDED: 409,
};

/** A refusal by a rule of the reservations. Its message is the catalog key `reservation.errors.<code>`. */
export class ReservationError extends AppError {
  declare readonly code: ReservationErrorCode;
  constructor(code: ReservationErrorCode) {
    super("reservation", code, HTTP_STATUS[code], {}, `reservation.errors.${code}`);
    this.name = "ReservationError";
  }
}

export interface Reservation {
  reference: string;
  gsm: string;
  tier: NumberTier;
  fullName: string;
  cityId: number;
  city: string;
  birthDate: string;
  lineType: "prepaid" | "postpaid";
  simPrice: number;
  serviceFee: number;
  state: "active" | "cancelled" | "expired" | "collected";
  createdAt: string;
  expiresAt: string;
}

const actorOf = (accountId: number) => `account:${accountId}`;

/** Ends the active holds that are due at `now` (all, or one number's); answers how many it ended. */
export async function expireHolds(db: Pick<Db, "execute">, now: Date, only?: { gsm: string }): Promise<number> {
  const result = await db.execute(sql`
    with due as (
      select id, gsm from number_reservations
      where state = 'active' and expires_at <= ${now.toISOString()} ${only ? sql`and gsm = ${only.gsm}` : sql``}
      order by expires_at
      limit 1000
      for update skip locked
    ), ended as (
      update number_reservations r set state = 'expired', ended_at = ${now.toISOString()}
      from due where r.id = due.id
      returning r.id, r.gsm
    ), freed as (
      update number_inventory n set state = 'available', updated_at = ${now.toISOString()}
      from ended where n.gsm = ended.gsm and n.state = 'reserved'
      returning n.gsm
    )
    insert into reservation_events (reservation_id, gsm, actor, from_state, to_state, created_at)
    select id, gsm, 'system', 'active', 'expired', ${now.toISOString()} from ended
    returning reservation_id`);
  return result.rowCount ?? 0;
}

export async function reserveNumber(db: Db, accountId: number, form: ReserveForm, now = new Date()): Promise<{ reference: string; expiresAt: string }> {
  // A city where the SIM cannot be collected is refused before the account or the number is touched.
  await requireCollectionCity(db, form.cityId);
  return db.transaction(async (tx) => {
    // One account's reservations are made one at a time, so its limit holds under parallel requests.
    await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for("update");
    await expireHolds(tx, now, { gsm: form.gsm });
    const [{ active }] = (await tx.execute<{ active: number }>(sql`
      select count(*)::int as active from number_reservations
      where account_id = ${accountId} and state = 'active' and expires_at > ${now.toISOString()}`)).rows as [{ active: number }];
    if (active >= MAX_ACTIVE_RESERVATIONS) throw new ReservationError("RESERVATION_LIMIT");
    const [taken] = await tx
      .update(numberInventory)
      .set({ state: "reserved", updatedAt: now })
      .where(and(eq(numberInventory.gsm, form.gsm), eq(numberInventory.state, "available")))
      .returning({ simPrice: numberInventory.simPrice, serviceFee: numberInventory.serviceFee });
    if (!taken) {
      const [exists] = await tx.select({ gsm: numberInventory.gsm }).from(numberInventory).where(eq(numberInventory.gsm, form.gsm));
      throw new ReservationError(exists ? "NUMBER_TAKEN" : "NUMBER_NOT_FOUND");
    }
    const expiresAt = new Date(now.getTime() + RESERVATION_HOLD_HOURS * 3_600_000);
    const reference = newReference("R");
    const [row] = await tx
      .insert(numberReservations)
      .values({
        reference,
        accountId,
        gsm: form.gsm,
        fullName: form.fullName,
        cityId: form.cityId,
        birthDate: form.birthDate,
        lineType: form.lineType,
        simPrice: taken.simPrice,
        serviceFee: taken.serviceFee,
        createdAt: now,
        expiresAt,
      })
      .returning({ id: numberReservations.id });
    await tx.insert(reservationEvents).values({ reservationId: row!.id, gsm: form.gsm, actor: actorOf(accountId), fromState: null, toState: "active", createdAt: now });
    return { reference, expiresAt: expiresAt.toISOString() };
  });
}

export async function cancelReservation(db: Db, accountId: number, reference: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(numberReservations).where(eq(numberReservations.reference, reference)).for("update");
    if (!row) throw new ReservationError("RESERVATION_NOT_FOUND");
    if (row.accountId !== accountId) throw new ReservationError("RESERVATION_NOT_YOURS");
    if (!(await endHold(tx, eq(numberReservations.id, row.id), "cancelled", actorOf(accountId), now))) throw new ReservationError("RESERVATION_ENDED");
  });
}

/** What ending a hold does to its number: a cancelled hold gives it back, a collected one hands it over. */
const NUMBER_AFTER: Record<"cancelled" | "collected", "available" | "taken"> = { cancelled: "available", collected: "taken" };

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Ends the hold `which` selects, if it is still active and not expired at `now`, by one conditional UPDATE
 * (of parallel attempts the database lets exactly one through), moves its number (`reserved` → available or
 * taken) and records the event by `actor` (`account:<id>`, `staff:<id>`). Answers the ended row, or null when
 * no live hold matched. The subscriber's cancel and the console's desk (collect, cancel) both end holds here.
 */
export async function endHold(tx: Tx, which: SQL, to: "cancelled" | "collected", actor: string, now: Date): Promise<typeof numberReservations.$inferSelect | null> {
  const [row] = await tx
    .update(numberReservations)
    .set({ state: to, endedAt: now })
    .where(and(which, eq(numberReservations.state, "active"), gt(numberReservations.expiresAt, now)))
    .returning();
  if (!row) return null;
  await tx.update(numberInventory).set({ state: NUMBER_AFTER[to], updatedAt: now }).where(and(eq(numberInventory.gsm, row.gsm), eq(numberInventory.state, "reserved")));
  await tx.insert(reservationEvents).values({ reservationId: row.id, gsm: row.gsm, actor, fromState: "active", toState: to, createdAt: now });
  return row;
}

/** The profile page lists them on every view: a prepared statement. */
const reservationsOfAccount = preparedStatement("reservations_of_account", (db, name) =>
  db
    .select({ reservation: numberReservations, tier: numberInventory.tier, cityAr: cities.nameAr, cityEn: cities.nameEn })
    .from(numberReservations)
    .innerJoin(numberInventory, eq(numberInventory.gsm, numberReservations.gsm))
    .innerJoin(cities, eq(cities.id, numberReservations.cityId))
    .where(eq(numberReservations.accountId, sql.placeholder("accountId")))
    .orderBy(desc(numberReservations.createdAt), desc(numberReservations.id))
    .limit(50)
    .prepare(name),
);

/** The account's reservations, newest first (a hold past its expiry reads as expired even before the sweep). */
export async function listReservations(db: Db, accountId: number, language: Language, now = new Date()): Promise<Reservation[]> {
  const rows = await reservationsOfAccount(db).execute({ accountId });
  return rows.map(({ reservation: row, tier, cityAr, cityEn }) => ({
    reference: row.reference,
    gsm: row.gsm,
    tier: tier as NumberTier,
    fullName: row.fullName,
    cityId: row.cityId,
    city: language === "ar" ? cityAr : cityEn,
    birthDate: row.birthDate,
    lineType: row.lineType as Reservation["lineType"],
    simPrice: row.simPrice,
    serviceFee: row.serviceFee,
    state: row.state === "active" && row.expiresAt <= now ? "expired" : (row.state as Reservation["state"]),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  }));
}

/** One available number (for the reserve page), or null when it is not (or no longer) available. */
export async function findAvailableNumber(db: Db, gsm: string): Promise<{ gsm: string; tier: NumberTier; simPrice: number; serviceFee: number } | null> {
  const [row] = await db
    .select({ gsm: numberInventory.gsm, tier: numberInventory.tier, simPrice: numberInventory.simPrice, serviceFee: numberInventory.serviceFee })
    .from(numberInventory)
    .where(and(eq(numberInventory.gsm, gsm), eq(numberInventory.state, "available")));
  return row ? { ...row, tier: row.tier as NumberTier } : null;
}
