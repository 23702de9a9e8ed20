// Closing a connection whose request body was not read to its end (a body refused as too large, by its declared
// length or part-way through) without losing the answer. RFC 9112 §9.6: a server that closes at once while the
// client still sends makes its TCP stack answer the next bytes with a reset, and a client that reads only once it
// has sent everything (a simple uploader, a starved process) then gets "connection reset" instead of our 413.
// The server closes in stages instead, as nginx's lingering close does: it ends its side after the answer (the
// client reads it, then the end), goes on reading and discarding what the client still sends, and closes fully
// when the client has closed its side, or after LINGER_MS or LINGER_BYTES, whichever comes first.
//
// An answer sent before its request's body has all arrived says `Connection: close` (Go's server does the same for
// a body its handler left unread): the client knows not to send more on this connection, and Node's server closes
// it right after the answer, through the socket's `destroySoon`. Without it, @hono/node-server kept the connection
// alive if the rest of the body came within 500 ms, and a request sent right behind it could be answered on a
// connection being reset (its answer lost); otherwise it closed the socket the same way after those 500 ms.
// `destroySoon` is therefore the one place the stages go: `lingerBeforeClose` gives the request's socket one that
// lingers while the request's body is unfinished, and closes as before once it is finished.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";

/** How long a connection may linger after its answer, at most (nginx's lingering_timeout). */
export const LINGER_MS = 5_000;
/**
 * How much a lingering connection may still send of its body, at most: the largest body a route takes (a feedback
 * file, 10 MB and 1 MB more) with room to spare, and a bound on what a reader that stopped may have queued.
 */
export const LINGER_BYTES = 16 * 1024 * 1024;

/** The request each socket carries now (a kept-alive connection carries one after another). */
const current = new WeakMap<Socket, IncomingMessage>();
/** The connections lingering now, each with its close: a shutdown closes them at once (closeLingering). */
const lingering = new Map<Socket, () => void>();
/**
 * The connections whose linger has ended: Node goes on parsing what it had already read of them, and a request it
 * finds there (pipelined behind another) is not served either.
 */
const lingered = new WeakSet<Socket>();

/** Whether `request` says it has a body (a length above 0, or chunks): only such a request can be answered before it has all arrived. */
const hasBody = (request: IncomingMessage) => request.headers["transfer-encoding"] !== undefined || Number(request.headers["content-length"] ?? 0) > 0;

/**
 * Makes `response` close its connection when it goes before `request`'s body has all arrived, and that close linger
 * while the body is unfinished (see above). Answers false for a request that arrives on a connection already
 * lingering: it is not served (its answer could not be sent), and the connection closes.
 */
export function lingerBeforeClose(request: IncomingMessage, response: ServerResponse): boolean {
  const socket = request.socket as (Socket & { destroySoon?: () => void }) | null;
  if (!socket || typeof socket.destroySoon !== "function") return true;
  if (lingering.has(socket) || lingered.has(socket)) {
    lingering.get(socket)?.();
    return false;
  }
  // Every answer's head goes through writeHead (Node's own implicit head too): the last moment to say it. A request
  // without a body is complete once Node has parsed its head, a moment after this runs: an answer written at once
  // (a development middleware's) would otherwise say close for nothing.
  if (hasBody(request)) {
    const writeHead = response.writeHead;
    response.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse["writeHead"]>) {
      if (!request.complete) this.setHeader("Connection", "close");
      return writeHead.apply(this, args);
    } as ServerResponse["writeHead"];
  }
  const known = current.has(socket);
  current.set(socket, request);
  if (known) return true;
  const closeAtOnce = socket.destroySoon.bind(socket);
  socket.destroySoon = () => {
    const carried = current.get(socket)!;
    if (carried.complete || socket.destroyed) return closeAtOnce();
    if (lingering.has(socket)) return;
    let discarded = 0;
    /** Ends the linger: safe to call more than once, and on a socket already closed. */
    const close = () => {
      clearTimeout(timer);
      lingering.delete(socket);
      lingered.add(socket);
      socket.destroy();
    };
    lingering.set(socket, close);
    const timer = setTimeout(close, LINGER_MS);
    timer.unref();
    // The answer goes first, then our end of the connection. What the client still sends of this body is read and
    // counted (a reader still holding the body gets it whole); once the body has arrived, or the client closes, so
    // do we.
    socket.end();
    carried.on("data", (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > LINGER_BYTES) close();
    });
    carried.once("end", close);
    // A reader that stopped reading (a body refused part-way) pauses the body when its queue is full: the
    // lingering connection keeps it flowing (what arrives is then queued for that reader, within LINGER_BYTES).
    carried.on("pause", () => setImmediate(() => carried.resume()));
    carried.resume();
    // However it ends (the client, the bound, a shutdown, an error), the timer and the entry go with it.
    socket.once("end", close);
    socket.once("close", close);
  };
  return true;
}

/** Closes every lingering connection now (a shutdown does not wait for them). */
export function closeLingering(): void {
  for (const close of [...lingering.values()]) close();
}
