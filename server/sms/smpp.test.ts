// The SMPP driver against a real SMPP server on loopback (the `smpp` package's own server), which checks
// the bind credentials and records what it receives.
import { EventEmitter, once } from "node:events";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import pino from "pino";
import smpp from "smpp";
import type { PDU, Server, Session } from "smpp";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { createSmppGateway, parseSmppUrl, type SmppGatewayOptions } from "./smpp.ts";
import { SmsDeliveryError, type SmsGateway } from "./types.ts";

const SYSTEM_ID = "sama-web";
/** Holds "@" and ":" so that the URL must carry it percent-encoded. */
const PASSWORD = "p@ss:w0rd";
const ARABIC_CODE = "482913";
const ENGLISH_CODE = "705126";
const ARABIC_TEXT = `رمز الدخول إلى سما: ${ARABIC_CODE}. صالح لمدة 5 دقائق.`;
const ENGLISH_TEXT = `Your Sama login code is ${ENGLISH_CODE}. It is valid for 5 minutes.`;

/** accept; silence: never answered; hold: answered by answerHeld(); a number: that error status. */
type SubmitAnswer = "accept" | "silence" | "hold" | number;

/** A small SMSC: binds transmitters with the right credentials, answers submit_sm as told. */
class FakeSmsc {
  readonly binds: { systemId: string; password: string; interfaceVersion: number }[] = [];
  readonly submits: PDU[] = [];
  readonly unbinds: number[] = [];
  /** "silence": bind_transmitter is never answered. */
  bindAnswer: "check" | "silence" = "check";
  submitAnswer: SubmitAnswer = "accept";
  readonly events = new EventEmitter();
  private readonly held: (() => void)[] = [];
  private server: Server;
  port = 0;

  constructor() {
    this.server = this.createServer();
  }

  private createServer(): Server {
    return smpp.createServer({}, (session: Session) => {
      session.on("error", () => {}); // a client that goes away resets the socket
      session.on("bind_transmitter", (pdu: PDU) => {
        const bind = { systemId: String(pdu.system_id), password: String(pdu.password), interfaceVersion: Number(pdu.interface_version) };
        this.binds.push(bind);
        if (this.bindAnswer === "silence") return;
        const ok = bind.systemId === SYSTEM_ID && bind.password === PASSWORD;
        session.send(pdu.response(ok ? { system_id: "FakeSMSC" } : { command_status: smpp.errors.ESME_RINVPASWD }));
        this.events.emit("bind", bind);
      });
      session.on("submit_sm", (pdu: PDU) => {
        this.submits.push(pdu);
        this.events.emit("submit");
        const answer = this.submitAnswer;
        if (answer === "silence") return;
        if (answer === "hold") this.held.push(() => session.send(pdu.response({ message_id: `m${this.submits.length}` })));
        else if (answer === "accept") session.send(pdu.response({ message_id: `m${this.submits.length}` }));
        else session.send(pdu.response({ command_status: answer }));
      });
      session.on("enquire_link", (pdu: PDU) => session.send(pdu.response()));
      session.on("unbind", (pdu: PDU) => {
        this.unbinds.push(Date.now());
        session.send(pdu.response(), () => session.close());
      });
    });
  }

  /** Resolves once `count` submit_sm have arrived in all. */
  submitsReceived(count: number): Promise<void> {
    return new Promise((resolve) => {
      const check = () => {
        if (this.submits.length < count) return;
        this.events.off("submit", check);
        resolve();
      };
      this.events.on("submit", check);
      check();
    });
  }

  answerHeld(): void {
    for (const answer of this.held.splice(0)) answer();
  }

  /** An enquire_link to the client and its answer: whatever the client wrote before answering has arrived. */
  roundTrip(): Promise<void> {
    const session = this.server.sessions.at(-1)!;
    return new Promise((resolve) => session.send(new smpp.PDU("enquire_link"), () => resolve()));
  }

  async listen(port = 0): Promise<this> {
    this.server.listen(port, "127.0.0.1");
    await once(this.server, "listening");
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  /** Goes away: stops listening and drops every open session. */
  async stop(): Promise<void> {
    if (!this.server.listening) return;
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const session of [...this.server.sessions]) session.destroy();
    await closed;
    this.server = this.createServer();
  }

  url(password = PASSWORD, query = ""): string {
    return `smpp://${encodeURIComponent(SYSTEM_ID)}:${encodeURIComponent(password)}@127.0.0.1:${this.port}${query}`;
  }
}

/** A pino logger writing JSON lines into memory; waitFor resolves at the first line with that msg. */
function memoryLogger() {
  const lines: string[] = [];
  const written = new EventEmitter();
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString("utf8").split("\n").filter(Boolean)) {
        lines.push(line);
        written.emit("line", line);
      }
      callback();
    },
  });
  const logger = pino({ level: "debug" }, stream);
  const messages = () => lines.map((line) => JSON.parse(line).msg as string);
  const waitFor = (msg: string, count = 1) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (messages().filter((m) => m === msg).length >= count) {
          written.off("line", check);
          resolve();
        }
      };
      written.on("line", check);
      check();
    });
  return { logger, lines, messages, waitFor, text: () => lines.join("\n") };
}

const smscs: FakeSmsc[] = [];
const gateways: SmsGateway[] = [];

async function startSmsc(): Promise<FakeSmsc> {
  const smsc = await new FakeSmsc().listen();
  smscs.push(smsc);
  return smsc;
}

function gatewayFor(options: Partial<SmppGatewayOptions> & { url: string }) {
  const log = memoryLogger();
  const gateway = createSmppGateway({ logger: log.logger, reconnectDelayMs: { initial: 100, max: 1_000 }, ...options });
  gateways.push(gateway);
  return { gateway, log };
}

async function closeAll() {
  await Promise.all(gateways.splice(0).map((gateway) => gateway.close()));
  await Promise.all(smscs.splice(0).map((smsc) => smsc.stop()));
}
afterEach(closeAll);
afterAll(closeAll);

function shortMessage(pdu: PDU): string {
  return (pdu.short_message as { message: string }).message;
}

describe("SMPP gateway", () => {
  it("binds once as a transmitter with the URL's decoded credentials and sends Arabic as UCS-2, English as GSM", async () => {
    const smsc = await startSmsc();
    const { gateway, log } = gatewayFor({ url: smsc.url() });
    expect(gateway.driver).toBe("smpp");
    expect(smsc.binds).toHaveLength(0); // lazy: nothing before the first send

    await gateway.send({ to: "0944123456", text: ARABIC_TEXT });
    await gateway.send({ to: "0955123456", text: ENGLISH_TEXT });

    expect(smsc.binds).toEqual([{ systemId: SYSTEM_ID, password: PASSWORD, interfaceVersion: 0x34 }]);
    const [arabic, english] = smsc.submits;
    expect(arabic).toMatchObject({ destination_addr: "0944123456", dest_addr_ton: 0, dest_addr_npi: 1, source_addr: "Sama", source_addr_ton: 5, data_coding: 8 });
    expect(shortMessage(arabic!)).toBe(ARABIC_TEXT);
    // UCS-2 big-endian on the wire: "ر" is U+0631.
    const sample = smpp.encodings.UCS2.encode("ر");
    expect([...sample]).toEqual([0x06, 0x31]);
    expect(english).toMatchObject({ destination_addr: "0955123456", source_addr: "Sama", data_coding: 0 });
    expect(shortMessage(english!)).toBe(ENGLISH_TEXT);
    expect(log.messages()).toContain("SMPP bound as transmitter");

    await gateway.close();
    expect(smsc.unbinds).toHaveLength(1);
    expect(log.messages()).toContain("SMPP unbound");
  });

  it("sends the international form and the configured sender when asked, and a text longer than one SMS in message_payload", async () => {
    const smsc = await startSmsc();
    const { gateway } = gatewayFor({ url: smsc.url(PASSWORD, "?destination=international&source=SamaTel") });
    const longArabic = ARABIC_TEXT.repeat(2); // more than the 70 UCS-2 characters of one SMS
    await gateway.send({ to: "0944123456", text: ENGLISH_TEXT });
    await gateway.send({ to: "0944123456", text: longArabic });

    expect(smsc.submits[0]).toMatchObject({ destination_addr: "963944123456", dest_addr_ton: 1, dest_addr_npi: 1, source_addr: "SamaTel" });
    const payload = smsc.submits[1]!;
    expect(payload.data_coding).toBe(8);
    expect((payload.message_payload as { message: string }).message).toBe(longArabic);

    const { gateway: numericSender } = gatewayFor({ url: smsc.url(), sourceAddress: "1234", destinationFormat: "local" });
    await numericSender.send({ to: "0944123456", text: ENGLISH_TEXT });
    expect(smsc.submits[2]).toMatchObject({ source_addr: "1234", source_addr_ton: 0, source_addr_npi: 1, destination_addr: "0944123456" });
  });

  it("rejects with SmsDeliveryError when the SMSC refuses the password", async () => {
    const smsc = await startSmsc();
    const { gateway } = gatewayFor({ url: smsc.url("wrong") });
    const sending = gateway.send({ to: "0944123456", text: ENGLISH_TEXT });
    await expect(sending).rejects.toBeInstanceOf(SmsDeliveryError);
    await expect(sending).rejects.toThrow(/refused the bind: ESME_RINVPASWD/);
    expect(smsc.submits).toHaveLength(0);
  });

  it("rejects with SmsDeliveryError when the SMSC answers submit_sm with an error status", async () => {
    const smsc = await startSmsc();
    smsc.submitAnswer = smpp.errors.ESME_RTHROTTLED!;
    const { gateway } = gatewayFor({ url: smsc.url() });
    const sending = gateway.send({ to: "0944123456", text: ARABIC_TEXT });
    await expect(sending).rejects.toBeInstanceOf(SmsDeliveryError);
    await expect(sending).rejects.toThrow(/refused the message: ESME_RTHROTTLED/);
    // The session stays bound: the next message goes through on it.
    smsc.submitAnswer = "accept";
    await gateway.send({ to: "0944123456", text: ARABIC_TEXT });
    expect(smsc.binds).toHaveLength(1);
  });

  it.each([
    ["bind_transmitter", "silence", "accept"],
    ["submit_sm", "check", "silence"],
  ] as const)("rejects with SmsDeliveryError within timeoutMs when the SMSC never answers %s", async (_, bindAnswer, submitAnswer) => {
    const smsc = await startSmsc();
    smsc.bindAnswer = bindAnswer;
    smsc.submitAnswer = submitAnswer;
    const timeoutMs = 400;
    const { gateway } = gatewayFor({ url: smsc.url(), timeoutMs });
    const started = performance.now();
    const error = await gateway.send({ to: "0944123456", text: ENGLISH_TEXT }).catch((failure: unknown) => failure);
    const elapsed = performance.now() - started;
    expect(error).toBeInstanceOf(SmsDeliveryError);
    expect(elapsed).toBeGreaterThanOrEqual(timeoutMs - 20);
    expect(elapsed).toBeLessThan(timeoutMs + 1_000);
  });

  it("rejects at once when nothing listens at the SMSC's address", async () => {
    const smsc = await startSmsc();
    await smsc.stop();
    const { gateway } = gatewayFor({ url: smsc.url() });
    await expect(gateway.send({ to: "0944123456", text: ENGLISH_TEXT })).rejects.toBeInstanceOf(SmsDeliveryError);
  });

  it("reconnects after the SMSC went away and came back, and the next message goes through", async () => {
    const smsc = await startSmsc();
    const { gateway, log } = gatewayFor({ url: smsc.url() });
    await gateway.send({ to: "0944123456", text: ENGLISH_TEXT });

    await smsc.stop();
    await log.waitFor("SMPP session dropped; reconnecting");
    // While it is away a message fails (the reconnection it waits for is refused) …
    await expect(gateway.send({ to: "0944123456", text: ENGLISH_TEXT })).rejects.toBeInstanceOf(SmsDeliveryError);

    // … and once it is back on the same port, the next one binds a new session and goes through.
    await smsc.listen(smsc.port);
    await gateway.send({ to: "0955123456", text: ARABIC_TEXT });
    expect(smsc.binds).toHaveLength(2);
    expect(smsc.submits.at(-1)).toMatchObject({ destination_addr: "0955123456", data_coding: 8 });
  });

  it("keeps at most windowSize messages waiting for the SMSC's answer; the next goes when one is answered", async () => {
    const smsc = await startSmsc();
    smsc.submitAnswer = "hold";
    const { gateway } = gatewayFor({ url: smsc.url(), windowSize: 2 });
    const sends = ["0944000001", "0944000002", "0944000003"].map((to) => gateway.send({ to, text: ENGLISH_TEXT }));
    await smsc.submitsReceived(2);
    await smsc.roundTrip();
    expect(smsc.submits.map((pdu) => pdu.destination_addr)).toEqual(["0944000001", "0944000002"]);
    smsc.answerHeld();
    await smsc.submitsReceived(3);
    smsc.answerHeld();
    await Promise.all(sends);
    expect(smsc.submits).toHaveLength(3);
  });

  it("rejects sends after close()", async () => {
    const smsc = await startSmsc();
    const { gateway } = gatewayFor({ url: smsc.url() });
    await gateway.close();
    await expect(gateway.send({ to: "0944123456", text: ENGLISH_TEXT })).rejects.toBeInstanceOf(SmsDeliveryError);
    expect(smsc.binds).toHaveLength(0);
  });

  it("never writes the message text or its code to the logs or into errors", async () => {
    const smsc = await startSmsc();
    const { gateway, log } = gatewayFor({ url: smsc.url(), timeoutMs: 300 });
    const errors: unknown[] = [];
    await gateway.send({ to: "0944123456", text: ARABIC_TEXT });
    smsc.submitAnswer = smpp.errors.ESME_RSYSERR!;
    await gateway.send({ to: "0944123456", text: ENGLISH_TEXT }).catch((error: unknown) => errors.push(error));
    smsc.submitAnswer = "silence";
    await gateway.send({ to: "0944123456", text: ARABIC_TEXT }).catch((error: unknown) => errors.push(error));
    await smsc.stop();
    await log.waitFor("SMPP session dropped; reconnecting");
    await gateway.send({ to: "0944123456", text: ENGLISH_TEXT }).catch((error: unknown) => errors.push(error));

    expect(errors).toHaveLength(3);
    expect(log.messages()).toEqual(expect.arrayContaining(["SMPP bound as transmitter", "SMPP message accepted", "SMPP message not sent"]));
    const written = [log.text(), ...errors.map((error) => `${String(error)} ${JSON.stringify(error, Object.getOwnPropertyNames(error))}`)].join("\n");
    for (const secret of [ARABIC_CODE, ENGLISH_CODE, ARABIC_TEXT, ENGLISH_TEXT, PASSWORD]) expect(written).not.toContain(secret);
  });
});

describe("SMPP_URL", () => {
  it("reads host, port and percent-encoded credentials, with the SMPP default port", () => {
    expect(parseSmppUrl("smpp://sama%2Dweb:p%40ss%3Aw0rd@smsc.example:2776?system_type=OTP")).toMatchObject({
      host: "smsc.example",
      port: 2776,
      tls: false,
      systemId: "sama-web",
      password: "p@ss:w0rd",
      systemType: "OTP",
    });
    expect(parseSmppUrl("smpp://id:pw@smsc.example").port).toBe(2775);
    expect(parseSmppUrl("smpps://id:pw@smsc.example")).toMatchObject({ port: 3550, tls: true });
  });

  it("refuses a malformed URL without repeating the password", () => {
    for (const url of ["http://id:secretpw@host:1", "smpp://id:secretpw@host:1?destination=mars", "smpp://:secretpw@host:1", "not a url secretpw"]) {
      expect(() => parseSmppUrl(url)).toThrow();
      try {
        parseSmppUrl(url);
      } catch (error) {
        expect(String(error)).not.toContain("secretpw");
      }
    }
  });
});
