// Starts the built app as a real child process, the way `npm start` does, for the operations tests
// (crash recovery, graceful shutdown, a clone in a private folder), through the one spawner of our tools
// (scripts/app-process.ts). Each caller chooses the DATA_DIR/DATABASE_URL.
import type { ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { rootDir, startAppProcess } from "../../scripts/app-process.ts";

export { rootDir };

export interface AppProcess {
  child: ChildProcess;
  url: string;
  output(): string;
  /** The exit code (null when a signal ended it). */
  exited: Promise<number | null>;
}

export async function startApp(env: Record<string, string>, { seed = true, timeoutMs = 60_000, cwd = rootDir } = {}): Promise<AppProcess> {
  if (!existsSync(path.join(cwd, "build/server/index.js"))) {
    throw new Error("build/server/index.js is missing: run `npm run build` before the operations tests");
  }
  const app = await startAppProcess({
    cwd,
    timeoutMs,
    args: seed ? ["--seed"] : [],
    env: { ...(process.env as Record<string, string>), PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info", NODE_ENV: "test", DATABASE_URL: "", ...env },
  });
  return { child: app.child, url: app.url, output: app.output, exited: app.exited.then(({ code }) => code) };
}
