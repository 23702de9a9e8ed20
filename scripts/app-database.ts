// The database the app uses, for the scripts that work on it while the site runs or not: DATABASE_URL when
// set; otherwise the embedded server under DATA_DIR (default ./data): the running site's socket, or — when
// the site is not running — the server started just for the script (`stop` stops it again).
import { existsSync } from "node:fs";
import path from "node:path";

const EMBEDDED_DATABASE_NAME = "operator";
const SOCKET_PORT = 5432;

export interface AppDatabase {
  url: string;
  /** Stops the embedded server when this script started it; nothing otherwise. */
  stop(): Promise<void>;
}

export async function connectionUrl(): Promise<AppDatabase> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => {} };
  const dataDir = path.resolve(process.env.DATA_DIR || "./data");
  const socketDir = path.join(dataDir, "run");
  if (existsSync(path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}`))) {
    return { url: `postgresql://postgres@localhost/${EMBEDDED_DATABASE_NAME}?host=${encodeURIComponent(socketDir)}&port=${SOCKET_PORT}`, stop: async () => {} };
  }
  const [{ ensureDatabase, startEmbeddedPostgres }, { createLogger }] = await Promise.all([import("../server/db/embedded-server.ts"), import("../server/logger.ts")]);
  const embedded = await startEmbeddedPostgres(dataDir, createLogger("silent"));
  await ensureDatabase(embedded.url("postgres"), EMBEDDED_DATABASE_NAME);
  return { url: embedded.url(EMBEDDED_DATABASE_NAME), stop: () => embedded.stop() };
}
