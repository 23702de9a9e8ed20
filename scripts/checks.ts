// What `npm test` runs before the test projects: the type-check, the lint and the build that the api and e2e tests
// start, side by side. Each alone keeps one of the two CPUs busy for part of its time (the type-check 17 CPU-s in
// 9 s, the lint 9 in 7, the build 8 in 6): one after another they took 22 s, side by side 19 (docs/PERFORMANCE.md).
// Each one's output is printed whole once it ends, under its name, so that the three never interleave (they write to
// a pipe, so without their colours); the exit code is 1 when any of them failed, after all three have ended.
import { spawn, type ChildProcess } from "node:child_process";

/** The npm scripts, with the environment each needs beyond the runner's (the test build is a development one). */
const CHECKS: { script: string; env?: Record<string, string> }[] = [{ script: "typecheck" }, { script: "lint" }, { script: "build", env: { NODE_ENV: "development" } }];

const running = new Set<ChildProcess>();
// Stopped (Ctrl-C, a CI timeout): the three stop too, instead of running on without their parent.
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

const results = await Promise.all(
  CHECKS.map(async ({ script, env }) => {
    const result = await run(script, env);
    process.stdout.write(`\n> ${script}: ${result.passed ? "passed" : "FAILED"} in ${result.seconds.toFixed(1)} s\n${result.output}`);
    return result.passed;
  }),
);
if (results.includes(false)) {
  process.stderr.write(`\nchecks: ${CHECKS.filter((_, index) => !results[index]).map(({ script }) => script).join(", ")} failed\n`);
  // Not process.exit(): what is still being written to a pipe is written first.
  process.exitCode = 1;
}
