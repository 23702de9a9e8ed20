// The short version of `npm run proof:faults` (step 6, proof 3) in the default run: under a mixed load of 30
// connections, the database goes away and returns, the SMSC goes away and returns, then SIGTERM; the script
// must report only expected answers, recovery, a quick 503 for a code while the SMSC is gone, no request lost
// at shutdown and exit code 0.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

test("faults under load: database outage, SMSC outage and SIGTERM are survived as promised", { timeout: 240_000 }, async () => {
  const child = spawn(process.execPath, [path.join(rootDir, "scripts", "proof-faults.ts")], {
    cwd: rootDir,
    env: { ...process.env, PROOF_CONNECTIONS: "30", PROOF_DURATION: "8" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  expect(output, output.slice(-4000)).toContain("RESULT: PASSED");
  expect(code).toBe(0);
  expect(output).toMatch(/\/readyz during the outage: 503; ready again [\d.]+ s after the database returned/);
  expect(output).toMatch(/SMSC gone: login2 answered 503 in \d+ ms; SMSC back: login2 answered 200/);
  expect(output).toMatch(/exit code 0; \d+ requests in that run, 0 not answered 200/);
  expect(output).toContain("connections still checked out once the load was over: 0");
});
