// The SMS gateway port (ARCHITECTURE.md): the one way the site sends a text message. Drivers:
// `outbox` (stored in the database, for development and tests) and `smpp` (the operator's SMSC).
export interface SmsMessage {
  /** Local number, 09 + 8 digits. */
  to: string;
  /** The text; an OTP text holds the six digits as its only six-digit run. */
  text: string;
}

export interface SmsGateway {
  readonly driver: "outbox" | "smpp";
  /** Resolves once the gateway accepted the message; rejects with SmsDeliveryError otherwise. */
  send(message: SmsMessage): Promise<void>;
  /** Releases connections (called at shutdown). */
  close(): Promise<void>;
}

/** The gateway did not accept the message (unreachable, refused, timed out). Never carries the text. */
export class SmsDeliveryError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "SmsDeliveryError";
  }
}
