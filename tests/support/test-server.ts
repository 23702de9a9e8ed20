// Starts the built site (node server/serve.js) on a fresh database cloned from the run's template,
// exactly as production starts it, on a free port of 127.0.0.1. Requires `npm run build` first
// (the global setup checks it).
//
//   const server = await startTestServer();          // in beforeAll
//   const answer = await api(server).get("/core/api/jobs/all", "en");
//   await server.stop();                             // in afterAll: SIGTERM, wait, drop the clone
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startAppProcess, type AppProcess } from "../../scripts/app-process.ts";
import { createTestDatabase } from "./test-database.ts";

export { api, findSetCookie, send, type ApiClient, type HttpAnswer } from "./http.ts";

const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 20_000;
const KEPT_OUTPUT_LINES = 400;
/** The runner's clock (libfaketime moves a whole run in time: README, "Tests and benchmark"). */
const CLOCK_ENV = ["LD_PRELOAD", "FAKETIME"];
/** Variables of the test runner's own environment that the server gets; everything else is explicit. */
const INHERITED_ENV = ["PATH", "HOME", "TMPDIR", "TZ", "LANG", "LC_ALL", "SYSTEMROOT", ...CLOCK_ENV];
/** The runner's own values of `names` (those it has). */
const runnerEnv = (names: string[]): Record<string, string> => Object.fromEntries(names.flatMap((name) => (process.env[name] === undefined ? [] : [[name, process.env[name]!]])));

/**
 * The environment of a script a test runs as an operator would (npm run console:admin, content:load, …): only PATH
 * and the runner's clock, so that it runs when the run does (libfaketime), and `vars`.
 */
export const scriptEnv = (vars: Record<string, string>): Record<string, string> => ({ ...runnerEnv(["PATH", ...CLOCK_ENV]), ...vars });

export interface TestServerOptions {
  /** Extra environment for the server (COMPANY_SLUG, BODY_LIMIT_BYTES, …); wins over the defaults. */
  env?: Record<string, string>;
  /** Extra command-line arguments of server/serve.js (e.g. --seed). */
  args?: string[];
  /** Run on the database of this server (a second instance of the same site) instead of a new clone. */
  sameDatabaseAs?: TestServer;
  /** Runs on the new clone before the server starts (not with sameDatabaseAs): rows the file needs from the start. */
  prepare?: (databaseUrl: string) => Promise<void>;
  /** Log level; at most "info", since the server announces itself with an info line. Default "info". */
  logLevel?: "info" | "debug" | "trace";
}

export interface TestServer {
  /** Base URL, e.g. http://127.0.0.1:41235 */
  url: string;
  /** URL of this server's own database (a clone of the template), for inserting rows in a test. */
  databaseUrl: string;
  /** The server's DATA_DIR (a temporary directory removed at stop). */
  dataDir: string;
  process: ChildProcess;
  /** The server's last output lines (stdout and stderr), for diagnosis. */
  output(): string;
  /** The server's JSON log lines so far (the last few hundred). */
  logs(): Record<string, unknown>[];
  /** Every log line of level error or worse since the start (a 5xx answer logs one). */
  errors(): Record<string, unknown>[];
  /** Whether the server still runs, or how it ended, with its last output: for failure messages. */
  diagnose(): string;
  /** SIGTERM, wait for the exit, then drop the database. Safe to call twice. */
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  if (options.prepare && options.sameDatabaseAs) throw new Error("prepare runs on a new clone: a second instance shares the first one's database");
  // A second instance shares the first one's database, and leaves dropping it to the first.
  const database = options.sameDatabaseAs
    ? { url: options.sameDatabaseAs.databaseUrl, drop: async () => {} }
    : await createTestDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "operator-server-"));
  const env: Record<string, string> = runnerEnv(INHERITED_ENV);
  Object.assign(
    env,
    {
      NODE_ENV: "test",
      PORT: "0",
      HOST: "127.0.0.1",
      DATABASE_URL: database.url,
      DATABASE_POOL_SIZE: "4",
      DATA_DIR: dataDir,
      LOG_LEVEL: options.logLevel ?? "info",
      // No load balancer in front of a test server: stop without the drain pause.
      SHUTDOWN_DRAIN_MS: "0",
    },
    options.env,
  );

  const errorLines: Record<string, unknown>[] = [];
  const cleanUp = async () => {
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  let app: AppProcess;
  try {
    if (options.prepare) await options.prepare(database.url);
    app = await startAppProcess({
      env,
      args: options.args,
      timeoutMs: START_TIMEOUT_MS,
      onLine(line) {
        if (!line.includes('"level":5') && !line.includes('"level":6')) return;
        try {
          const entry = JSON.parse(line) as { level?: number };
          if (typeof entry.level === "number" && entry.level >= 50) errorLines.push(entry);
        } catch {
          // not a JSON log line: kept for the diagnosis only
        }
      },
    });
  } catch (error) {
    await cleanUp().catch(() => {});
    throw error;
  }
  const { child, url, output, exited } = app;
  running.add(child);
  void exited.then(() => running.delete(child));

  let stopping: Promise<void> | undefined;
  let ended: string | undefined;
  void exited.then(({ code, signal }) => {
    ended = `exited with code ${code}, signal ${signal}`;
    // Nobody asked it to stop: say so, since every later request of the suite will fail.
    if (!stopping) process.stderr.write(`\nThe test server ${url} ${ended} while its tests ran. Its last output:\n${output().split("\n").slice(-40).join("\n")}\n`);
  });
  return {
    url,
    databaseUrl: database.url,
    dataDir,
    process: child,
    output,
    logs: () =>
      app.lines().slice(-KEPT_OUTPUT_LINES).flatMap((line) => {
        try {
          return [JSON.parse(line) as Record<string, unknown>];
        } catch {
          return [];
        }
      }),
    errors: () => [...errorLines],
    diagnose: () =>
      `The test server ${url} (pid ${child.pid}) ${ended ?? "is running"}. Its last output:\n${output().split("\n").slice(-40).join("\n")}`,
    stop: () =>
      (stopping ??= (async () => {
        await app.stop(STOP_TIMEOUT_MS);
        await cleanUp();
      })()),
  };
}
