#!/usr/bin/env node
// Load generator of `npm run bench` (scripts/bench.ts), run as its own Node process so that the
// requests are produced on a different event loop (and, on a multi-core machine, a different CPU)
// than the server being measured.
//
// Input: one JSON document on stdin
//   { "targets": [{ "name", "url", "headers", "bearerTokens"?, "sessionForms"? }], "connections": 50, "duration": 10, "warmup": 3 }
// where bearerTokens, when given, are sent in turn as `Authorization: Bearer <token>`, one per request,
// so that the load spreads over many sessions as real traffic does; sessionForms ({sessions: [{token, gsm}],
// fields, uniqueKey?}) make the target a form POST of `gsm=<the session's number>&fields…` with that session's
// token, and `uniqueKey=<a value new on every request>` when uniqueKey names a field.
// Output: one JSON document on stdout
//   { "results": [{ "name", "url", "warmup": {...}, "measured": {...} }] }
// where each {...} holds the figures bench.ts needs (requests/s, latency percentiles, status counts,
// bytes/s). Progress messages go to stderr so that stdout stays pure JSON.
import autocannon from "autocannon";
import type { Request as LoadRequest, Result as LoadResult } from "autocannon";

/** Signed-in form posts: each request is the next session's number, with its token. */
export interface SessionForms {
  sessions: { token: string; gsm: string }[];
  fields: Record<string, string>;
  /** A field that must hold a new value on every request (an order's idempotency key). */
  uniqueKey?: string;
}

export interface LoadTarget {
  name: string;
  url: string;
  headers: Record<string, string>;
  bearerTokens?: string[];
  sessionForms?: SessionForms;
}

/** The document bench.ts writes to this process's stdin. */
export interface LoadConfig {
  targets: LoadTarget[];
  connections: number;
  /** Seconds of each measured run. */
  duration: number;
  /** Seconds of warm-up before each target's measured run (0: none). */
  warmup: number;
}

/** The figures of one autocannon run that the bench reports. */
export interface LoadFigures {
  duration: number;
  requests: number;
  requestsPerSecond: number;
  latencyMs: { mean: number; p50: number; p90: number; p99: number; max: number };
  bytesPerSecond: number;
  count2xx: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  resets: number;
  statusCodes: Record<string, number>;
}

/** The document this process prints on stdout: one result per target, in the order of the targets. */
export interface LoadOutput {
  results: { name: string; url: string; warmup: LoadFigures | undefined; measured: LoadFigures }[];
}

/** An autocannon setupRequest that gives each request the next token of the list. */
function rotateBearerTokens(tokens: readonly string[]) {
  let next = 0;
  return (request: LoadRequest): LoadRequest => {
    const token = tokens[next++ % tokens.length];
    return { ...request, headers: { ...request.headers, authorization: `Bearer ${token}` } };
  };
}

/** An autocannon setupRequest that posts the form of the next session: its number, with its token. */
function rotateSessionForms({ sessions, fields, uniqueKey }: SessionForms) {
  let next = 0;
  const run = Date.now().toString(36);
  return (request: LoadRequest): LoadRequest => {
    const count = next++;
    const session = sessions[count % sessions.length];
    if (!session) throw new Error("sessionForms needs at least one session");
    const { token, gsm } = session;
    // A field that must differ on every request (an order's idempotency key): this run's, and a counter.
    const unique = uniqueKey ? { [uniqueKey]: `bench-${run}-${process.pid}-${count}` } : {};
    return {
      ...request,
      method: "POST",
      headers: { ...request.headers, authorization: `Bearer ${token}`, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ gsm, ...fields, ...unique }).toString(),
    };
  };
}

/** Runs autocannon once and keeps only the figures the report uses. */
async function run(target: LoadTarget, { connections, duration }: { connections: number; duration: number }): Promise<LoadFigures> {
  const result: LoadResult = await autocannon({
    url: target.url,
    method: "GET",
    headers: target.headers,
    connections,
    duration,
    // One request at a time per connection, like a browser (no HTTP pipelining).
    pipelining: 1,
    // A request that takes longer than this counts as a timeout (an error), not a success.
    timeout: 10,
    ...(target.bearerTokens?.length ? { requests: [{ setupRequest: rotateBearerTokens(target.bearerTokens) }] } : {}),
    ...(target.sessionForms ? { requests: [{ setupRequest: rotateSessionForms(target.sessionForms) }] } : {}),
  });
  return {
    duration: result.duration,
    requests: result.requests.total,
    requestsPerSecond: result.requests.average,
    latencyMs: {
      mean: result.latency.mean,
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    // Bytes per second on the wire (after gzip when the server compressed the response).
    bytesPerSecond: result.throughput.average,
    count2xx: result["2xx"],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    resets: result.resets,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count])),
  };
}

async function main() {
  let input = "";
  for await (const chunk of process.stdin) input += chunk;
  // Written by scripts/bench.ts, which runs this process: trusted as its LoadConfig.
  const config = JSON.parse(input) as LoadConfig;
  const results: LoadOutput["results"] = [];
  for (const target of config.targets) {
    process.stderr.write(`  load: ${target.name}: warm-up ${config.warmup} s, then ${config.duration} s at ${config.connections} connections\n`);
    // Warm-up: JIT, caches and database connections settle; its figures are kept only to check status codes.
    const warmup = config.warmup > 0 ? await run(target, { connections: config.connections, duration: config.warmup }) : undefined;
    const measured = await run(target, { connections: config.connections, duration: config.duration });
    results.push({ name: target.name, url: target.url, warmup, measured });
  }
  const output: LoadOutput = { results };
  process.stdout.write(`${JSON.stringify(output)}\n`);
}

main().catch((error) => {
  process.stderr.write(`bench-load: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
