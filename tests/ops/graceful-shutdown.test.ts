// SIGTERM during traffic: the requests in flight finish with their answers, /readyz says 503
// meanwhile, a connection lingering after a refused body is closed at once, and the process exits 0 with its
// embedded database stopped.
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { connect } from "node:net";
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

/**
 * A client that sends a body far over its route's limit without end, a piece every 50 ms (half open: the server's
 * end after its 413 does not stop it), as an uploader does: the server answers and then lingers, reading and
 * dropping what comes (server/edge/lingering-close.ts). Answers when the 413 was read, and when the server closed.
 */
function uploadWithoutEnd(url: string): Promise<{ closedAt: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const { port, hostname, host } = new URL(url);
    const socket = connect({ port: Number(port), host: hostname, allowHalfOpen: true });
    let read = "";
    const closedAt = new Promise<number>((done) => socket.once("close", () => done(Date.now())));
    socket.on("error", () => {});
    socket.on("data", (data: Buffer) => {
      read += data.toString("latin1");
      if (/^HTTP\/1\.1 413 /.test(read)) resolve({ closedAt });
    });
    void closedAt.then(() => reject(new Error(`closed before its 413; read "${read.slice(0, 80)}"`)));
    socket.once("connect", async () => {
      socket.write(`POST /api/users/resendCode HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: ${64 * 1024 * 1024}\r\n\r\n`);
      while (!socket.destroyed && socket.writable) {
        socket.write(Buffer.alloc(16 * 1024, "a"));
        await new Promise((wait) => setTimeout(wait, 50));
      }
    });
  });
}

/** When the app logged `message` (pino's time, in ms since the epoch, on the same clock as Date.now()). */
function loggedAt(output: string, message: string): number {
  const line = output.split("\n").find((text) => text.includes(`"msg":"${message}"`));
  expect(line, `the log says "${message}"`).toBeDefined();
  return (JSON.parse(line!) as { time: number }).time;
}

describe("graceful shutdown", () => {
  it("finishes every request in flight, then exits 0", async () => {
    app = await startApp({ DATA_DIR: dataDir });
    expect(await get(`${app.url}/home`)).toBe(200);
    const lingering = await uploadWithoutEnd(app.url);
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
    // The lingering connection is closed as the server closes, not when its own bound (5 s) runs out: a shutdown
    // does not wait for it.
    const closedAfterClosing = (await lingering.closedAt) - loggedAt(app.output(), "closing: no new connections, finishing requests in flight");
    expect(closedAfterClosing, "ms from the server's close to the lingering connection's").toBeLessThan(1_000);
  });
});
