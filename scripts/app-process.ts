// The one way our tools start the built site as a child process, as `npm run serve` does: the test servers
// (tests/support/test-server.ts), the operations tests (tests/ops/app-process.ts), the proofs, screenshots and
// Lighthouse (scripts/proof-support.ts) and the bench (scripts/bench.ts). It spawns `server/serve.js` with
// the Node that runs the caller, keeps the last lines of its output, and waits until it is ready: its
// "listening" log line (which says its URL), or — for a server logging at `warn`, which does not print that
// line — the first 200 of `readyPath` on the port the caller gave it.
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const KEPT_LINES = 2_000;

export interface AppProcess {
  child: ChildProcess;
  /** The site's base URL, e.g. http://127.0.0.1:41235 */
  url: string;
  /** Milliseconds from the spawn to ready. */
  readyMs: number;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The last lines of its stdout and stderr (stderr lines marked). */
  output(): string;
  /** The same, as lines. */
  lines(): string[];
  /** SIGTERM, then SIGKILL after `timeoutMs`; waits for the exit. */
  stop(timeoutMs?: number): Promise<void>;
}

export interface AppProcessOptions {
  /** The whole environment of the server (nothing is inherited). */
  env: NodeJS.ProcessEnv;
  /** Arguments of server/serve.js, e.g. ["--seed"]. */
  args?: string[];
  /** The checkout to run (default: this one). */
  cwd?: string;
  /** How long it may take to be ready (default 60 s). */
  timeoutMs?: number;
  /** Poll this path (e.g. "/readyz") for a 200 instead of waiting for the log line; needs env.PORT. */
  readyPath?: string;
  /** Called with each line of stdout. */
  onLine?: (line: string) => void;
  /** Called at once with the process (before it is ready) and its output so far. */
  onSpawn?: (child: ChildProcess, output: () => string) => void;
}

/** Starts `server/serve.js` and waits until it is ready. */
export async function startAppProcess({ env, args = [], cwd = rootDir, timeoutMs = 60_000, readyPath, onLine, onSpawn }: AppProcessOptions): Promise<AppProcess> {
  const started = performance.now();
  const child = spawn(process.execPath, ["--disable-proto=delete", path.join(cwd, "server", "serve.js"), ...args], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
  const kept: string[] = [];
  const keep = (line: string) => {
    kept.push(line);
    if (kept.length > KEPT_LINES) kept.splice(0, kept.length - KEPT_LINES);
  };
  const output = () => kept.join("\n");
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  onSpawn?.(child, output);
  const listening = new Promise<string>((resolve, reject) => {
    child.once("error", (error) => reject(new Error(`Could not run ${process.execPath} server/serve.js: ${error.message}`)));
    let pending = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      pending += chunk;
      for (let newline = pending.indexOf("\n"); newline >= 0; newline = pending.indexOf("\n")) {
        const line = pending.slice(0, newline);
        pending = pending.slice(newline + 1);
        keep(line);
        onLine?.(line);
        if (!line.includes('"listening"')) continue;
        try {
          const entry: unknown = JSON.parse(line);
          if (isListeningLine(entry)) resolve(entry.url);
        } catch {
          // not a JSON log line
        }
      }
    });
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => chunk.split("\n").filter(Boolean).forEach((line) => keep(`[stderr] ${line}`)));
  });
  const ready: Promise<string> & { stop?: () => void } = readyPath ? pollUntilReady(`http://${env.HOST ?? "127.0.0.1"}:${env.PORT}`, readyPath) : listening;
  let timer: NodeJS.Timeout | undefined;
  let url: string;
  try {
    url = await Promise.race([
      ready,
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`The server was not ready within ${timeoutMs / 1000} s. Its output:\n${output()}`)), timeoutMs))),
      exited.then(({ code, signal }) => Promise.reject<never>(new Error(`The server exited (code ${code}, signal ${signal}) before it was ready. Its output:\n${output()}`))),
    ]);
  } catch (error) {
    child.kill("SIGKILL");
    await exited;
    throw error;
  } finally {
    clearTimeout(timer);
    ready.stop?.();
  }
  return {
    child,
    url,
    readyMs: performance.now() - started,
    exited,
    output,
    lines: () => [...kept],
    async stop(stopTimeoutMs = 20_000) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        let stopTimer: NodeJS.Timeout | undefined;
        const late = new Promise<"late">((resolve) => (stopTimer = setTimeout(() => resolve("late"), stopTimeoutMs)));
        if ((await Promise.race([exited, late])) === "late") child.kill("SIGKILL");
        clearTimeout(stopTimer);
      }
      await exited;
    },
  };
}

/** The server's "listening" log line: `{"msg":"listening","url":"http://…",…}`. */
function isListeningLine(entry: unknown): entry is { msg: "listening"; url: string } {
  return typeof entry === "object" && entry !== null && "msg" in entry && entry.msg === "listening" && "url" in entry && typeof entry.url === "string";
}

/** Resolves with `baseUrl` at the first 200 of `readyPath`; `.stop()` ends the polling. */
function pollUntilReady(baseUrl: string, readyPath: string): Promise<string> & { stop(): void } {
  let stopped = false;
  const agent = new http.Agent({ keepAlive: false });
  const once = () =>
    new Promise<boolean>((resolve) => {
      const request = http.get(`${baseUrl}${readyPath}`, { agent, timeout: 1_000 }, (response) => {
        response.resume();
        resolve(response.statusCode === 200);
      });
      request.on("timeout", () => request.destroy());
      request.on("error", () => resolve(false));
    });
  const polling = (async (): Promise<string> => {
    while (!stopped) {
      if (await once()) return baseUrl;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return new Promise<never>(() => {});
  })();
  return Object.assign(polling, {
    stop() {
      stopped = true;
      agent.destroy();
    },
  });
}
