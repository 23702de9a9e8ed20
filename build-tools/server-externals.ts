// The packages the production server build leaves outside, imported from node_modules at start. Everything else the
// server imports is bundled into build/server (vite.config.ts says why): sharp is a native addon with per-platform
// packages, and pino's transports run worker files found by path. (The embedded PostgreSQL's binaries are imported by
// a name made at run time, for the machine's platform: never bundled.) tests/api/platform.test.ts checks that the
// build imports nothing else.
export const SERVER_EXTERNALS = ["sharp", "pino"];
