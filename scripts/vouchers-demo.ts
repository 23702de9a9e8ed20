#!/usr/bin/env node
// Makes fresh scratch-card vouchers in the database the app uses, to try top-up by voucher (issue 16):
//   npm run vouchers:demo            5 vouchers
//   npm run vouchers:demo -- 12      12 vouchers
// Same database as `npm run content:load` (DATABASE_URL, or the embedded server under DATA_DIR). Prints
// each voucher's serial, its 14-digit secret, amount, validity and expiry. The secret is printed here only:
// the database keeps its hash (server/charging/voucher-secret.ts), as a real voucher system would.
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { connectionUrl, type AppDatabase } from "./app-database.ts";

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const AMOUNTS = [1000, 5000, 10000] as const;
const VALIDITY_DAYS = [30, 90] as const;
/** A card may be used within a year of being made. */
const EXPIRES_IN_DAYS = 365;
const MAX_COUNT = 1000;

const count = Number(process.argv[2] ?? 5);
if (!Number.isInteger(count) || count < 1 || count > MAX_COUNT) {
  process.stderr.write(`Usage: npm run vouchers:demo -- [count 1–${MAX_COUNT}, default 5]\n`);
  process.exit(2);
}

const UNIQUE_VIOLATION = "23505";

let connection: AppDatabase | undefined;
let pool: pg.Pool | undefined;
try {
  connection = await connectionUrl();
  pool = new pg.Pool({ connectionString: connection.url, max: 2 });
  const [{ applyMigrations }, { newVoucherSecret, voucherHashKey, voucherSecretHash }] = await Promise.all([import("../server/db/database.ts"), import("../server/charging/voucher-secret.ts")]);
  // The key the site hashes with: VOUCHER_HASH_KEY, or the one in DATA_DIR (as the site resolves it).
  const hashKey = voucherHashKey({ configured: process.env.VOUCHER_HASH_KEY, dataDir: path.resolve(process.env.DATA_DIR || "./data") });
  await applyMigrations(pool, rootDir);
  const made: { serial: string; secret: string; amount: number; validityDays: number; expiresAt: Date }[] = [];
  while (made.length < count) {
    const index = made.length;
    const secret = newVoucherSecret();
    const serial = `SV${newVoucherSecret().slice(0, 10)}`;
    const amount = AMOUNTS[index % AMOUNTS.length] ?? AMOUNTS[0];
    const validityDays = VALIDITY_DAYS[index % VALIDITY_DAYS.length] ?? VALIDITY_DAYS[0];
    try {
      const { rows } = await pool.query<{ expires_at: Date }>(
        `insert into charging_vouchers (serial, secret_hash, amount, validity_days, expires_at)
         values ($1, $2, $3, $4, now() + make_interval(days => $5)) returning expires_at`,
        [serial, voucherSecretHash(hashKey, secret), amount, validityDays, EXPIRES_IN_DAYS],
      );
      const [inserted] = rows;
      if (!inserted) throw new Error("the voucher insert returned no row");
      made.push({ serial, secret, amount, validityDays, expiresAt: inserted.expires_at });
    } catch (error) {
      // A serial or secret that is already taken (rare): draw again.
      if (!(error instanceof pg.DatabaseError && error.code === UNIQUE_VIOLATION)) throw error;
    }
  }
  const grouped = (secret: string) => secret.replace(/(\d{4})(?=\d)/g, "$1 ");
  process.stdout.write(`${"serial".padEnd(14)}${"voucher (14 digits)".padEnd(22)}${"amount".padStart(8)}  ${"validity".padEnd(10)}expires\n`);
  for (const voucher of made) {
    process.stdout.write(`${voucher.serial.padEnd(14)}${grouped(voucher.secret).padEnd(22)}${String(voucher.amount).padStart(8)}  ${`${voucher.validityDays} days`.padEnd(10)}${voucher.expiresAt.toISOString().slice(0, 10)}\n`);
  }
  process.stdout.write(`${made.length} unused vouchers made: top up on /top-up or POST core/api/charging/vouchers/redeem.\n`);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await pool?.end();
  await connection?.stop();
}
