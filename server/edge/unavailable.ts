// Requests that met a database (or other dependency) that is away while React Router handled them: its
// error handler keeps the error (app/entry.server.tsx), and where React Router could only answer with its
// last-resort 500 (a resource route, the root middleware of an action) the HTTP layer hands the error to
// the one handler instead, which answers the 503 with Retry-After.
const unavailable = new WeakMap<Request, unknown>();

export function markUnavailable(request: Request, error: unknown): void {
  unavailable.set(request, error);
}

/** The dependency error this request met, if any. */
export function unavailableError(request: Request): unknown {
  return unavailable.get(request);
}

export function metUnavailable(request: Request): boolean {
  return unavailable.has(request);
}
