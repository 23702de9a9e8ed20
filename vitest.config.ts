// The test projects (ARCHITECTURE.md, Tests):
// - unit: beside the code in server/, common/ and app/; a few need a database and get a clone of
//   the migrated template that tests/support/database-setup.ts prepares;
// - api: contract tests over real HTTP against the built server (npm run build first);
// - e2e: real headless Chromium against the built server: a browser per file, and one shared site per worker or a
//   server of the file's own when it needs other settings;
// - ops: whole app processes started and killed (crash recovery, graceful shutdown, the proofs).
// The database setup runs once per run whichever projects run: one embedded PostgreSQL (or the
// server of TEST_DATABASE_URL) and one migrated, seeded template database shared by all of them.
import { defineConfig } from "vitest/config";
import HeavyFirst from "./tests/support/heavy-first.ts";
import SlowestFiles from "./tests/support/slowest-files.ts";

const databaseSetup = "./tests/support/database-setup.ts";
const serverSetup = "./tests/support/global-setup.ts";

// expect.poll gives up after 1 s by default, and one look (a Playwright query, a database read) can itself take
// longer on a loaded machine: a poll that would have passed a moment later failed a CI run (console-desk). Ten
// seconds in every project; a poll that passes still returns as soon as it does.
const patientPolls = { poll: { timeout: 10_000 } };

// A worker runs its files one after another in one module graph (`isolate: false`): Vitest, Playwright's client
// and our helpers are loaded once per worker instead of once per file. Measured alone: unit 67 → 37 CPU-s, api
// 164 → 137, e2e 570 → 496 (docs/PERFORMANCE.md). It is safe because no file of those projects leaves state in a
// shared module but the e2e worker fixtures, which are meant to be shared (tests/e2e/browser.ts: the files that
// share a site write only rows of their own, or put back what they change); the unit files that replace a module or
// the clock (vi.mock, fake timers, stubbed globals) keep their own graph in `unit-isolated`.
const ISOLATED_UNIT_FILES = ["server/line-features/service-password.test.ts", "app/shell/lazy-load.test.ts"];
const UNIT_FILES = ["server/**/*.test.ts", "common/**/*.test.ts", "app/**/*.test.ts"];
/** What the two unit projects share (they differ in their files and in isolation only). */
const unitSettings = { environment: "node" as const, expect: patientPolls, globalSetup: [databaseSetup], testTimeout: 15_000, hookTimeout: 60_000 };

const PROOFS = ["tests/ops/proof-load.test.ts", "tests/ops/proof-faults.test.ts"];
/** What the two ops projects share. */
const opsSettings = { environment: "node" as const, expect: patientPolls, testTimeout: 60_000, hookTimeout: 60_000 };

export default defineConfig({
  test: {
    // Files wait on a server or a browser more than they compute: three at a time on two CPUs (TEST_WORKERS
    // changes it), e2e files among them (a worker's shared site, or a server of the file's own). The
    // two proofs run after everything else, side by side.
    maxWorkers: Number(process.env.TEST_WORKERS ?? 3),
    // vitest's own report, then the ten slowest files of the run.
    reporters: ["default", new SlowestFiles()],
    // The browser files first, largest first (tests/support/heavy-first.ts).
    sequence: { sequencer: HeavyFirst },
    projects: [
      { test: { name: "unit", include: UNIT_FILES, exclude: ISOLATED_UNIT_FILES, isolate: false, ...unitSettings } },
      { test: { name: "unit-isolated", include: ISOLATED_UNIT_FILES, ...unitSettings } },
      {
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          isolate: false,
          environment: "node",
          expect: patientPolls,
          globalSetup: [serverSetup],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          isolate: false,
          environment: "node",
          expect: patientPolls,
          globalSetup: [serverSetup],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      // Whole app processes (each with its own embedded database, on a unix socket under its own DATA_DIR, so
      // they never clash): crash recovery, graceful shutdown and a clone in a private folder run beside the other
      // files, since they mostly wait on processes starting and stopping (each starts an app and its database one
      // to three times: three minutes per test on a loaded machine). The two proofs put the app under load and judge
      // it by the clock (every login within 10 s; the fault proof's drain of 1.5 s against a load balancer's poll
      // every 100 ms), so they run after everything else (a group of their own), side by side: each is a server and a
      // load generator of its own, and together they take 18–20 s instead of 30 one after the other. Their margins
      // side by side, measured: login flows' p99 1.3 s (of 10), out of rotation 37 ms after SIGTERM (of the 1.5 s
      // drain), the 503 without the SMSC in 466 ms (of 15 s).
      { test: { name: "ops", include: ["tests/ops/**/*.test.ts"], exclude: PROOFS, ...opsSettings, testTimeout: 180_000 } },
      { test: { name: "ops-proofs", include: PROOFS, sequence: { groupOrder: 1 }, maxWorkers: 2, ...opsSettings } },
    ],
  },
});
