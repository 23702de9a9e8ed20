#!/usr/bin/env node
// Starts the site. Production: imports the built server bundle (npm run build).
// Development (--dev): Vite serves modules with hot reload in front of the same app.
// --seed loads the demo content of content/*.json before serving.
import { existsSync } from "node:fs";
import module from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

// The site runs with `node --disable-proto=delete` (package.json, Dockerfile): Object.prototype.__proto__
// does not exist, so no request can reach a prototype through it (the body reader refuses such names too).
if (Object.getOwnPropertyDescriptor(Object.prototype, "__proto__")) {
  process.stderr.write("warning: started without --disable-proto=delete (see README, The edge)\n");
}
const args = new Set(process.argv.slice(2));
const seed = args.has("--seed");

if (args.has("--dev")) {
  const vite = await import("vite");
  const devServer = await vite.createServer({ root: rootDir, server: { middlewareMode: true }, appType: "custom" });
  const { main } = await devServer.ssrLoadModule(path.join(rootDir, "server/app.ts"));
  await main({ rootDir, seed, viteMiddleware: devServer.middlewares });
} else {
  const bundle = path.join(rootDir, "build/server/index.js");
  if (!existsSync(bundle)) {
    process.stderr.write("The site is not built yet: run `npm run build` (or `npm start`, which builds).\n");
    process.exit(1);
  }
  // Node keeps the bundle's compiled code (in NODE_COMPILE_CACHE, else node_modules/.cache of this checkout, which
  // only its owner writes: not a temporary folder others could fill first): a start after the first reads it instead
  // of compiling the 5 MB bundle again (0.80 → 0.67 CPU-s a start, docs/PERFORMANCE.md). A folder it cannot write
  // leaves the start as it was.
  module.enableCompileCache?.(process.env.NODE_COMPILE_CACHE || path.join(rootDir, "node_modules", ".cache", "node-compile-cache"));
  const { main } = await import(pathToFileURL(bundle).href);
  await main({ rootDir, seed });
}
