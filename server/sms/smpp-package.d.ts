// Types for the `smpp` npm package (0.5.x), which ships none: only the parts server/sms/smpp.ts and
// its test use. (Named smpp-package.d.ts, not smpp.d.ts: TypeScript ignores a .d.ts beside a .ts of the
// same name.)
declare module "smpp" {
  import type { EventEmitter } from "node:events";
  import type { Server as NetServer, Socket } from "node:net";

  namespace smpp {
    /** One SMPP PDU; its fields (system_id, short_message, …) are plain properties named as in the spec. */
    class PDU {
      constructor(command: string, fields?: Record<string, unknown>);
      command: string;
      command_id: number;
      command_status: number;
      sequence_number: number;
      isResponse(): boolean;
      /** The matching *_resp (generic_nack for an unknown command), with this PDU's sequence number. */
      response(fields?: Record<string, unknown>): PDU;
      [field: string]: unknown;
    }

    /** One TCP (or TLS) connection; emits "pdu" and the command name for every PDU read, "error", "close". */
    class Session extends EventEmitter {
      socket: Socket;
      /**
       * Writes a PDU; a request gets the next sequence number (set on the PDU before this returns).
       * Returns false, writing nothing, when the socket is not writable.
       */
      send(pdu: PDU, responseCallback?: (response: PDU) => void, sendCallback?: (pdu: PDU) => void): boolean;
      /** Ends the socket (FIN); the callback runs on "close". */
      close(callback?: () => void): void;
      destroy(callback?: () => void): void;
    }

    class Server extends NetServer {
      sessions: Session[];
    }

    interface ConnectOptions {
      host: string;
      port: number;
      tls?: boolean;
      servername?: string;
      auto_enquire_link_period?: number;
    }

    interface Encoding {
      match(text: string): boolean;
      encode(text: string): Buffer;
      decode(bytes: Buffer): string;
    }

    function connect(options: ConnectOptions, listener?: () => void): Session;
    function createServer(options: Record<string, unknown>, listener?: (session: Session) => void): Server;

    /** command_status values by name (ESME_ROK, ESME_RINVPASWD, …). */
    const errors: Record<string, number> & { ESME_ROK: number; ESME_RINVCMDID: number };
    const encodings: { ASCII: Encoding; LATIN1: Encoding; UCS2: Encoding };
    const ENCODING: Record<string, number> & { SMSC_DEFAULT: number; UCS2: number };
    const TON: Record<string, number> & { UNKNOWN: number; INTERNATIONAL: number; ALPHANUMERIC: number };
    const NPI: Record<string, number> & { UNKNOWN: number; ISDN: number };
  }

  export = smpp;
}
