// A tablespace in memory for the run's databases (the template and every clone of it), when the test server lets us
// make one: cloning and dropping a database then costs a fifth of its CPU.
//
// Why: a clone of the template writes some 600 files and a drop deletes them, a few hundred times a run. On the
// machines here (ext4 without a journal) the kernel does not hand out an inode deleted in the last minute, and looks
// past each such inode when it makes a file, so each clone cost 0.3–0.6 CPU-s of kernel time while the run dropped
// clones, against 0.07 in a tmpfs folder (docs/PERFORMANCE.md). The databases are thrown away at the end of the run;
// they are still PostgreSQL's own, on the same server, with the same SQL.
//
// A tablespace in memory is lost with the machine, and PostgreSQL's crash recovery cannot replay into a tablespace
// that is gone: on a server that outlives the run, that is a risk to the whole server. So it is taken on the run's own
// embedded server, and on TEST_DATABASE_URL's server only when TEST_DATABASE_MEMORY=1 says that server is throwaway
// (`.ci/run` says so of a CI machine's). It also needs: Linux with /dev/shm (tmpfs) and at least 1 GiB free there; a
// role that is a superuser (CREATE TABLESPACE, and reading the server's postmaster.pid to know it is this machine's
// server); and a folder there that the server's system user owns (we are that user, or root). Otherwise the databases
// stay in the server's default tablespace, as before, and the run says why.
//
// A run holds an advisory lock on the server for as long as it lives: the next run drops the tablespace (and its
// databases) of a run whose lock is free (killed), and the folders in /dev/shm of runs on this machine whose process
// has ended and that no tablespace of its server names (an embedded server's run, killed).
import { chownSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statfsSync, statSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { dropDatabasesWithPrefix, quoteIdentifier, withClient } from "./database.ts";

const MEMORY_FOLDER = "/dev/shm";
const TMPFS_MAGIC = 0x01021994;
/** Below this free in MEMORY_FOLDER, no tablespace: the template and the clones alive at once take a few hundred MB. */
const MIN_FREE_BYTES = 1024 ** 3;
/** The first key of the runs' advisory locks (the second is the run's prefix, hashed). */
const LOCK_SPACE = 0x6f70; // "op"
/** The tablespace of the run with database prefix `prefix` (op_<pid>_<time>, tests/support/database-setup.ts), and its folder. */
const tablespaceOf = (prefix: string) => `${prefix}_mem`;
const folderOf = (prefix: string) => path.join(MEMORY_FOLDER, `operator-tests-${prefix}`);
const RUN_TABLESPACE = /^(op_\d+_[0-9a-z]+)_mem$/;
const RUN_FOLDER = /^operator-tests-(op_(\d+)_[0-9a-z]+)$/;

export interface MemoryTablespace {
  name: string;
  /** Its folder, for the run whose embedded server stopped with it still there. */
  location: string;
  /** Drops the tablespace (its databases first dropped) and its folder, and lets go of the run's lock. */
  drop(): Promise<void>;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Drops what killed runs left: on this server, each run tablespace whose run's lock is free, with its databases; on
 * this machine, each run folder in MEMORY_FOLDER whose process has ended and that no tablespace of this server names.
 */
async function dropLeftovers(adminUrl: string): Promise<void> {
  const named = new Set<string>();
  await withClient(adminUrl, async (client) => {
    const { rows } = await client.query<{ name: string; location: string }>("select spcname as name, pg_tablespace_location(oid) as location from pg_tablespace");
    for (const { name, location } of rows) {
      named.add(location);
      const prefix = RUN_TABLESPACE.exec(name)?.[1];
      if (!prefix || location !== folderOf(prefix)) continue;
      const { rows: lock } = await client.query<{ free: boolean }>("select pg_try_advisory_lock($1, hashtext($2)) as free", [LOCK_SPACE, prefix]);
      if (!lock[0]?.free) continue;
      try {
        await dropDatabasesWithPrefix(adminUrl, `${prefix}_`);
        await client.query(`drop tablespace if exists ${quoteIdentifier(name)}`);
        rmSync(location, { recursive: true, force: true });
      } catch (error) {
        process.stderr.write(`tests: could not drop the tablespace ${name} of an earlier run: ${(error as Error).message}\n`);
      } finally {
        await client.query("select pg_advisory_unlock($1, hashtext($2))", [LOCK_SPACE, prefix]);
      }
    }
  });
  for (const entry of readdirSync(MEMORY_FOLDER)) {
    const run = RUN_FOLDER.exec(entry);
    const location = path.join(MEMORY_FOLDER, entry);
    if (run && !alive(Number(run[2])) && !named.has(location)) rmSync(location, { recursive: true, force: true });
  }
}

/**
 * Makes the run's tablespace in memory, or answers why it does not (the run then goes on without it). `ownServer`:
 * the server is the run's own embedded one, which ends with the run.
 */
export async function memoryTablespace(adminUrl: string, prefix: string, ownServer: boolean): Promise<MemoryTablespace | { reason: string }> {
  const refuse = (reason: string) => ({ reason });
  if (!ownServer && process.env.TEST_DATABASE_MEMORY !== "1") return refuse("TEST_DATABASE_URL's server outlives the run; TEST_DATABASE_MEMORY=1 says it is throwaway");
  if (process.platform !== "linux" || !existsSync(MEMORY_FOLDER) || statfsSync(MEMORY_FOLDER).type !== TMPFS_MAGIC) return refuse(`${MEMORY_FOLDER} is not a tmpfs`);
  const { bavail, bsize } = statfsSync(MEMORY_FOLDER);
  if (bavail * bsize < MIN_FREE_BYTES) return refuse(`${MEMORY_FOLDER} has ${Math.round((bavail * bsize) / 1024 ** 2)} MB free, less than ${MIN_FREE_BYTES / 1024 ** 2} MB`);
  let server: { dataDirectory: string; pidFile: string };
  try {
    server = await withClient(adminUrl, async (client) => {
      const { rows } = await client.query<{ superuser: boolean }>("select rolsuper as superuser from pg_roles where rolname = current_user");
      if (!rows[0]?.superuser) throw new Error("the role is not a superuser");
      const settings = await client.query<{ dataDirectory: string; pidFile: string }>(`select current_setting('data_directory') as "dataDirectory", pg_read_file('postmaster.pid') as "pidFile"`);
      return settings.rows[0]!;
    });
  } catch (error) {
    return refuse((error as Error).message);
  }
  // The same postmaster.pid (its process, start time, port and socket) read here: the server runs on this machine.
  let owner: { uid: number; gid: number };
  try {
    if (readFileSync(path.join(server.dataDirectory, "postmaster.pid"), "utf8") !== server.pidFile) return refuse("the server runs on another machine");
    owner = statSync(server.dataDirectory);
  } catch {
    return refuse("the server's data directory cannot be read from here (another machine, or another user's)");
  }

  await dropLeftovers(adminUrl).catch((error: Error) => process.stderr.write(`tests: could not look for what earlier runs left: ${error.message}\n`));

  const name = tablespaceOf(prefix);
  const location = folderOf(prefix);
  // The run's lock, held on a connection of its own until drop(): while it is held, no other run drops this one's.
  const lock = new pg.Client({ connectionString: adminUrl, application_name: "operator-website-tests" });
  lock.on("error", () => {});
  try {
    await lock.connect();
    await lock.query("select pg_advisory_lock($1, hashtext($2))", [LOCK_SPACE, prefix]);
    mkdirSync(location, { mode: 0o700 });
    if (process.getuid?.() !== owner.uid) chownSync(location, owner.uid, owner.gid);
    await lock.query(`create tablespace ${quoteIdentifier(name)} location ${lock.escapeLiteral(location)}`);
  } catch (error) {
    await lock.end().catch(() => {});
    rmSync(location, { recursive: true, force: true });
    return refuse(`no tablespace in ${MEMORY_FOLDER}: ${(error as Error).message}`);
  }
  return {
    name,
    location,
    async drop() {
      try {
        await lock.query(`drop tablespace if exists ${quoteIdentifier(name)}`);
        rmSync(location, { recursive: true, force: true });
      } finally {
        await lock.end().catch(() => {});
      }
    },
  };
}
