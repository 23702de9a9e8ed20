// The HTTP side of the tmf charging driver (docs/OPERATIONS.md, "Charging: the TM Forum driver"): OAuth2
// client credentials (RFC 6749 §4.4) against BSS_TOKEN_URL, a time limit on every call, retries with
// backoff only for the calls the caller marks repeatable (reads, and writes the BSS makes idempotent), and
// a circuit breaker: after N consecutive failed tries (timeout, 5xx, connection refused or dropped) no call
// is sent for the cooldown, then one trial call decides. While the BSS is away every call fails at once
// with ChargingError CHARGING_UNAVAILABLE (503 + Retry-After at the edge). A 4xx is not a failure of the
// BSS: it is handed back to the caller, which maps the refusal. Neither the client secret nor a token is
// ever logged; log lines name the operation, never a number, voucher or query.
import type { Logger } from "../logger.ts";
import type { BssCallOutcome, Metrics } from "../metrics.ts";
import { ChargingError } from "./types.ts";

export interface TmfClientOptions {
  /** The BSS's API root; request paths (`/tmf-api/…`) are resolved below it. */
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
  /** Extra tries of a repeatable call after a failed one. */
  retries: number;
  breakerFailures: number;
  breakerCooldownMs: number;
  /** First backoff between tries; doubled each try, with jitter. */
  backoffMs?: number;
  logger?: Pick<Logger, "warn" | "error">;
  metrics?: Pick<Metrics, "bssCall">;
  /** The clock of the token cache and the breaker (tests move it instead of sleeping). */
  now?: () => number;
}

export interface TmfRequest {
  /** A fixed name for logs and metrics (`listBucket`, `createProductOrder` …), never a value. */
  operation: string;
  method: "GET" | "POST" | "PATCH";
  /** Below baseUrl, e.g. `/tmf-api/productInventory/v4/product`. */
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  contentType?: string;
  /** May be sent again after a failed try: the BSS does it at most once whatever the number of tries. */
  repeatable: boolean;
}

export interface TmfAnswer {
  status: number;
  headers: Headers;
  /** The parsed JSON body, or null when there was none or it was not JSON. */
  body: unknown;
}

/** A try that did not reach an answer of the BSS (or got a 5xx): it counts for the breaker. */
class BssFailure extends Error {}

const TOKEN_REFRESH_MARGIN_MS = 30_000;

export class TmfClient {
  private token: { value: string; expiresAt: number } | undefined;
  private tokenFetch: Promise<string> | undefined;
  private consecutiveFailures = 0;
  private openUntil = 0;
  private trialInFlight = false;
  private readonly now: () => number;
  private readonly backoffMs: number;

  constructor(private readonly options: TmfClientOptions) {
    this.now = options.now ?? Date.now;
    this.backoffMs = options.backoffMs ?? 100;
  }

  /** closed: calls go; open: none go until the cooldown ends; half-open: one trial call goes. */
  get breakerState(): "closed" | "open" | "half-open" {
    if (this.openUntil === 0) return "closed";
    return this.now() < this.openUntil ? "open" : "half-open";
  }

  async request(request: TmfRequest): Promise<TmfAnswer> {
    const state = this.breakerState;
    if (state === "open" || (state === "half-open" && this.trialInFlight)) {
      this.options.metrics?.bssCall(request.operation, "open", 0);
      throw new ChargingError("CHARGING_UNAVAILABLE", {}, false);
    }
    const trial = state === "half-open";
    if (trial) this.trialInFlight = true;
    try {
      const tries = request.repeatable && !trial ? this.options.retries + 1 : 1;
      for (let attempt = 1; ; attempt += 1) {
        const started = performance.now();
        try {
          const answer = await this.send(request);
          this.recordSuccess();
          this.observe(request.operation, answer.status < 400 ? "ok" : "refused", started);
          return answer;
        } catch (error) {
          if (!(error instanceof BssFailure)) throw error;
          this.observe(request.operation, "failed", started);
          this.recordFailure();
          this.options.logger?.warn({ operation: request.operation, attempt, err: error.message }, "BSS call failed");
          if (attempt >= tries || this.breakerState === "open") throw new ChargingError("CHARGING_UNAVAILABLE");
          await delay(this.backoffMs * 2 ** (attempt - 1) * (0.5 + Math.random() / 2));
        }
      }
    } finally {
      if (trial) this.trialInFlight = false;
    }
  }

  private observe(operation: string, outcome: BssCallOutcome, started: number): void {
    this.options.metrics?.bssCall(operation, outcome, (performance.now() - started) / 1000);
  }

  private recordSuccess(): void {
    this.consecutiveFailures = 0;
    this.openUntil = 0;
  }

  private recordFailure(): void {
    this.consecutiveFailures += 1;
    // A failed trial opens it again at once; otherwise N failures in a row open it.
    if (this.openUntil !== 0 || this.consecutiveFailures >= this.options.breakerFailures) {
      if (this.openUntil === 0 || this.now() >= this.openUntil) this.options.logger?.warn({ cooldownMs: this.options.breakerCooldownMs }, "BSS circuit breaker open");
      this.openUntil = this.now() + this.options.breakerCooldownMs;
    }
  }

  /** One try: the call with the cached token; a 401 fetches a new token and sends it once more. */
  private async send(request: TmfRequest): Promise<TmfAnswer> {
    let answer = await this.fetchOnce(request, await this.accessToken());
    if (answer.status === 401) {
      this.token = undefined;
      answer = await this.fetchOnce(request, await this.accessToken());
      if (answer.status === 401) throw new BssFailure("the BSS refused a fresh access token (401)");
    }
    return answer;
  }

  private async fetchOnce(request: TmfRequest, token: string): Promise<TmfAnswer> {
    const url = new URL(request.path.replace(/^\//, ""), this.options.baseUrl.endsWith("/") ? this.options.baseUrl : `${this.options.baseUrl}/`);
    for (const [name, value] of Object.entries(request.query ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: "application/json" };
    if (request.body !== undefined) headers["content-type"] = request.contentType ?? "application/json";
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        method: request.method,
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: AbortSignal.timeout(this.options.timeoutMs),
        redirect: "error",
      });
      text = await response.text();
    } catch (error) {
      throw new BssFailure(describeFetchError(error));
    }
    if (response.status >= 500) throw new BssFailure(`answered ${response.status}`);
    return { status: response.status, headers: response.headers, body: parseJson(text) };
  }

  /** The cached access token, or a new one (one fetch at a time, whatever the calls waiting for it). */
  private async accessToken(): Promise<string> {
    if (this.token && this.now() < this.token.expiresAt) return this.token.value;
    this.tokenFetch ??= this.fetchToken().finally(() => {
      this.tokenFetch = undefined;
    });
    return this.tokenFetch;
  }

  private async fetchToken(): Promise<string> {
    const { clientId, clientSecret, tokenUrl, timeoutMs } = this.options;
    // RFC 6749 §2.3.1: the client id and secret are form-urlencoded before the Basic encoding.
    const basic = Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString("base64");
    let response: Response;
    let text: string;
    try {
      response = await fetch(tokenUrl, {
        method: "POST",
        headers: { authorization: `Basic ${basic}`, "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
        body: "grant_type=client_credentials",
        signal: AbortSignal.timeout(timeoutMs),
        redirect: "error",
      });
      text = await response.text();
    } catch (error) {
      throw new BssFailure(`token endpoint: ${describeFetchError(error)}`);
    }
    const body = parseJson(text) as { access_token?: unknown; token_type?: unknown; expires_in?: unknown } | null;
    if (!response.ok || typeof body?.access_token !== "string" || !body.access_token || (typeof body.token_type === "string" && body.token_type.toLowerCase() !== "bearer")) {
      // 4xx here is our credentials (a configuration error), 5xx the server: either way no call can be made.
      this.options.logger?.error({ status: response.status }, "BSS token endpoint did not give an access token");
      throw new BssFailure(`token endpoint answered ${response.status}`);
    }
    const lifetimeMs = typeof body.expires_in === "number" && body.expires_in > 0 ? body.expires_in * 1000 : 60_000;
    // Refreshed shortly before it expires: 30 s before, or at nine tenths of a short lifetime.
    const margin = Math.min(TOKEN_REFRESH_MARGIN_MS, lifetimeMs / 10);
    this.token = { value: body.access_token, expiresAt: this.now() + lifetimeMs - margin };
    return body.access_token;
  }
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function describeFetchError(error: unknown): string {
  if (error instanceof DOMException && error.name === "TimeoutError") return "timed out";
  const cause = error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined;
  return cause?.code ?? (error instanceof Error ? error.name : "fetch failed");
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
