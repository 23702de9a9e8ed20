// Starts the built app as a real child process, the way `npm start` does, for the operations tests
// (crash recovery, graceful shutdown, start-up time). Each caller chooses the DATA_DIR/DATABASE_URL.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

export const rootDir = path.resolve(import.meta.dirname, "../..");

export interface AppProcess {
  child: ChildProcess;
  url: string;
  output(): string;
  exited: Promise<number | null>;
}

export async function startApp(env: Record<string, string>, { seed = true, timeoutMs = 60_000, cwd = rootDir } = {}): Promise<AppProcess> {
  if (!existsSync(path.join(cwd, "build/server/index.js"))) {
    throw new Error("build/server/index.js is missing: run `npm run build` before the operations tests");
  }
  const child = spawn(process.execPath, ["--disable-proto=delete", "server/serve.js", ...(seed ? ["--seed"] : [])], {
    cwd,
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info", NODE_ENV: "test", DATABASE_URL: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the app did not start within ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const onData = () => {
      for (const line of output.split("\n")) {
        if (!line.includes('"listening"')) continue;
        try {
          const entry = JSON.parse(line) as { url?: string };
          if (entry.url) {
            clearTimeout(timer);
            child.stdout!.off("data", onData);
            resolve(entry.url);
            return;
          }
        } catch {
          // not a complete JSON line yet
        }
      }
    };
    child.stdout!.on("data", onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the app exited (${code}) before listening:\n${output}`));
    });
  });
  return { child, url, output: () => output, exited };
}
