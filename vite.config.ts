import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { precompress } from "./build-tools/precompress.ts";
import { SERVER_EXTERNALS } from "./build-tools/server-externals.ts";
import { shellChunk } from "./build-tools/shell-chunk.ts";

// The server bundle's entry is our Hono app (server/app.ts), which imports React Router's
// server build itself: the API, the pages and every server module then share one module
// graph, so there is one database pool and one set of services per process.
//
// The production build bundles the server's dependencies too, instead of leaving Node to import them file by file
// at every start: Node reads a package's package.json again for each of its files (react-aria alone opens some
// 1,400), which was about 1 CPU-second of every start (1.6 → 0.66 CPU-s, docs/PERFORMANCE.md "The server
// bundled"); build-tools/server-externals.ts names the few left outside, and why. The bundled libraries are their
// production builds whatever NODE_ENV the server starts with (a test server starts with NODE_ENV=test): the React
// that renders the tests' pages is the React of production, twice as fast as its development build. Development
// (`--dev`) keeps Vite's own module loading, where CommonJS packages cannot be bundled. Our own code never reads
// `process.env.NODE_ENV` (the lint refuses it): it reads the config's NODE_ENV, which the define cannot freeze.
export default defineConfig(({ command }) => ({
  build: { assetsInlineLimit: 0, sourcemap: process.env.BUILD_SOURCEMAP === "1" },
  environments: {
    client: {
      build: { rolldownOptions: { output: { codeSplitting: { groups: [{ name: shellChunk() }] } } } },
    },
    ssr: {
      build: { rollupOptions: { input: "./server/app.ts" } },
      ...(command === "build"
        ? { resolve: { noExternal: true, external: SERVER_EXTERNALS }, define: { "process.env.NODE_ENV": JSON.stringify("production") } }
        : // drizzle-orm is ESM, so the module runner can bundle it: its 175 KB package.json was read again for each of
          // its 108 files (about a second of every start, docs/PERFORMANCE.md "Time to ready").
          { resolve: { noExternal: ["drizzle-orm"] } }),
    },
  },
  plugins: [tailwindcss(), reactRouter(), precompress()],
}));
