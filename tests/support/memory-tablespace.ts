// A tablespace in memory for the run's databases (the template and every clone of it), when the test server runs on
// this machine and lets us make one: cloning and dropping a database then costs a fifth of its CPU.
//
// Why: a clone of the template writes some 600 files and a drop deletes them, a few hundred times a run. On the
// machines here (ext4 without a journal) the kernel does not hand out an inode deleted in the last minute, and looks
// past each such inode when it makes a file, so each clone cost 0.3–0.6 CPU-s of kernel time while the run dropped
// clones, against 0.07 in a tmpfs folder (docs/PERFORMANCE.md). The databases are thrown away at the end of the run;
// they are still PostgreSQL's own, on the same server, with the same SQL.
//
// It needs: Linux with /dev/shm (tmpfs); a role that is a superuser (CREATE TABLESPACE, and reading the server's
// postmaster.pid to know it is this machine's server); and a folder there that the server's system user owns (we are
// that user, or root). Otherwise the databases stay in the server's default tablespace, as before, and the run says
// why. Tablespaces of runs that ended without their teardown (killed) are dropped by the next run on this machine.
import { chownSync, existsSync, mkdirSync, readFileSync, rmSync, statfsSync, statSync } from "node:fs";
import path from "node:path";
import { dropDatabasesWithPrefix, quoteIdentifier, withClient } from "./database.ts";

const MEMORY_FOLDER = "/dev/shm";
const TMPFS_MAGIC = 0x01021994;
/** The tablespace of the run with database prefix `prefix` (op_<pid>_<time>, tests/support/database-setup.ts). */
const tablespaceOf = (prefix: string) => `${prefix}_mem`;
const RUN_TABLESPACE = /^(op_(\d+)_[0-9a-z]+)_mem$/;

/** The tablespace, or why there is none. */
export type MemoryTablespace = { name: string; drop(): Promise<void> } | { reason: string };

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function dropTablespace(adminUrl: string, name: string, location: string): Promise<void> {
  await withClient(adminUrl, (client) => client.query(`drop tablespace if exists ${quoteIdentifier(name)}`));
  rmSync(location, { recursive: true, force: true });
}

/**
 * Drops the tablespaces of earlier runs on this machine whose process has ended, with their databases (a killed run
 * leaves them, and its memory with them). One that cannot be dropped is left, and said.
 */
async function dropStaleTablespaces(adminUrl: string): Promise<void> {
  const stale = await withClient(adminUrl, (client) =>
    client.query<{ name: string; location: string }>("select spcname as name, pg_tablespace_location(oid) as location from pg_tablespace where spcname like 'op\\_%\\_mem'"),
  );
  for (const { name, location } of stale.rows) {
    const run = RUN_TABLESPACE.exec(name);
    if (!run || alive(Number(run[2])) || !location.startsWith(`${MEMORY_FOLDER}/`)) continue;
    try {
      await dropDatabasesWithPrefix(adminUrl, run[1]!);
      await dropTablespace(adminUrl, name, location);
    } catch (error) {
      process.stderr.write(`tests: could not drop the tablespace ${name} of an earlier run: ${(error as Error).message}\n`);
    }
  }
}

/** Makes the run's tablespace in memory, or answers why it cannot (the run then goes on without it). */
export async function memoryTablespace(adminUrl: string, prefix: string): Promise<MemoryTablespace> {
  const refuse = (reason: string): MemoryTablespace => ({ reason });
  if (process.platform !== "linux" || !existsSync(MEMORY_FOLDER) || statfsSync(MEMORY_FOLDER).type !== TMPFS_MAGIC) return refuse(`${MEMORY_FOLDER} is not a tmpfs`);
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

  await dropStaleTablespaces(adminUrl).catch((error: Error) => process.stderr.write(`tests: could not look for the tablespaces of earlier runs: ${error.message}\n`));

  const name = tablespaceOf(prefix);
  const location = path.join(MEMORY_FOLDER, `operator-tests-${prefix}`);
  try {
    mkdirSync(location, { mode: 0o700 });
    if (process.getuid?.() !== owner.uid) chownSync(location, owner.uid, owner.gid);
    await withClient(adminUrl, (client) => client.query(`create tablespace ${quoteIdentifier(name)} location ${client.escapeLiteral(location)}`));
  } catch (error) {
    rmSync(location, { recursive: true, force: true });
    return refuse(`no tablespace in ${MEMORY_FOLDER}: ${(error as Error).message}`);
  }
  return { name, drop: () => dropTablespace(adminUrl, name, location) };
}
