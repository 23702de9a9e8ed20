// The short version of `npm run proof:load` (step 6, proof 2) in the default run: the same script, 50
// connections, 2 s of warm-up and two rounds of 3 s; it must report no unexpected answer, no failed login flow and no server
// error (exit code 0). Memory steadiness needs long rounds: it is judged by the full command only.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

test("a short mixed load passes: every answer expected, login flows complete, no server error", { timeout: 240_000 }, async () => {
  const child = spawn(process.execPath, [path.join(rootDir, "scripts", "proof-load.ts")], {
    cwd: rootDir,
    env: { ...process.env, PROOF_CONNECTIONS: "50", PROOF_DURATION: "3", PROOF_ROUNDS: "2", PROOF_WARMUP: "2", PROOF_NUMBERS: "100" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  expect(output).toContain("RESULT: PASSED");
  expect(code, output).toBe(0);
  // Every route of the mix answered: at least one request each (a count of 0 would pass with nothing loaded).
  for (const route of ["page /home (ar)", "api search/web", "api callForward/activate (write)"]) expect(output).toMatch(new RegExp(`${route.replace(/[()/]/g, "\\$&")}\\s+[1-9]\\d*`));
});
