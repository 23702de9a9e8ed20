// A key kept outside the database (the vouchers' hash key, the console's secret key): the configured value,
// or else one made at the first call and kept in a file of DATA_DIR (mode 0600), the same ever after. Of two
// processes starting at once, one writes the file (`wx`) and the other reads what it wrote. Instances that share
// a database must share the key: configure it.
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** The key as text (base64url of 32 random bytes when made here). */
export function localKey({ configured, dataDir, file }: { configured?: string; dataDir: string; file: string }): string {
  if (configured) return configured;
  const where = path.join(dataDir, file);
  try {
    return readFileSync(where, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(where, `${randomBytes(32).toString("base64url")}\n`, { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return readFileSync(where, "utf8").trim();
}

/**
 * `make(config)` at its first call for each config object (one per running app: tests start several), then the
 * same answer: the key files are read once per app, not on every request.
 */
export function oncePerConfig<Config extends object, Value>(make: (config: Config) => Value): (config: Config) => Value {
  const made = new WeakMap<Config, Value>();
  return (config) => {
    if (!made.has(config)) made.set(config, make(config));
    return made.get(config)!;
  };
}
