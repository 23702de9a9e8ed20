// The first command works wherever the clone is: `npm start` from a folder whose parent is private
// (a clone under /root, or in a `mktemp -d` folder, both 0700). As root the embedded PostgreSQL runs as
// the `postgres` system user, who cannot pass through such a parent: the cluster then lives in a folder
// that user owns, named in the start log and in DATA_DIR/postgres-location.txt. Not as root, the server
// runs as ourselves and the cluster stays in DATA_DIR/postgres.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { CLUSTER_LOCATION_NOTE, relocatedClusterDir } from "../../server/db/embedded-server.ts";
import { rootDir, startApp, type AppProcess } from "./app-process.ts";

const privateParent = mkdtempSync(path.join(os.tmpdir(), "op-private-"));
const clone = path.join(privateParent, "clone");
const dataDir = path.join(clone, "data");
mkdirSync(dataDir, { recursive: true, mode: 0o700 });
// The clone, built and installed, as hard links of this checkout (node_modules included, so the
// PostgreSQL binaries too are behind the private folder, as on a real clone).
for (const entry of readdirSync(rootDir)) {
  if (entry !== ".git" && entry !== "data") execFileSync("cp", ["-al", path.join(rootDir, entry), clone]);
}
const asRoot = os.userInfo().uid === 0;
let app: AppProcess | undefined;

afterAll(async () => {
  if (app && app.child.exitCode === null) {
    app.child.kill("SIGTERM");
    await app.exited;
  }
  if (asRoot) rmSync(relocatedClusterDir(dataDir), { recursive: true, force: true });
  rmSync(privateParent, { recursive: true, force: true });
});

it(`starts from a clone inside a 0700 folder (${asRoot ? "as root" : "not as root"}) and serves pages from its database`, async () => {
  expect(statSync(privateParent).mode & 0o777, "the parent folder is private").toBe(0o700);
  app = await startApp({ DATA_DIR: dataDir }, { timeoutMs: 120_000, cwd: clone });
  const ready = await fetch(`${app.url}/readyz`);
  expect(ready.status, app.output()).toBe(200);
  const page = await fetch(`${app.url}/home`);
  expect(page.status).toBe(200);
  expect(statSync(privateParent).mode & 0o777, "the user's private folder is left private").toBe(0o700);

  if (asRoot) {
    const clusterDir = relocatedClusterDir(dataDir);
    expect(existsSync(path.join(clusterDir, "postgres", "PG_VERSION")), `the cluster is in ${clusterDir}`).toBe(true);
    expect(readFileSync(path.join(dataDir, CLUSTER_LOCATION_NOTE), "utf8")).toContain(clusterDir);
    const logged = app.output().split("\n").find((line) => line.includes('"clusterDir"'));
    expect(logged, `the start log names where the cluster is:\n${app.output()}`).toContain(clusterDir);
  } else {
    expect(existsSync(path.join(dataDir, "postgres", "PG_VERSION"))).toBe(true);
    expect(existsSync(path.join(dataDir, CLUSTER_LOCATION_NOTE))).toBe(false);
  }
}, 180_000);
