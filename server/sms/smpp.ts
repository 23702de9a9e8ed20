// SMPP driver of the SMS gateway port: hands each message to the operator's SMSC over SMPP 3.4 as a
// transmitter (bind_transmitter, then submit_sm), on one long-lived session. Built on the `smpp` package.
//
// SMPP_URL:  smpp://SYSTEM_ID:PASSWORD@HOST:PORT?source=Sama&destination=local&system_type=
//   - smpps:// (or ssmpp://) connects over TLS. The port defaults to 2775 (3550 with TLS).
//   - SYSTEM_ID and PASSWORD are percent-decoded: write a password holding "@", ":" or "/" percent-encoded
//     ("p%40ss" for "p@ss").
//   - source (optional, default "Sama"): the sender the phone shows (source_addr). Letters make it
//     alphanumeric (TON 5, at most 11 characters); digits only: TON unknown, NPI ISDN.
//   - destination (optional): `local` (default) sends the number as the site holds it, 0912345678, with
//     TON unknown and NPI ISDN, as an SMSC of the same country routes it; `international` sends
//     963912345678 (country code, no trunk 0, no "+") with TON international, for an SMSC that wants E.164.
//   - system_type (optional): sent in bind_transmitter when the SMSC asks for one.
//   The options of createSmppGateway (sourceAddress, destinationFormat) win over the URL's.
//
// Encoding: a text the GSM 03.38 default alphabet can hold goes as data_coding 0 (the SMSC default
// alphabet, one septet per octet, as SMPP carries it); anything else, so every Arabic text, as
// data_coding 8, UCS-2 big-endian. A text longer than one SMS (160 GSM characters, 70 UCS-2) goes in
// message_payload, for the SMSC to split.
//
// Session: bound on the first send and kept; after a drop or a failed bind it binds again after 0.5 s,
// doubling up to 30 s, until it succeeds or close() unbinds. An enquire_link every 30 s finds a dead
// connection between sends. At most 10 submit_sm wait for their answer at once (the SMPP window).
//
// Each send has timeoutMs (default 10 s) in all, binding included. Failures reject with SmsDeliveryError.
// Neither errors nor logs carry the text: an OTP text holds a code.
import smpp from "smpp";
import type { PDU, Session } from "smpp";
import type { Logger } from "../logger.ts";
import { SmsDeliveryError, type SmsGateway, type SmsMessage } from "./types.ts";

export type DestinationFormat = "local" | "international";

export interface SmppGatewayOptions {
  /** smpp://systemId:password@host:port, see the top of this file. */
  url: string;
  logger: Logger;
  /** Budget of one send, binding included, in ms. Default 10 000. */
  timeoutMs?: number;
  /** source_addr; default the URL's `source`, else "Sama". */
  sourceAddress?: string;
  /** Form of destination_addr; default the URL's `destination`, else "local". */
  destinationFormat?: DestinationFormat;
  /** Country code put before the number (without its trunk 0) by the international form. Default "963". */
  countryCode?: string;
  /** Wait before the first reconnection after a drop or a failed bind, doubled at each failure up to max. */
  reconnectDelayMs?: { initial: number; max: number };
  /** Period of the enquire_link that finds a dead connection between two sends. Default 30 000 ms. */
  enquireLinkIntervalMs?: number;
  /**
   * SMPP window: at most this many submit_sm awaiting their answer at once (SMSCs refuse or throttle
   * beyond theirs); further sends wait their turn within their timeout. Default 10.
   */
  windowSize?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_SOURCE_ADDRESS = "Sama";
const DEFAULT_COUNTRY_CODE = "963";
const DEFAULT_RECONNECT_DELAY_MS = { initial: 500, max: 30_000 };
const DEFAULT_ENQUIRE_LINK_INTERVAL_MS = 30_000;
const DEFAULT_WINDOW_SIZE = 10;
/** How long close() waits for the SMSC's unbind_resp before it closes the connection anyway. */
const UNBIND_TIMEOUT_MS = 2_000;
/**
 * What one SMS holds: 160 GSM septets (one octet each in SMPP) or 140 octets of UCS-2. A longer text goes
 * whole in the message_payload TLV, and the SMSC splits it, rather than as an over-long short_message.
 */
const SINGLE_SMS_OCTETS = { gsm: 160, ucs2: 140 };
const ALPHANUMERIC_SOURCE_MAX_LENGTH = 11;
const SMPP_VERSION_3_4 = 0x34;

export interface SmppSettings {
  host: string;
  port: number;
  tls: boolean;
  systemId: string;
  password: string;
  systemType: string;
  source?: string;
  destinationFormat?: DestinationFormat;
}

/** Reads an SMPP_URL. Its errors never repeat the URL, which holds the password. */
export function parseSmppUrl(text: string): SmppSettings {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error("SMPP URL is not a valid URL (expected smpp://systemId:password@host:port)");
  }
  const protocol = url.protocol.slice(0, -1);
  if (!["smpp", "smpps", "ssmpp"].includes(protocol)) {
    throw new Error(`SMPP URL has the scheme "${protocol}"; expected smpp:// or smpps://`);
  }
  const tls = protocol !== "smpp";
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  if (!host) throw new Error("SMPP URL has no host");
  if (!url.username) throw new Error("SMPP URL has no system id (smpp://systemId:password@host:port)");
  const destination = url.searchParams.get("destination") ?? undefined;
  if (destination !== undefined && destination !== "local" && destination !== "international") {
    throw new Error(`SMPP URL has destination=${destination}; expected local or international`);
  }
  return {
    host,
    port: url.port ? Number(url.port) : tls ? 3550 : 2775,
    tls,
    systemId: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    systemType: url.searchParams.get("system_type") ?? "",
    source: url.searchParams.get("source") ?? undefined,
    destinationFormat: destination,
  };
}

interface Address {
  ton: number;
  npi: number;
  address: string;
}

function sourceAddress(source: string): Address {
  if (/^\d{1,20}$/.test(source)) return { ton: smpp.TON.UNKNOWN, npi: smpp.NPI.ISDN, address: source };
  if (source.length === 0 || source.length > ALPHANUMERIC_SOURCE_MAX_LENGTH || !/^[\x20-\x7e]+$/.test(source)) {
    throw new Error(`SMPP source address must be digits or 1 to ${ALPHANUMERIC_SOURCE_MAX_LENGTH} ASCII characters`);
  }
  return { ton: smpp.TON.ALPHANUMERIC, npi: smpp.NPI.UNKNOWN, address: source };
}

export function destinationAddress(to: string, format: DestinationFormat, countryCode = DEFAULT_COUNTRY_CODE): Address {
  if (format === "local") return { ton: smpp.TON.UNKNOWN, npi: smpp.NPI.ISDN, address: to };
  let international = to.replace(/^\+/, "");
  if (international.startsWith("00")) international = international.slice(2);
  else if (international.startsWith("0")) international = countryCode + international.slice(1);
  return { ton: smpp.TON.INTERNATIONAL, npi: smpp.NPI.ISDN, address: international };
}

/** data_coding and bytes of a text: the GSM default alphabet when it can hold the text, else UCS-2. */
export function encodeSmsText(text: string): { dataCoding: number; bytes: Buffer } {
  if (smpp.encodings.ASCII.match(text)) return { dataCoding: smpp.ENCODING.SMSC_DEFAULT, bytes: smpp.encodings.ASCII.encode(text) };
  return { dataCoding: smpp.ENCODING.UCS2, bytes: smpp.encodings.UCS2.encode(text) };
}

const statusNames = new Map(Object.entries(smpp.errors).map(([name, status]) => [status, name]));

function describeStatus(status: number): string {
  return `${statusNames.get(status) ?? "unknown status"} (0x${status.toString(16).padStart(8, "0")})`;
}

function deliveryError(context: string, error: unknown): SmsDeliveryError {
  if (error instanceof SmsDeliveryError) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new SmsDeliveryError(`${context}: ${reason}`, { cause: error });
}

/** Rejects with SmsDeliveryError(message) when the promise has not settled within ms. */
function within<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SmsDeliveryError(message)), Math.max(0, ms));
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A counting semaphore whose waiters give up at their deadline. */
class SendWindow {
  private inFlight = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly size: number;

  constructor(size: number) {
    this.size = size;
  }

  /** Resolves with the release function once a place is free; rejects when none is free before the deadline. */
  acquire(deadline: number): Promise<() => void> {
    const release = () => {
      const next = this.waiting.shift();
      if (next) next();
      else this.inFlight -= 1;
    };
    if (this.inFlight < this.size) {
      this.inFlight += 1;
      return Promise.resolve(once(release));
    }
    return new Promise((resolve, reject) => {
      const take = () => {
        clearTimeout(timer);
        resolve(once(release));
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(take), 1);
        reject(new SmsDeliveryError(`no free place in the SMPP window of ${this.size} within the timeout`));
      }, Math.max(0, deadline - Date.now()));
      this.waiting.push(take);
    });
  }
}

function once(fn: () => void): () => void {
  let called = false;
  return () => {
    if (called) return;
    called = true;
    fn();
  };
}

/**
 * One connection to the SMSC: matches responses to requests by sequence number (each with its own
 * timeout), answers the SMSC's own requests, and reports its end once.
 */
class SmppLink {
  readonly connected: Promise<void>;
  closed = false;
  private readonly waiters = new Map<number, (response: PDU | undefined, error?: Error) => void>();
  private failure: Error | undefined;
  private enquireTimer: NodeJS.Timeout | undefined;
  readonly session: Session;

  constructor(session: Session, tls: boolean, onClose: (link: SmppLink, failure: Error | undefined) => void) {
    this.session = session;
    this.connected = new Promise((resolve, reject) => {
      session.once(tls ? "secureConnect" : "connect", () => resolve());
      session.once("close", () => {
        const reason = this.failure ? `: ${this.failure.message}` : "";
        reject(new SmsDeliveryError(`no connection to the SMSC${reason}`, { cause: this.failure }));
      });
    });
    this.connected.catch(() => {}); // observed by bind; a link that never connects must not warn
    session.on("pdu", (pdu: PDU) => this.receive(pdu));
    session.on("error", (error: Error) => {
      this.failure ??= error;
      // The package reports an unreadable PDU without closing: the stream is out of step, so close.
      session.destroy();
    });
    session.on("close", () => {
      this.closed = true;
      clearInterval(this.enquireTimer);
      for (const settle of [...this.waiters.values()]) {
        settle(undefined, new SmsDeliveryError("SMPP connection closed before the SMSC answered", { cause: this.failure }));
      }
      onClose(this, this.failure);
    });
  }

  /** Sends a request PDU and resolves with its response (whatever its command_status). */
  request(pdu: PDU, timeoutMs: number): Promise<PDU> {
    return new Promise((resolve, reject) => {
      if (this.closed || !this.session.send(pdu)) {
        reject(new SmsDeliveryError(`SMPP connection closed before ${pdu.command}`, { cause: this.failure }));
        return;
      }
      const sequence = pdu.sequence_number;
      const timer = setTimeout(() => {
        this.waiters.delete(sequence);
        reject(new SmsDeliveryError(`the SMSC did not answer ${pdu.command} within ${Math.round(timeoutMs)} ms`));
      }, Math.max(0, timeoutMs));
      this.waiters.set(sequence, (response, error) => {
        clearTimeout(timer);
        this.waiters.delete(sequence);
        if (response) resolve(response);
        else reject(error);
      });
    });
  }

  /** Checks the connection every intervalMs between sends; a missing answer closes it (a drop). */
  keepAlive(intervalMs: number, timeoutMs: number): void {
    this.enquireTimer = setInterval(() => {
      this.request(new smpp.PDU("enquire_link"), timeoutMs).catch((error: Error) => {
        this.failure ??= error;
        this.destroy();
      });
    }, intervalMs);
    this.enquireTimer.unref();
  }

  destroy(): void {
    this.session.destroy();
  }

  /** Asks the SMSC to unbind, then closes the connection whether or not it answered. */
  async unbindAndClose(timeoutMs: number): Promise<void> {
    if (this.closed) return;
    const closedEvent = new Promise<void>((resolve) => this.session.once("close", () => resolve()));
    try {
      await this.request(new smpp.PDU("unbind"), timeoutMs);
    } catch {
      // no answer: the connection is closed all the same
    }
    this.session.close();
    await within(closedEvent, timeoutMs, "close").catch(() => this.destroy());
  }

  private receive(pdu: PDU): void {
    if (pdu.isResponse()) {
      this.waiters.get(pdu.sequence_number)?.(pdu);
      return;
    }
    switch (pdu.command) {
      case "enquire_link":
      case "deliver_sm": // a transmitter gets none; acknowledged so that the SMSC does not retry
      case "data_sm":
      case "unknown": // answered with generic_nack
        this.session.send(pdu.response());
        return;
      case "unbind":
        this.failure ??= new Error("the SMSC unbound the session");
        this.session.send(pdu.response(), () => this.session.close());
        return;
      default:
        this.session.send(new smpp.PDU("generic_nack", { sequence_number: pdu.sequence_number, command_status: smpp.errors.ESME_RINVCMDID }));
    }
  }
}

class SmppTransmitterGateway implements SmsGateway {
  readonly driver = "smpp" as const;
  private readonly settings: SmppSettings;
  private readonly timeoutMs: number;
  private readonly source: Address;
  private readonly destinationFormat: DestinationFormat;
  private readonly countryCode: string;
  private readonly reconnectDelayMs: { initial: number; max: number };
  private readonly enquireLinkIntervalMs: number;
  private readonly window: SendWindow;
  private readonly log: Logger;

  /** The bound session, when there is one. */
  private bound: SmppLink | undefined;
  /** The next bind: waiting for its turn (backoff) or running. */
  private attempt: Promise<SmppLink> | undefined;
  private attemptStartsAt = 0;
  private cancelWait: (() => void) | undefined;
  /** Consecutive drops and failed binds since the last successful bind. */
  private failures = 0;
  private readonly links = new Set<SmppLink>();
  private closing: Promise<void> | undefined;

  constructor(options: SmppGatewayOptions) {
    this.settings = parseSmppUrl(options.url);
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.source = sourceAddress(options.sourceAddress ?? this.settings.source ?? DEFAULT_SOURCE_ADDRESS);
    this.destinationFormat = options.destinationFormat ?? this.settings.destinationFormat ?? "local";
    this.countryCode = options.countryCode ?? DEFAULT_COUNTRY_CODE;
    this.reconnectDelayMs = options.reconnectDelayMs ?? DEFAULT_RECONNECT_DELAY_MS;
    this.enquireLinkIntervalMs = options.enquireLinkIntervalMs ?? DEFAULT_ENQUIRE_LINK_INTERVAL_MS;
    this.window = new SendWindow(options.windowSize ?? DEFAULT_WINDOW_SIZE);
    this.log = options.logger.child({ smsc: `${this.settings.host}:${this.settings.port}` });
  }

  async send({ to, text }: SmsMessage): Promise<void> {
    const deadline = Date.now() + this.timeoutMs;
    let release: (() => void) | undefined;
    try {
      release = await this.window.acquire(deadline);
      const link = await this.boundLink(deadline);
      const { dataCoding, bytes } = encodeSmsText(text);
      const destination = destinationAddress(to, this.destinationFormat, this.countryCode);
      const submit = new smpp.PDU("submit_sm", {
        service_type: "",
        source_addr_ton: this.source.ton,
        source_addr_npi: this.source.npi,
        source_addr: this.source.address,
        dest_addr_ton: destination.ton,
        dest_addr_npi: destination.npi,
        destination_addr: destination.address,
        registered_delivery: 0,
        data_coding: dataCoding,
        ...(bytes.length <= (dataCoding === smpp.ENCODING.UCS2 ? SINGLE_SMS_OCTETS.ucs2 : SINGLE_SMS_OCTETS.gsm)
          ? { short_message: bytes }
          : { short_message: Buffer.alloc(0), message_payload: bytes }),
      });
      const response = await link.request(submit, deadline - Date.now());
      if (response.command_status !== smpp.errors.ESME_ROK) {
        throw new SmsDeliveryError(`the SMSC refused the message: ${describeStatus(response.command_status)}`);
      }
      this.log.debug({ messageId: response.message_id }, "SMPP message accepted");
    } catch (error) {
      const failure = deliveryError("SMPP send failed", error);
      this.log.warn({ err: failure }, "SMPP message not sent");
      throw failure;
    } finally {
      release?.();
    }
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      this.cancelWait?.();
      const bound = this.bound;
      await Promise.all([...this.links].map((link) => (link === bound ? link.unbindAndClose(Math.min(this.timeoutMs, UNBIND_TIMEOUT_MS)) : link.destroy())));
      if (bound) this.log.info("SMPP unbound");
      this.bound = undefined;
    })();
    return this.closing;
  }

  /** The bound session; binds on first use, and waits for a reconnection when it starts before the deadline. */
  private boundLink(deadline: number): Promise<SmppLink> {
    if (this.closing) return Promise.reject(new SmsDeliveryError("the SMPP gateway is closed"));
    if (this.bound && !this.bound.closed) return Promise.resolve(this.bound);
    const attempt = this.attempt ?? this.scheduleBind(0);
    const startsIn = this.attemptStartsAt - Date.now();
    const remaining = deadline - Date.now();
    if (startsIn >= remaining) {
      return Promise.reject(new SmsDeliveryError(`no SMPP session: the SMSC was unreachable, next bind in ${Math.ceil(startsIn)} ms`));
    }
    return within(attempt, remaining, `no SMPP session within ${this.timeoutMs} ms`);
  }

  /**
   * Binds after delayMs. Once the gateway has been used it keeps one session: a failed bind schedules
   * the next one with a doubled delay, until a bind succeeds or close() is called.
   */
  private scheduleBind(delayMs: number): Promise<SmppLink> {
    this.attemptStartsAt = Date.now() + delayMs;
    const wait = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, delayMs);
      this.cancelWait = () => {
        clearTimeout(timer);
        reject(new SmsDeliveryError("the SMPP gateway is closed"));
      };
    });
    const attempt = wait.then(() => this.bind());
    this.attempt = attempt;
    attempt.then(
      () => {
        this.attempt = undefined;
        this.failures = 0;
      },
      (error: Error) => {
        this.attempt = undefined;
        if (this.closing) return;
        this.failures += 1;
        const retryInMs = this.backoffDelay();
        this.log.warn({ err: error, failures: this.failures, retryInMs }, "SMPP bind failed");
        void this.scheduleBind(retryInMs);
      },
    );
    return attempt;
  }

  private async bind(): Promise<SmppLink> {
    if (this.closing) throw new SmsDeliveryError("the SMPP gateway is closed");
    const { host, port, tls, systemId, password, systemType } = this.settings;
    const deadline = Date.now() + this.timeoutMs;
    const link = new SmppLink(smpp.connect({ host, port, tls }), tls, (closedLink, failure) => this.linkClosed(closedLink, failure));
    this.links.add(link);
    try {
      await within(link.connected, this.timeoutMs, `no connection to the SMSC within ${this.timeoutMs} ms`);
      const response = await link.request(
        new smpp.PDU("bind_transmitter", { system_id: systemId, password, system_type: systemType, interface_version: SMPP_VERSION_3_4 }),
        deadline - Date.now(),
      );
      if (response.command_status !== smpp.errors.ESME_ROK) {
        throw new SmsDeliveryError(`the SMSC refused the bind: ${describeStatus(response.command_status)}`);
      }
      if (this.closing || link.closed) throw new SmsDeliveryError("the SMPP connection closed while binding");
      this.bound = link;
      link.keepAlive(this.enquireLinkIntervalMs, this.timeoutMs);
      this.log.info({ systemId, smscSystemId: response.system_id }, "SMPP bound as transmitter");
      return link;
    } catch (error) {
      link.destroy();
      throw deliveryError("SMPP bind failed", error);
    }
  }

  private linkClosed(link: SmppLink, failure: Error | undefined): void {
    this.links.delete(link);
    if (link !== this.bound) return; // a link that never bound: bind() reports it
    this.bound = undefined;
    if (this.closing) return;
    this.failures = 1;
    const retryInMs = this.backoffDelay();
    this.log.warn({ err: failure, retryInMs }, "SMPP session dropped; reconnecting");
    void this.scheduleBind(retryInMs);
  }

  /** initial · 2^(failures−1), capped at max, ±20 % so that many instances do not reconnect in step. */
  private backoffDelay(): number {
    const { initial, max } = this.reconnectDelayMs;
    const delay = Math.min(max, initial * 2 ** Math.max(0, this.failures - 1));
    return Math.min(max, Math.round(delay * (0.8 + Math.random() * 0.4)));
  }
}

/** The SMPP driver of the SMS gateway port; binds on the first send. */
export function createSmppGateway(options: SmppGatewayOptions): SmsGateway {
  return new SmppTransmitterGateway(options);
}
