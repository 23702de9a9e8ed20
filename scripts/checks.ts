// What `npm test` runs: the type-check, the lint and the build side by side, and the test projects (`vitest run`,
// with this command's arguments) as soon as the build they start has passed, beside the other two checks. Each check
// alone keeps one of the two CPUs busy for part of its time (the type-check 16 s, the lint 15, the build 13 side by
// side): the tests' first files start 3 s sooner than after all three (docs/PERFORMANCE.md).
// Each check's output is printed whole once it ends, under its name, so that the three never interleave (they write
// to a pipe, so without their colours); the tests write to this command's output as they go. A failed check stops the
// tests (SIGTERM: vitest ends its workers and drops its databases); the exit code is 1 when any check failed, else
// the tests' own.
import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";

/** The npm scripts, with the environment each needs beyond the runner's (the test build is a development one). */
const CHECKS: { script: string; env?: Record<string, string> }[] = [{ script: "typecheck" }, { script: "lint" }, { script: "build", env: { NODE_ENV: "development" } }];
/** The check the tests need before they start: they run the built server. */
const TESTS_NEED = "build";
const vitestBin = path.join(path.dirname(createRequire(import.meta.url).resolve("vitest/package.json")), "vitest.mjs");

const running = new Set<ChildProcess>();
// Stopped (Ctrl-C, a CI timeout): the checks and the tests stop too, instead of running on without their parent.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    for (const child of running) child.kill(signal);
    process.exit(1);
  });
}

/** Runs `npm run <script>`, and answers whether it passed, with its output (stdout and stderr in order) and time. */
function run(script: string, env: Record<string, string> = {}): Promise<{ passed: boolean; output: string; seconds: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", script], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    running.add(child);
    let output = "";
    // Decoded as UTF-8 across chunks, so that a character split between two chunks stays whole.
    child.stdout.setEncoding("utf8").on("data", (text: string) => (output += text));
    child.stderr.setEncoding("utf8").on("data", (text: string) => (output += text));
    const done = (passed: boolean, more = "") => resolve({ passed, output: output + more, seconds: (performance.now() - started) / 1000 });
    child.on("error", (error) => done(false, String(error)));
    child.on("close", (code, signal) => {
      running.delete(child);
      done(code === 0, code === 0 ? "" : `(exit code ${code ?? signal})\n`);
    });
  });
}

let tests: ChildProcess | undefined;
/** `vitest run` with this command's arguments, writing to this command's output; answers its exit code. */
function runTests(): Promise<number> {
  return new Promise((resolve) => {
    tests = spawn(process.execPath, [vitestBin, "run", ...process.argv.slice(2)], { stdio: "inherit" });
    running.add(tests);
    tests.on("error", (error) => {
      process.stderr.write(`checks: could not start the tests: ${error.message}\n`);
      resolve(1);
    });
    tests.on("close", (code) => {
      running.delete(tests!);
      resolve(code ?? 1);
    });
  });
}

const failed: string[] = [];
let testsExit: Promise<number> | undefined;
await Promise.all(
  CHECKS.map(async ({ script, env }) => {
    const result = await run(script, env);
    process.stdout.write(`\n> ${script}: ${result.passed ? "passed" : "FAILED"} in ${result.seconds.toFixed(1)} s\n${result.output}`);
    if (!result.passed) {
      failed.push(script);
      if (tests && !tests.killed) {
        process.stderr.write(`\nchecks: ${script} failed: the tests are stopped\n`);
        tests.kill("SIGTERM");
      }
    } else if (script === TESTS_NEED && failed.length === 0) {
      testsExit = runTests();
    }
  }),
);
const testsCode = testsExit ? await testsExit : undefined;
if (failed.length > 0) {
  process.stderr.write(`\nchecks: ${failed.join(", ")} failed${testsExit ? "" : "; the tests did not run"}\n`);
  // Not process.exit(): what is still being written to a pipe is written first.
  process.exitCode = 1;
} else {
  process.exitCode = testsCode ?? 1;
}
