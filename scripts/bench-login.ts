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
import smpp from "smpp";

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
export function codeFromText(text) {
  const digits = text.replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660));
  return /(?<!\d)\d{6}(?!\d)/.exec(digits)?.[0];
}

/**
 * An SMSC on 127.0.0.1 (the `smpp` package's server) that accepts the bench server's transmitter bind
 * and passes each message's code to whoever waits for that number.
 */
export async function startBenchSmsc() {
  /** number → { resolve, reject, timer } of the flow waiting for its code */
  const waiting = new Map();
  /** unexpected: a code no flow waited for; notices: SMS without a code (bundle confirmations of the My line target). */
  const counts = { binds: 0, messages: 0, unexpected: 0, notices: 0 };
  const server = smpp.createServer({}, (session) => {
    session.on("error", () => {}); // the app closing its end is not an error of the bench
    session.on("bind_transmitter", (pdu) => {
      const ok = pdu.system_id === SMSC_SYSTEM_ID && pdu.password === SMSC_PASSWORD;
      if (ok) counts.binds += 1;
      session.send(pdu.response(ok ? { system_id: "bench-smsc" } : { command_status: smpp.errors.ESME_RINVPASWD }));
    });
    session.on("submit_sm", (pdu) => {
      counts.messages += 1;
      session.send(pdu.response({ message_id: String(counts.messages) }));
      const text = (pdu.message_payload ?? pdu.short_message)?.message ?? "";
      const waiter = waiting.get(pdu.destination_addr);
      if (!waiter) {
        if (codeFromText(text)) counts.unexpected += 1;
        else counts.notices += 1;
        return;
      }
      waiting.delete(pdu.destination_addr);
      clearTimeout(waiter.timer);
      const code = codeFromText(text);
      if (code) waiter.resolve(code);
      else waiter.reject(new Error(`the SMS to ${pdu.destination_addr} holds no six-digit code`));
    });
    session.on("enquire_link", (pdu) => session.send(pdu.response()));
    session.on("unbind", (pdu) => session.send(pdu.response(), () => session.close()));
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address();
  return {
    url: `smpp://${SMSC_SYSTEM_ID}:${SMSC_PASSWORD}@127.0.0.1:${port}`,
    counts,
    /** Starts waiting for the next SMS to the number (call before requesting it); resolves with its code. */
    expectCode(number) {
      if (waiting.has(number)) throw new Error(`already waiting for a code to ${number}`);
      let cancel;
      const promise = new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(number);
          reject(new Error(`no SMS to ${number} within ${CODE_TIMEOUT_MS} ms`));
        }, CODE_TIMEOUT_MS);
        waiting.set(number, { resolve, reject, timer });
        cancel = () => {
          clearTimeout(timer);
          waiting.delete(number);
        };
      });
      return { code: promise, cancel };
    },
    close() {
      for (const session of [...server.sessions]) session.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
    /** The SMSC goes away (for the fault proofs): its sessions are cut and it stops listening. */
    stop() {
      return this.close();
    },
    /** …and comes back on the same port. */
    restart() {
      return new Promise((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, "127.0.0.1", resolve);
      });
    },
  };
}

/**
 * Where each flow gets its code: codeFor(number) is called before the code is requested and answers
 * { read(): Promise<code>, cancel() }.
 */
function codeSource(baseUrl, smsc) {
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
      const [newest] = await response.json();
      const code = newest && codeFromText(newest.text);
      if (!code) throw new Error(`the outbox has no code for ${number}`);
      return code;
    },
  });
}

class FlowError extends Error {
  constructor(step, status, detail = "") {
    super(`${step} answered ${status}${detail ? `: ${detail}` : ""}`);
    this.step = step;
    this.status = status;
  }
}

/** The number encryption of the spec API: RSA-OAEP with SHA-256 under the server's public key, base64. */
async function numberEncryption(baseUrl) {
  const response = await fetch(`${baseUrl}/core/api/users/publicKey`, { headers: { "accept-encoding": ACCEPT_ENCODING } });
  if (response.status !== 200) throw new Error(`GET core/api/users/publicKey answered ${response.status}`);
  const key = createPublicKey((await response.json()).data.pem);
  return (text) => publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" }, Buffer.from(text)).toString("base64");
}

async function postForm(url, fields) {
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
async function requestCodeAndSignIn(context, requestPath, number) {
  const { baseUrl, encrypt, codeFor } = context;
  const started = performance.now();
  const pending = codeFor(number);
  let requested;
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
  const token = JSON.parse(signIn.body).data?.token;
  if (typeof token !== "string") throw new FlowError("api/users/signin", signIn.status, "no data.token");
  const ended = performance.now();
  return { token, steps: { request: requested - started, code: coded - requested, signIn: ended - coded, total: ended - started } };
}

/** A new number of the login ranges: 09, then 4|5|6|7, then seven digits. */
function randomNumber() {
  return `09${4 + randomInt(4)}${String(randomInt(10_000_000)).padStart(7, "0")}`;
}

/** Runs fn(workerIndex) on `concurrency` workers until each returns false. */
async function onWorkers(concurrency, fn) {
  await Promise.all(Array.from({ length: concurrency }, async (_, worker) => {
    while (await fn(worker));
  }));
}

export async function prepareLoginBench({ baseUrl, smsc }) {
  return { baseUrl, encrypt: await numberEncryption(baseUrl), codeFor: codeSource(baseUrl, smsc) };
}

/**
 * Setup, not timed: registers `count` distinct new numbers (signup2 + signin). A number the database
 * already has (signup2 answers 409) is replaced by another. Returns Map number → session token.
 */
export async function registerNumbers(context, { count, concurrency }) {
  const tokens = new Map();
  const tried = new Set();
  let taken = 0;
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
        throw new Error(`registering ${number}: ${error.message}`, { cause: error });
      }
    }
  });
  return tokens;
}

function percentile(sorted, fraction) {
  if (sorted.length === 0) return undefined;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

function latencyFigures(values) {
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
async function loginPhase(context, tokens, { concurrency, seconds }) {
  const numbers = [...tokens.keys()];
  const workers = Math.min(concurrency, numbers.length);
  const totals = [];
  const steps = { request: [], code: [], signIn: [] };
  const failures = new Map(); // "step status" → count
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let ended = started;
  const turn = new Array(workers).fill(0);
  await onWorkers(workers, async (worker) => {
    if (performance.now() >= deadline) return false;
    const number = numbers[worker + workers * (turn[worker]++ % Math.ceil((numbers.length - worker) / workers))];
    try {
      const flow = await requestCodeAndSignIn(context, "core/api/users/login2", number);
      tokens.set(number, flow.token);
      totals.push(flow.steps.total);
      for (const step of Object.keys(steps)) steps[step].push(flow.steps[step]);
    } catch (error) {
      const key = error instanceof FlowError ? `${error.step} ${error.status}` : error.message.replace(/\d{10}/g, "<number>");
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
export async function runLoginFlows(context, tokens, { concurrency, warmupSeconds, durationSeconds }) {
  const warmup = warmupSeconds > 0 ? await loginPhase(context, tokens, { concurrency, seconds: warmupSeconds }) : undefined;
  const measured = await loginPhase(context, tokens, { concurrency, seconds: durationSeconds });
  return { concurrency: Math.min(concurrency, tokens.size), numbers: tokens.size, warmup, measured };
}
