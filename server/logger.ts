// JSON logs (pino). Request logs carry the request id; nothing here ever logs a code or a token:
// the redact list removes the headers and fields that could hold one.
import pino from "pino";

export type Logger = pino.Logger;

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: "operator-website" },
    redact: {
      paths: ["req.headers.authorization", "req.headers.cookie", "headers.authorization", "headers.cookie", "*.token", "*.code"],
      censor: "[redacted]",
    },
  });
}
