// A Vite plugin of the client build: next to every script, style sheet, SVG, JSON or text file it writes
// its brotli (quality 11) and gzip (level 9) twins, `<file>.br` and `<file>.gz`, once, at build time. The
// server sends a twin as it is (server/http.ts, serveStatic `precompressed`), so an asset costs no CPU
// per request and reaches the subscriber at the smallest size the best settings give, which no per-request
// compression could afford. A twin that would not be smaller than its file is not written.
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Plugin } from "vite";
import { COMPRESSIBLE } from "./compressible.ts";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);


async function* filesUnder(directory: string): AsyncGenerator<string> {
  for (const entry of await readdir(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

/** Writes the twins of every compressible file under `directory`; answers how many files and bytes. */
export async function precompressDirectory(directory: string): Promise<{ files: number; rawBytes: number; brotliBytes: number }> {
  const totals = { files: 0, rawBytes: 0, brotliBytes: 0 };
  const jobs: Promise<void>[] = [];
  for await (const file of filesUnder(directory)) {
    jobs.push(
      (async () => {
        const raw = await readFile(file);
        const [br, gz] = await Promise.all([
          brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
          gzip(raw, { level: 9 }),
        ]);
        if (br.length < raw.length) await writeFile(`${file}.br`, br);
        if (gz.length < raw.length) await writeFile(`${file}.gz`, gz);
        totals.files += 1;
        totals.rawBytes += raw.length;
        totals.brotliBytes += Math.min(br.length, raw.length);
      })(),
    );
  }
  await Promise.all(jobs);
  return totals;
}

/** The plugin: runs once the client bundle is written (not for the server bundle). */
export function precompress(): Plugin {
  return {
    name: "precompress-client-assets",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options) {
      if (!options.dir) return;
      const { files, rawBytes, brotliBytes } = await precompressDirectory(options.dir);
      this.environment.logger.info(`precompressed ${files} files: ${(rawBytes / 1024).toFixed(0)} KB → ${(brotliBytes / 1024).toFixed(0)} KB brotli`);
    },
  };
}
