// The packages the production server build leaves outside, imported from node_modules when they are needed.
// Everything else the server imports is bundled into build/server (vite.config.ts says why):
// - sharp: a native addon with packages per platform;
// - pino: its transports run worker files found by path;
// - smpp: CommonJS written for sloppy mode (lib/pdu.js assigns a variable it never declares), which throws in the
//   bundle's strict ES module: an SMS sent in a message_payload (a long one) failed ("skipUdh is not defined", seen in the bench);
// - prom-client: its tdigest's bintrees has the same flaw (`ret = true` in BinTree.insert, never declared). tdigest
//   uses bintrees' RBTree, which declares it, so nothing failed; but the build's check (below) cannot tell code that runs from
//   code that does not, and loading prom-client from node_modules costs a few files at start;
// - pg-native: pg's optional native driver, which pg looks for only when asked (`pg.native`); bundled, its absence
//   would be a stub that throws instead of the "not installed" pg expects.
// (The embedded PostgreSQL's binaries are imported by a name made at run time, for the machine's platform: never
// bundled.) tests/api/platform.test.ts checks that the build imports nothing else, and that no bundled code assigns a
// variable it never declares.
export const SERVER_EXTERNALS = ["sharp", "pino", "smpp", "prom-client", "pg-native"];
