// The My line part of `npm run bench` (issue 16): gives each registered number of the bench a prepaid
// balance in the embedded charging driver (setup, not timed), so that every measured bundle activation is
// a real order — a new idempotency key each time, the money taken, the subscription written — and never
// a refusal for money.
import path from "node:path";
import pg from "pg";

/** The bundle the activation target buys: content/bundles.json "Daily internet" (1,500, sold once). */
export const BENCH_BUNDLE_ID = 101;
/** Enough for every activation a bench run can make on one number (the line's check keeps it ≥ 0). */
const BENCH_BALANCE = 1_000_000_000;

export async function prepareCharging(dataDir: string, gsms: readonly string[], log: (message: string) => void): Promise<void> {
  const socketDir = path.join(dataDir, "run");
  const pool = new pg.Pool({ connectionString: `postgresql://postgres@localhost/operator?host=${encodeURIComponent(socketDir)}&port=5432`, max: 1 });
  try {
    await pool.query(
      `insert into charging_lines (gsm, plan, main_balance, valid_until) select gsm, 'prepaid', $2, current_date + 365 from unnest($1::text[]) as gsm
       on conflict (gsm) do update set plan = 'prepaid', main_balance = excluded.main_balance, valid_until = excluded.valid_until`,
      [gsms, BENCH_BALANCE],
    );
    log(`charging: ${gsms.length} prepaid lines with a balance for the activation target`);
  } finally {
    await pool.end();
  }
}
