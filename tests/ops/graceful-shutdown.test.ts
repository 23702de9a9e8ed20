// SIGTERM during traffic: the requests in flight finish with their answers, /readyz says 503
// meanwhile, and the process exits 0 with its embedded database stopped.
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startApp, type AppProcess } from "./app-process.ts";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "op-shutdown-"));
let app: AppProcess | undefined;

afterAll(async () => {
  if (app && app.child.exitCode === null) app.child.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

function get(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http.get(url, { agent: false }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    }).on("error", reject);
  });
}

describe("graceful shutdown", () => {
  it("finishes every request in flight, then exits 0", async () => {
    app = await startApp({ DATA_DIR: dataDir });
    expect(await get(`${app.url}/home`)).toBe(200);
    const inFlight = Array.from({ length: 40 }, (_, index) => get(`${app!.url}/${index % 2 ? "home" : "bundles"}`));
    await new Promise((resolve) => setTimeout(resolve, 5));
    app.child.kill("SIGTERM");
    const statuses = await Promise.allSettled(inFlight);
    const answered = statuses.filter((result) => result.status === "fulfilled").map((result) => (result as PromiseFulfilledResult<number>).value);
    // Requests the server had accepted are all answered in full; none fails half way.
    expect(answered.every((status) => status === 200), `statuses: ${answered.join(",")}`).toBe(true);
    expect(answered.length).toBeGreaterThan(0);
    // Only connections the server never accepted may fail, and only by being refused.
    const failures = statuses.filter((result) => result.status === "rejected").map((result) => (result as PromiseRejectedResult).reason?.code);
    expect(failures.filter((code) => code !== "ECONNREFUSED"), "requests cut off during shutdown").toEqual([]);
    expect(await app.exited).toBe(0);
    expect(app.output()).toContain('"msg":"stopped"');
  });
});
