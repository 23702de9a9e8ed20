// The one way our tools start the built site as a child process, as `npm run serve` does: the test servers
// (tests/support/test-server.ts), the operations tests (tests/ops/app-process.ts), the proofs, screenshots and
// Lighthouse (scripts/proof-support.ts) and the bench (scripts/bench.ts). It spawns `server/serve.js` with
// the Node that runs the caller, keeps the last lines of its output, and waits until it is ready: its
// "listening" log line (which says its URL), or — for a server logging at `warn`, which does not print that
// line — the first 200 of `readyPath` on the port the caller gave it.
import { spawn } from "node:child_process";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const KEPT_LINES = 2_000;

/**
 * @typedef {object} AppProcess
 * @property {import("node:child_process").ChildProcess} child
 * @property {string} url The site's base URL, e.g. http://127.0.0.1:41235
 * @property {number} readyMs Milliseconds from the spawn to ready.
 * @property {Promise<{ code: number | null, signal: NodeJS.Signals | null }>} exited
 * @property {() => string} output The last lines of its stdout and stderr (stderr lines marked).
 * @property {() => string[]} lines The same, as lines.
 * @property {(timeoutMs?: number) => Promise<void>} stop SIGTERM, then SIGKILL after `timeoutMs`; waits for the exit.
 */

/**
 * Starts `server/serve.js` and waits until it is ready.
 * @param {object} options
 * @param {Record<string, string>} options.env The whole environment of the server (nothing is inherited).
 * @param {string[]} [options.args] Arguments of server/serve.js, e.g. ["--seed"].
 * @param {string} [options.cwd] The checkout to run (default: this one).
 * @param {number} [options.timeoutMs] How long it may take to be ready (default 60 s).
 * @param {string} [options.readyPath] Poll this path (e.g. "/readyz") for a 200 instead of waiting for the log line; needs env.PORT.
 * @param {(line: string) => void} [options.onLine] Called with each line of stdout.
 * @param {(child: import("node:child_process").ChildProcess, output: () => string) => void} [options.onSpawn] Called at once with the process (before it is ready) and its output so far.
 * @returns {Promise<AppProcess>}
 */
export async function startAppProcess({ env, args = [], cwd = rootDir, timeoutMs = 60_000, readyPath, onLine, onSpawn }) {
  const started = performance.now();
  const child = spawn(process.execPath, ["--disable-proto=delete", path.join(cwd, "server", "serve.js"), ...args], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
  const kept = [];
  const keep = (line) => {
    kept.push(line);
    if (kept.length > KEPT_LINES) kept.splice(0, kept.length - KEPT_LINES);
  };
  const output = () => kept.join("\n");
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  onSpawn?.(child, output);
  const listening = new Promise((resolve, reject) => {
    child.once("error", (error) => reject(new Error(`Could not run ${process.execPath} server/serve.js: ${error.message}`)));
    let pending = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk) => {
      pending += chunk;
      for (let newline = pending.indexOf("\n"); newline >= 0; newline = pending.indexOf("\n")) {
        const line = pending.slice(0, newline);
        pending = pending.slice(newline + 1);
        keep(line);
        onLine?.(line);
        if (!line.includes('"listening"')) continue;
        try {
          const entry = JSON.parse(line);
          if (entry.msg === "listening" && typeof entry.url === "string") resolve(entry.url);
        } catch {
          // not a JSON log line
        }
      }
    });
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk) => chunk.split("\n").filter(Boolean).forEach((line) => keep(`[stderr] ${line}`)));
  });
  const ready = readyPath ? pollUntilReady(`http://${env.HOST ?? "127.0.0.1"}:${env.PORT}`, readyPath) : listening;
  let timer;
  let url;
  try {
    url = await Promise.race([
      ready,
      new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`The server was not ready within ${timeoutMs / 1000} s. Its output:\n${output()}`)), timeoutMs))),
      exited.then(({ code, signal }) => Promise.reject(new Error(`The server exited (code ${code}, signal ${signal}) before it was ready. Its output:\n${output()}`))),
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
        let stopTimer;
        const late = new Promise((resolve) => (stopTimer = setTimeout(() => resolve("late"), stopTimeoutMs)));
        if ((await Promise.race([exited, late])) === "late") child.kill("SIGKILL");
        clearTimeout(stopTimer);
      }
      await exited;
    },
  };
}

/** Resolves with `baseUrl` at the first 200 of `readyPath`; `.stop()` ends the polling. */
function pollUntilReady(baseUrl, readyPath) {
  let stopped = false;
  const agent = new http.Agent({ keepAlive: false });
  const once = () =>
    new Promise((resolve) => {
      const request = http.get(`${baseUrl}${readyPath}`, { agent, timeout: 1_000 }, (response) => {
        response.resume();
        resolve(response.statusCode === 200);
      });
      request.on("timeout", () => request.destroy());
      request.on("error", () => resolve(false));
    });
  const polling = (async () => {
    while (!stopped) {
      if (await once()) return baseUrl;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return new Promise(() => {});
  })();
  polling.stop = () => {
    stopped = true;
    agent.destroy();
  };
  return polling;
}
