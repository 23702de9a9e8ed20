// Prometheus metrics of one instance (GET /metrics with the METRICS_TOKEN bearer; off when unset): request
// rate and latency by route, one-time codes sent / verified / failed and their ratio (a falling verified ÷
// sent is the sign of SMS pumping), SMS gateway errors, database pool use, reservation holds expired, the runs of the
// scheduled jobs, the renewal notices told, refused and given up, and Node's own process metrics.
import client from "prom-client";
import type pg from "pg";

export interface Metrics {
  registry: client.Registry;
  observeRequest(route: string, method: string, status: number, seconds: number): void;
  codeSent(purpose: string): void;
  codeVerified(purpose: string): void;
  codeFailed(reason: "wrong" | "invalid"): void;
  smsError(): void;
  holdsExpired(count: number): void;
  databaseUnavailable(): void;
  /** A guest page answered from the page cache (hit) or rendered (miss). */
  pageCache(hit: boolean): void;
  /** One call of the charging driver to the BSS: its operation (a fixed name), outcome and time. */
  bssCall(operation: string, outcome: BssCallOutcome, seconds: number): void;
  /** One finished run of a scheduled job of this instance (server/periodic.ts). */
  periodicRun(job: PeriodicJobName, outcome: PeriodicOutcome): void;
  /** Renewal notices this instance told, saw refused by the SMS gateway (tried again later) and gave up. */
  renewalNotices(told: number, refused: number, givenUp: number): void;
}

/** The jobs every instance runs on a schedule (server/periodic.ts), as named in the metrics. */
const PERIODIC_JOBS = ["reservation-expiry", "bundle-renewal", "content-schedule", "content-version"] as const;
export type PeriodicJobName = (typeof PERIODIC_JOBS)[number];
const PERIODIC_OUTCOMES = ["ok", "failed"] as const;
export type PeriodicOutcome = (typeof PERIODIC_OUTCOMES)[number];

/** ok: answered 2xx; refused: a 4xx the driver maps; failed: timeout, 5xx, connection; open: not sent, breaker open. */
export type BssCallOutcome = "ok" | "refused" | "failed" | "open";

export function createMetrics(pool: pg.Pool | null): Metrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const requests = new client.Counter({ name: "http_requests_total", help: "HTTP requests answered, by route, method and status", labelNames: ["route", "method", "status"], registers });
  const duration = new client.Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer an HTTP request (headers sent), by route and method",
    labelNames: ["route", "method"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const sent = new client.Counter({ name: "otp_codes_sent_total", help: "One-time codes accepted by the SMS gateway, by purpose", labelNames: ["purpose"], registers });
  const verified = new client.Counter({ name: "otp_codes_verified_total", help: "One-time codes verified, by purpose", labelNames: ["purpose"], registers });
  const failed = new client.Counter({ name: "otp_codes_failed_total", help: "Code submissions refused (wrong code, or no valid code)", labelNames: ["reason"], registers });
  let sentCount = 0;
  let verifiedCount = 0;
  new client.Gauge({
    name: "otp_verified_to_sent_ratio",
    help: "Codes verified ÷ codes sent since this instance started (low values suggest SMS pumping)",
    registers,
    collect() {
      this.set(sentCount === 0 ? 1 : verifiedCount / sentCount);
    },
  });
  const smsErrors = new client.Counter({ name: "sms_gateway_errors_total", help: "Messages the SMS gateway did not accept", registers });
  const holds = new client.Counter({ name: "reservation_holds_expired_total", help: "Number reservations ended by the expiry sweep of this instance", registers });
  const pageCacheAnswers = new client.Counter({ name: "page_cache_answers_total", help: "Guest pages answered from the page cache (hit) or rendered (miss)", labelNames: ["result"], registers });
  const bssCalls = new client.Counter({ name: "bss_calls_total", help: "Calls of the tmf charging driver to the BSS, by operation and outcome", labelNames: ["operation", "outcome"], registers });
  const bssDuration = new client.Histogram({
    name: "bss_call_duration_seconds",
    help: "Time of a call to the BSS (each try), by operation",
    labelNames: ["operation"],
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const periodicRuns = new client.Counter({ name: "periodic_runs_total", help: "Finished runs of this instance's scheduled jobs, by job and outcome (ok, failed)", labelNames: ["job", "outcome"], registers });
  // Every series from the start at 0, so that a job's first failure is an increase that rate() and increase() see.
  for (const job of PERIODIC_JOBS) for (const outcome of PERIODIC_OUTCOMES) periodicRuns.labels(job, outcome).inc(0);
  const renewalNotices = new client.Counter({
    name: "renewal_notices_total",
    help: "Renewal SMS notices by outcome: told, refused (tried again later), given_up (refused at the last try)",
    labelNames: ["outcome"],
    registers,
  });
  for (const outcome of ["told", "refused", "given_up"]) renewalNotices.labels(outcome).inc(0);
  const unavailable = new client.Counter({ name: "database_unavailable_total", help: "Requests answered 503 because the database was unreachable or too slow", registers });
  if (pool) {
    const gauge = (name: string, help: string, read: () => number) =>
      new client.Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read());
        },
      });
    gauge("db_pool_connections", "Connections the pool holds (busy and idle)", () => pool.totalCount);
    gauge("db_pool_idle_connections", "Idle connections in the pool", () => pool.idleCount);
    gauge("db_pool_waiting_requests", "Queries waiting for a free connection", () => pool.waitingCount);
  }
  return {
    registry,
    observeRequest(route, method, status, seconds) {
      requests.inc({ route, method, status: String(status) });
      duration.observe({ route, method }, seconds);
    },
    codeSent(purpose) {
      sentCount += 1;
      sent.inc({ purpose });
    },
    codeVerified(purpose) {
      verifiedCount += 1;
      verified.inc({ purpose });
    },
    codeFailed(reason) {
      failed.inc({ reason });
    },
    smsError() {
      smsErrors.inc();
    },
    holdsExpired(count) {
      holds.inc(count);
    },
    databaseUnavailable() {
      unavailable.inc();
    },
    pageCache(hit) {
      pageCacheAnswers.inc({ result: hit ? "hit" : "miss" });
    },
    bssCall(operation, outcome, seconds) {
      bssCalls.inc({ operation, outcome });
      if (outcome !== "open") bssDuration.observe({ operation }, seconds);
    },
    periodicRun(job, outcome) {
      periodicRuns.inc({ job, outcome });
    },
    renewalNotices(told, refused, givenUp) {
      renewalNotices.inc({ outcome: "told" }, told);
      renewalNotices.inc({ outcome: "refused" }, refused);
      renewalNotices.inc({ outcome: "given_up" }, givenUp);
    },
  };
}

const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** The method as a label: any other token a client sends shares one value. */
export function methodLabel(method: string): string {
  return KNOWN_METHODS.has(method) ? method : "other";
}
