import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// The server bundle's entry is our Hono app (server/app.ts), which imports React Router's
// server build itself: the API, the pages and every server module then share one module
// graph, so there is one database pool and one set of services per process.
export default defineConfig({
  build: { assetsInlineLimit: 0 },
  environments: {
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
  plugins: [tailwindcss(), reactRouter()],
});
