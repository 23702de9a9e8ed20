// The embedded database survives the worst stops: the app killed with SIGKILL while writing, and the
// database server killed with it. A restart comes up cleanly (stale server or lock dealt with) and
// every write that was acknowledged is still there.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { isProcessRunning as isAlive } from "../../server/db/embedded-server.ts";
import { startApp, type AppProcess } from "./app-process.ts";

/** Each test has its own data directory: neither needs what the other left behind. */
const dataDirs: string[] = [];
const running: AppProcess[] = [];

function freshDataDir(): string {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "op-crash-"));
  dataDirs.push(dataDir);
  return dataDir;
}

const socketUrl = (dataDir: string) => `postgresql://postgres@localhost/operator?host=${encodeURIComponent(path.join(dataDir, "run"))}&port=5432`;

function postmasterPid(dataDir: string): number {
  return Number(readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0]);
}

/** Polls until `done` holds (every 25 ms, at most `timeoutMs`): no fixed pause. */
async function until(done: () => boolean, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > end) throw new Error(`still waiting after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function start(dataDir: string): Promise<AppProcess> {
  const app = await startApp({ DATA_DIR: dataDir });
  running.push(app);
  return app;
}

afterAll(async () => {
  for (const app of running) if (app.child.exitCode === null) app.child.kill("SIGKILL");
  for (const dataDir of dataDirs) {
    try {
      const pid = postmasterPid(dataDir);
      if (isAlive(pid)) {
        process.kill(pid, "SIGINT");
        await until(() => !isAlive(pid));
      }
    } catch {
      // no server left
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
});

describe("crash recovery of the embedded database", () => {
  it("keeps every acknowledged write when the app and its database are killed mid-write", async () => {
    const dataDir = freshDataDir();
    const acknowledged: number[] = [];
    const app = await start(dataDir);
    const client = new pg.Client({ connectionString: socketUrl(dataDir) });
    client.on("error", () => {}); // the server is killed under it on purpose
    await client.connect();
    await client.query("create table if not exists crash_probe (id integer primary key, written_at timestamptz not null default now())");
    // Writes keep going while the app and then the database server are killed with SIGKILL.
    const writing = (async () => {
      for (let id = 1; id <= 5000; id++) {
        try {
          await client.query("insert into crash_probe (id) values ($1)", [id]);
          acknowledged.push(id);
        } catch {
          return;
        }
      }
    })();
    // Killed in the middle of the writing: once a hundred rows are acknowledged.
    await until(() => acknowledged.length >= 100);
    app.child.kill("SIGKILL");
    await app.exited;
    process.kill(postmasterPid(dataDir), "SIGKILL");
    await writing;
    await client.end().catch(() => {});
    expect(acknowledged.length).toBeGreaterThan(0);

    const restarted = await start(dataDir);
    const ready = await fetch(`${restarted.url}/readyz`);
    expect(ready.status).toBe(200);
    const check = new pg.Client({ connectionString: socketUrl(dataDir) });
    await check.connect();
    const { rows } = await check.query<{ id: number }>("select id from crash_probe order by id");
    await check.end();
    const present = new Set(rows.map((row) => row.id));
    const lost = acknowledged.filter((id) => !present.has(id));
    expect(lost, `acknowledged writes lost after the crash: ${lost.slice(0, 10).join(", ")}`).toEqual([]);
    // Demo content survived as well.
    const cities = await fetch(`${restarted.url}/customerCare/api/city/all`);
    expect(((await cities.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);
    restarted.child.kill("SIGKILL");
    await restarted.exited;
  });

  it("stops a database server left running by a killed app, then starts cleanly", async () => {
    // Its own orphan: an app killed with SIGKILL leaves its database server running.
    const dataDir = freshDataDir();
    const killed = await start(dataDir);
    killed.child.kill("SIGKILL");
    await killed.exited;
    const orphan = postmasterPid(dataDir);
    expect(isAlive(orphan), "the killed app's database server should still be running as an orphan").toBe(true);
    const app = await start(dataDir);
    expect(isAlive(orphan), "the orphaned server must have been stopped").toBe(false);
    expect((await fetch(`${app.url}/readyz`)).status).toBe(200);

    app.child.kill("SIGTERM");
    expect(await app.exited, "graceful shutdown exits 0").toBe(0);
    const current = (() => {
      try {
        return postmasterPid(dataDir);
      } catch {
        return 0;
      }
    })();
    expect(current === 0 || !isAlive(current), "SIGTERM also stops the embedded database").toBe(true);
  });
});
