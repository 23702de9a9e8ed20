import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { precompress } from "./build-tools/precompress.ts";
import { shellChunk } from "./build-tools/shell-chunk.ts";

// The server bundle's entry is our Hono app (server/app.ts), which imports React Router's
// server build itself: the API, the pages and every server module then share one module
// graph, so there is one database pool and one set of services per process.
export default defineConfig({
  build: { assetsInlineLimit: 0, sourcemap: process.env.BUILD_SOURCEMAP === "1" },
  environments: {
    client: {
      build: { rolldownOptions: { output: { codeSplitting: { groups: [{ name: shellChunk() }] } } } },
    },
    ssr: {
      build: { rollupOptions: { input: "./server/app.ts" } },
      // Bundled into the server build rather than imported file by file at start: Node reads a package's
      // package.json again for each of its files, and drizzle-orm's is 175 KB (108 files: about a second
      // of every start, docs/PERFORMANCE.md "Time to ready").
      resolve: { noExternal: ["drizzle-orm"] },
    },
  },
  plugins: [tailwindcss(), reactRouter(), precompress()],
});
