// The subscriber half of `npm run bench` (scripts/bench.ts): registers many numbers, then measures the
// whole login flow (POST core/api/users/login2 → the code SMS → POST api/users/signin) as flows per second
// and flow latency.
//
// Where the code comes from: by default the bench server runs in production mode with the `smpp` SMS
// driver, sending to the small SMSC below on loopback, which hands each code to the flow that waits for
// it: so the figures include the real SMPP path and no development-only endpoint. With BENCH_SMS=outbox
// the server uses the `outbox` driver and the flow reads the code from GET /dev/sms-outbox?gsm=… (newest
// first), which only exists outside production: that mode runs the server with NODE_ENV=development.
import { constants, createPublicKey, publicEncrypt, randomInt } from "node:crypto";
import type { AddressInfo } from "node:net";
import smpp from "smpp";
import type { PDU, Session } from "smpp";

/** Sending limits of one-time codes raised for the bench (server/config.ts ranges), so that no flow is refused. */
export const BENCH_OTP_LIMITS = {
  OTP_RESEND_SECONDS: "0",
  OTP_SENDS_PER_NUMBER_10_MIN: "100000",
  OTP_SENDS_PER_NUMBER_HOUR: "100000",
  OTP_SENDS_PER_IP_HOUR: "10000000",
};

const SMSC_SYSTEM_ID = "bench";
const SMSC_PASSWORD = "bench";
/** How long a flow waits for its code SMS before it counts as failed. */
const CODE_TIMEOUT_MS = 10_000;
const ACCEPT_ENCODING = "gzip";

/** The six-digit code of an OTP text: its only run of six digits (Arabic-Indic digits read as 0–9). */
export function codeFromText(text: string): string | undefined {
  const digits = text.replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660));
  return /(?<!\d)\d{6}(?!\d)/.exec(digits)?.[0];
}

/** The bench's SMSC: each SMS to a number some flow waits for hands that flow its code. */
export interface BenchSmsc {
  /** smpp://system_id:password@127.0.0.1:port, for the server's SMPP_URL. */
  url: string;
  /** unexpected: a code no flow waited for; notices: SMS without a code (bundle confirmations of the My line target). */
  counts: { binds: number; messages: number; unexpected: number; notices: number };
  /** Starts waiting for the next SMS to the number (call before requesting it); `code` resolves with its code. */
  expectCode(number: string): { code: Promise<string>; cancel(): void };
  /** Starts waiting for the next SMS to the number, whatever it holds; `message` resolves with it. */
  expectMessage(number: string): { message: Promise<SmscMessage>; cancel(): void };
  close(): Promise<void>;
  /** The SMSC goes away (for the fault proofs): its sessions are cut and it stops listening. */
  stop(): Promise<void>;
  /** …and comes back on the same port. */
  restart(): Promise<void>;
}

/** One submit_sm as the SMSC received it. */
export interface SmscMessage {
  to: string;
  text: string;
  /** Whether the text came whole in the message_payload TLV (longer than one SMS) rather than in short_message. */
  inPayload: boolean;
}

interface MessageWaiter {
  resolve(message: SmscMessage): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/** The text of a submit_sm: its message_payload or short_message, as the `smpp` package decodes them. */
function messageText(pdu: PDU): string {
  const body = pdu.message_payload ?? pdu.short_message;
  if (typeof body === "object" && body !== null && "message" in body && typeof body.message === "string") return body.message;
  return "";
}

/**
 * An SMSC on 127.0.0.1 (the `smpp` package's server) that accepts the bench server's transmitter bind
 * and passes each message to whoever waits for that number (a flow waiting for its code, a test).
 */
export async function startBenchSmsc(): Promise<BenchSmsc> {
  /** number → whoever waits for its next SMS */
  const waiting = new Map<string, MessageWaiter>();
  const counts = { binds: 0, messages: 0, unexpected: 0, notices: 0 };
  const server = smpp.createServer({}, (session: Session) => {
    session.on("error", () => {}); // the app closing its end is not an error of the bench
    session.on("bind_transmitter", (pdu: PDU) => {
      const ok = pdu.system_id === SMSC_SYSTEM_ID && pdu.password === SMSC_PASSWORD;
      if (ok) counts.binds += 1;
      session.send(pdu.response(ok ? { system_id: "bench-smsc" } : { command_status: smpp.errors.ESME_RINVPASWD }));
    });
    session.on("submit_sm", (pdu: PDU) => {
      counts.messages += 1;
      session.send(pdu.response({ message_id: String(counts.messages) }));
      const message = { to: String(pdu.destination_addr), text: messageText(pdu), inPayload: pdu.message_payload !== undefined };
      const waiter = waiting.get(message.to);
      if (!waiter) {
        if (codeFromText(message.text)) counts.unexpected += 1;
        else counts.notices += 1;
        return;
      }
      waiting.delete(message.to);
      clearTimeout(waiter.timer);
      waiter.resolve(message);
    });
    session.on("enquire_link", (pdu: PDU) => session.send(pdu.response()));
    session.on("unbind", (pdu: PDU) => session.send(pdu.response(), () => session.close()));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as AddressInfo;
  const close = () => {
    for (const session of [...server.sessions]) session.destroy();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  const expectMessage = (number: string) => {
    if (waiting.has(number)) throw new Error(`already waiting for an SMS to ${number}`);
    let timer: NodeJS.Timeout | undefined;
    const message = new Promise<SmscMessage>((resolve, reject) => {
      timer = setTimeout(() => {
        waiting.delete(number);
        reject(new Error(`no SMS to ${number} within ${CODE_TIMEOUT_MS} ms`));
      }, CODE_TIMEOUT_MS);
      waiting.set(number, { resolve, reject, timer });
    });
    const cancel = () => {
      clearTimeout(timer);
      waiting.delete(number);
    };
    return { message, cancel };
  };
  return {
    url: `smpp://${SMSC_SYSTEM_ID}:${SMSC_PASSWORD}@127.0.0.1:${port}`,
    counts,
    expectMessage,
    expectCode(number) {
      const { message, cancel } = expectMessage(number);
      const code = message.then(({ text }) => codeFromText(text) ?? Promise.reject(new Error(`the SMS to ${number} holds no six-digit code`)));
      return { code, cancel };
    },
    close,
    stop: close,
    restart() {
      return new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, "127.0.0.1", resolve);
      });
    },
  };
}

/** A code on its way to one number: read() once it was requested, cancel() when the request failed. */
interface PendingCode {
  read(): Promise<string>;
  cancel(): void;
}

/** What one bench's flows share: the site, the number encryption and where the codes come from. */
export interface LoginBench {
  baseUrl: string;
  /** The spec API's encryption of a number (or "number#code") under the server's public key. */
  encrypt(text: string): string;
  /** Called before the code is requested. */
  codeFor(number: string): PendingCode;
}

/** Where each flow gets its code: from the bench SMSC when there is one, else from GET /dev/sms-outbox. */
function codeSource(baseUrl: string, smsc: BenchSmsc | undefined): (number: string) => PendingCode {
  if (smsc) {
    return (number) => {
      const { code, cancel } = smsc.expectCode(number);
      code.catch(() => {}); // read() rethrows; a flow that failed earlier never reads it
      return { read: () => code, cancel };
    };
  }
  // The outbox is read once the code request answered; a number belongs to one worker at a time, so
  // the newest message to it is this flow's.
  return (number) => ({
    cancel() {},
    async read() {
      const response = await fetch(`${baseUrl}/dev/sms-outbox?gsm=${encodeURIComponent(number)}`, { headers: { "accept-encoding": ACCEPT_ENCODING } });
      if (response.status !== 200) throw new FlowError("dev/sms-outbox", response.status);
      const messages: unknown = await response.json();
      const newest: unknown = Array.isArray(messages) ? messages[0] : undefined;
      const text = typeof newest === "object" && newest !== null && "text" in newest && typeof newest.text === "string" ? newest.text : "";
      const code = codeFromText(text);
      if (!code) throw new Error(`the outbox has no code for ${number}`);
      return code;
    },
  });
}

class FlowError extends Error {
  readonly step: string;
  readonly status: number;

  constructor(step: string, status: number, detail = "") {
    super(`${step} answered ${status}${detail ? `: ${detail}` : ""}`);
    this.step = step;
    this.status = status;
  }
}

/** The number encryption of the spec API: RSA-OAEP with SHA-256 under the server's public key, base64. */
async function numberEncryption(baseUrl: string): Promise<(text: string) => string> {
  const response = await fetch(`${baseUrl}/core/api/users/publicKey`, { headers: { "accept-encoding": ACCEPT_ENCODING } });
  if (response.status !== 200) throw new Error(`GET core/api/users/publicKey answered ${response.status}`);
  const pem = dataField(await response.json(), "pem");
  if (pem === undefined) throw new Error("GET core/api/users/publicKey answered no data.pem");
  const key = createPublicKey(pem);
  return (text) => publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" }, Buffer.from(text)).toString("base64");
}

/** The string `data[field]` of a spec API answer ({ data: {…} }), or undefined. */
function dataField(answer: unknown, field: string): string | undefined {
  if (typeof answer !== "object" || answer === null || !("data" in answer)) return undefined;
  const data: unknown = answer.data;
  if (typeof data !== "object" || data === null || !(field in data)) return undefined;
  const value: unknown = (data as Record<string, unknown>)[field];
  return typeof value === "string" ? value : undefined;
}

async function postForm(url: string, fields: Record<string, string>): Promise<{ status: number; body: string }> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "accept-encoding": ACCEPT_ENCODING },
    body: new URLSearchParams(fields),
  });
  const body = await response.text();
  return { status: response.status, body };
}

/**
 * One code request and sign-in: POST requestPath (gsm) → the code SMS → POST api/users/signin. Resolves with
 * the token and the time of each step (ms).
 */
async function requestCodeAndSignIn(context: LoginBench, requestPath: string, number: string): Promise<{ token: string; steps: Record<FlowStep | "total", number> }> {
  const { baseUrl, encrypt, codeFor } = context;
  const started = performance.now();
  const pending = codeFor(number);
  let requested: number;
  try {
    const answer = await postForm(`${baseUrl}/${requestPath}`, { gsm: encrypt(number) });
    if (answer.status !== 200) throw new FlowError(requestPath, answer.status, answer.body.slice(0, 200));
    requested = performance.now();
  } catch (error) {
    pending.cancel();
    throw error;
  }
  const code = await pending.read();
  const coded = performance.now();
  const signIn = await postForm(`${baseUrl}/api/users/signin`, { data: encrypt(`${number}#${code}`) });
  if (signIn.status !== 200) throw new FlowError("api/users/signin", signIn.status, signIn.body.slice(0, 200));
  const token = dataField(JSON.parse(signIn.body), "token");
  if (typeof token !== "string") throw new FlowError("api/users/signin", signIn.status, "no data.token");
  const ended = performance.now();
  return { token, steps: { request: requested - started, code: coded - requested, signIn: ended - coded, total: ended - started } };
}

/** The timed steps of a flow: the code request, the wait for the SMS, the sign-in. */
const FLOW_STEPS = ["request", "code", "signIn"] as const;
type FlowStep = (typeof FLOW_STEPS)[number];

/** The figures of one phase (warm-up or measured) of login flows. */
export interface LoginPhase {
  flows: number;
  durationSeconds: number;
  flowsPerSecond: number;
  latencyMs: LatencyFigures;
  stepsP50Ms: Record<string, number | undefined>;
  stepsP99Ms: Record<string, number | undefined>;
  failed: number;
  failures: Record<string, number>;
}

/** A new number of the login ranges: 09, then 4|5|6|7, then seven digits. */
function randomNumber(): string {
  return `09${4 + randomInt(4)}${String(randomInt(10_000_000)).padStart(7, "0")}`;
}

/** Runs fn(workerIndex) on `concurrency` workers until each returns false. */
async function onWorkers(concurrency: number, fn: (worker: number) => Promise<boolean>): Promise<void> {
  await Promise.all(Array.from({ length: concurrency }, async (_, worker) => {
    while (await fn(worker));
  }));
}

export async function prepareLoginBench({ baseUrl, smsc }: { baseUrl: string; smsc: BenchSmsc | undefined }): Promise<LoginBench> {
  return { baseUrl, encrypt: await numberEncryption(baseUrl), codeFor: codeSource(baseUrl, smsc) };
}

/** How long registering keeps trying after its first 503 (the workers share the budget), and the pause after each. */
const SETUP_UNAVAILABLE_BUDGET_MS = 30_000;
const SETUP_RETRY_MS = 1_000;

/**
 * Setup, not timed: registers `count` distinct new numbers (signup2 + signin). A number the database
 * already has (signup2 answers 409) is replaced by another. Returns Map number → session token.
 */
export async function registerNumbers(context: LoginBench, { count, concurrency }: { count: number; concurrency: number }): Promise<Map<string, string>> {
  const tokens = new Map<string, string>();
  const tried = new Set<string>();
  let taken = 0;
  let unavailableSince: number | undefined;
  await onWorkers(Math.min(concurrency, count), async () => {
    if (taken >= count) return false;
    taken += 1;
    for (;;) {
      const number = randomNumber();
      if (tried.has(number)) continue;
      tried.add(number);
      try {
        const { token } = await requestCodeAndSignIn(context, "core/api/users/signup2", number);
        tokens.set(number, token);
        return true;
      } catch (error) {
        if (error instanceof FlowError && error.status === 409) continue;
        // A 503 says "try again shortly": on a crowded machine the database can be slower than a proof's short
        // statement timeout while the new instance warms up. Setup is not what a proof judges, so it tries again
        // after a pause, for a while, and says so (a proof that fails prints the server's log lines).
        if (error instanceof FlowError && error.status === 503) {
          unavailableSince ??= performance.now();
          if (performance.now() - unavailableSince < SETUP_UNAVAILABLE_BUDGET_MS) {
            process.stderr.write(`registering ${number}: ${error.step} answered 503; trying another number in ${SETUP_RETRY_MS} ms\n`);
            await new Promise((resolve) => setTimeout(resolve, SETUP_RETRY_MS));
            continue;
          }
        }
        throw new Error(`registering ${number}: ${messageOf(error)}`, { cause: error });
      }
    }
  });
  return tokens;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function percentile(sorted: readonly number[], fraction: number): number | undefined {
  if (sorted.length === 0) return undefined;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

export interface LatencyFigures {
  mean: number | undefined;
  p50: number | undefined;
  p90: number | undefined;
  p99: number | undefined;
  max: number | undefined;
}

function latencyFigures(values: readonly number[]): LatencyFigures {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    mean: sorted.length ? sorted.reduce((sum, value) => sum + value, 0) / sorted.length : undefined,
    p50: percentile(sorted, 0.5),
    p90: percentile(sorted, 0.9),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1),
  };
}

/**
 * Login flows on `concurrency` workers for `seconds`: each worker logs in its own numbers in turn (a
 * number is never in two flows at once). Updates `tokens` with each new session.
 */
async function loginPhase(context: LoginBench, tokens: Map<string, string>, { concurrency, seconds }: { concurrency: number; seconds: number }): Promise<LoginPhase> {
  const numbers = [...tokens.keys()];
  const workers = Math.min(concurrency, numbers.length);
  const totals: number[] = [];
  const steps: Record<FlowStep, number[]> = { request: [], code: [], signIn: [] };
  const failures = new Map<string, number>(); // "step status" → count
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let ended = started;
  const turn = new Array<number>(workers).fill(0);
  await onWorkers(workers, async (worker) => {
    if (performance.now() >= deadline) return false;
    const taken = turn[worker] ?? 0;
    turn[worker] = taken + 1;
    const number = numbers[worker + workers * (taken % Math.ceil((numbers.length - worker) / workers))];
    if (number === undefined) throw new Error(`login worker ${worker} found no number at turn ${taken}`);
    try {
      const flow = await requestCodeAndSignIn(context, "core/api/users/login2", number);
      tokens.set(number, flow.token);
      totals.push(flow.steps.total);
      for (const step of FLOW_STEPS) steps[step].push(flow.steps[step]);
    } catch (error) {
      const key = error instanceof FlowError ? `${error.step} ${error.status}` : messageOf(error).replace(/\d{10}/g, "<number>");
      failures.set(key, (failures.get(key) ?? 0) + 1);
    }
    ended = performance.now();
    return true;
  });
  const durationSeconds = (ended - started) / 1000;
  return {
    flows: totals.length,
    durationSeconds,
    flowsPerSecond: totals.length / Math.max(durationSeconds, 1e-9),
    latencyMs: latencyFigures(totals),
    stepsP50Ms: Object.fromEntries(Object.entries(steps).map(([step, values]) => [step, latencyFigures(values).p50])),
    stepsP99Ms: Object.fromEntries(Object.entries(steps).map(([step, values]) => [step, latencyFigures(values).p99])),
    failed: [...failures.values()].reduce((sum, count) => sum + count, 0),
    failures: Object.fromEntries(failures),
  };
}

/** Warm-up, then the measured run, of the login flow; the tokens map ends with each number's newest session. */
export async function runLoginFlows(
  context: LoginBench,
  tokens: Map<string, string>,
  { concurrency, warmupSeconds, durationSeconds }: { concurrency: number; warmupSeconds: number; durationSeconds: number },
): Promise<{ concurrency: number; numbers: number; warmup: LoginPhase | undefined; measured: LoginPhase }> {
  const warmup = warmupSeconds > 0 ? await loginPhase(context, tokens, { concurrency, seconds: warmupSeconds }) : undefined;
  const measured = await loginPhase(context, tokens, { concurrency, seconds: durationSeconds });
  return { concurrency: Math.min(concurrency, tokens.size), numbers: tokens.size, warmup, measured };
}
