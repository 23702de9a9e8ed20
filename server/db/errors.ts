// Which errors mean "the database cannot answer now" (down, restarting, unreachable, too slow): those
// requests answer 503 with Retry-After, quickly, instead of a 500 or a hang.
const UNAVAILABLE_CODES = new Set([
  "57014", // query_canceled: the statement timeout
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now (starting up, shutting down)
  "53300", // too_many_connections
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "ETIMEDOUT",
  "EPIPE",
]);
const UNAVAILABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|connection is closed|is not currently accepting connections|the database system is (starting up|shutting down|in recovery mode)/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  // Drizzle wraps the driver's error (cause), sometimes twice.
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (UNAVAILABLE_CODES.has(code) || code.startsWith("08"))) return true;
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.test(message)) return true;
  }
  return false;
}

/** The PostgreSQL error code (SQLSTATE) of a failed statement, found through Drizzle's wrapping; else null. */
export function sqlStateOf(error: unknown): string | null {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const { code } = current as { code?: unknown };
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
}

// Drizzle's query errors read "Failed query: <sql>\nparams: <values>": the values are what a subscriber sent (an
// address, an e-mail) or keys (a session's hash), and belong in no log. The driver's own reason (the cause) is what
// says what went wrong, and Drizzle's message leaves it out.
const QUERY_PARAMETERS = /\nparams: [\s\S]*?(?=\n\s+at |$)/g;

/** The text without the parameter values of any failed query it quotes (a message, or a stack). */
export function withoutQueryParameters(text: string): string {
  return text.replace(QUERY_PARAMETERS, "");
}

/** An error's message for a log line: a failed query without its values, followed by the driver's reason. */
export function loggableMessage(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const message = withoutQueryParameters(error.message);
  const cause = error.cause instanceof Error ? withoutQueryParameters(error.cause.message) : undefined;
  return cause && !message.includes(cause) ? `${message}: ${cause}` : message;
}
