// The lingering close of a connection whose body was not read to its end (RFC 9112 §9.6), on Node's own server:
// the three promises a hostile review of the first version found broken (the answer's arrival and the bound are
// tested through the app, tests/api/body-limits.test.ts; a shutdown through a process, tests/ops/graceful-shutdown).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { connect, type AddressInfo, type Socket } from "node:net";
import { afterEach, describe, expect, test } from "vitest";
import { closeLingering, LINGER_MS, lingerBeforeClose } from "./lingering-close.ts";

let server: Server | undefined;
afterEach(async () => {
  closeLingering();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

/**
 * A server whose every request goes through lingerBeforeClose first, as server/app.ts does; answers the URLs served
 * and refused, and the server's side of its first connection closing.
 */
async function serve(handle: (request: IncomingMessage, response: ServerResponse) => void): Promise<{ port: number; served: string[]; refused: string[]; closedOnServer: Promise<void> }> {
  const served: string[] = [];
  const refused: string[] = [];
  server = createServer((request, response) => {
    if (!lingerBeforeClose(request, response)) return void refused.push(request.url!);
    served.push(request.url!);
    handle(request, response);
  });
  const closedOnServer = new Promise<void>((resolve) => server!.once("connection", (socket: Socket) => socket.once("close", () => resolve())));
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as AddressInfo).port, served, refused, closedOnServer };
}

/** The 413 a body refused by its size gets, before the body has arrived (lingerBeforeClose makes it close the connection). */
const refuse = (response: ServerResponse) => response.writeHead(413, { "Content-Length": "0" }).end();

/** A client connection that keeps sending after the server's end (half open), with what it read and when it closed. */
function halfOpen(port: number): Promise<{ socket: Socket; read: () => string; closed: Promise<number> }> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: "127.0.0.1", allowHalfOpen: true });
    let read = "";
    socket.on("data", (data: Buffer) => void (read += data.toString("latin1")));
    socket.on("error", () => {});
    const closed = new Promise<number>((done) => socket.once("close", () => done(performance.now())));
    socket.once("connect", () => resolve({ socket, read: () => read, closed }));
  });
}

const head = (path: string, length: number) => `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Length: ${length}\r\n\r\n`;

describe("an answer sent before its request's body has arrived", () => {
  test("says Connection: close; one sent after the whole body keeps the connection, as does one at once to a request without a body", async () => {
    const { port } = await serve((request, response) => {
      if (request.url === "/read") request.resume().once("end", () => response.writeHead(200, { "Content-Length": "0" }).end());
      // Answered in the same turn as the request's head was parsed (as a development middleware does).
      else if (request.method === "GET") response.writeHead(204).end();
      else refuse(response);
    });
    const { socket, read } = await halfOpen(port);
    socket.write("GET /at-once HTTP/1.1\r\nHost: localhost\r\n\r\n");
    await expect.poll(read).toMatch(/^HTTP\/1\.1 204 [^]*\r\n\r\n$/);
    expect(read()).toMatch(/\r\nConnection: keep-alive\r\n/);
    socket.write(`${head("/read", 5)}hello`);
    await expect.poll(read).toMatch(/HTTP\/1\.1 200 [^]*\r\n\r\n$/);
    expect(read().slice(read().indexOf("HTTP/1.1 200"))).toMatch(/\r\nConnection: keep-alive\r\n/);
    socket.write(head("/too-large", 1024 * 1024));
    await expect.poll(read).toMatch(/HTTP\/1\.1 413 [^]*\r\n\r\n$/);
    expect(read().slice(read().indexOf("HTTP/1.1 413"))).toMatch(/\r\nConnection: close\r\n/);
    socket.destroy();
  });
});

describe("a connection lingering after its answer", () => {
  test("a reader still holding the body reads it to its end, every byte", async () => {
    const pieces = 8;
    const piece = Buffer.alloc(256 * 1024, "a");
    let readerGot = 0;
    let readerEnded!: () => void;
    const ended = new Promise<void>((resolve) => (readerEnded = resolve));
    const { port } = await serve((request, response) => {
      // The answer goes after the first piece; the reader goes on reading, slowly (it pauses after each piece).
      request.on("data", (chunk: Buffer) => {
        if (readerGot === 0) refuse(response);
        readerGot += chunk.length;
        request.pause();
        setTimeout(() => request.resume(), 20);
      });
      request.on("end", readerEnded);
    });
    const { socket } = await halfOpen(port);
    socket.write(head("/upload", pieces * piece.length));
    for (let sent = 0; sent < pieces; sent++) {
      socket.write(piece);
      await new Promise((wait) => setTimeout(wait, 25));
    }
    await ended;
    expect(readerGot).toBe(pieces * piece.length);
  });

  test("requests sent after the refused body on the same connection are not served, however many", async () => {
    const { port, served, refused, closedOnServer } = await serve((_request, response) => refuse(response));
    const { socket, read } = await halfOpen(port);
    socket.setNoDelay(true);
    const length = 1024 * 1024 + 999;
    socket.write(head("/too-large", length));
    await expect.poll(read).toMatch(/^HTTP\/1\.1 413 /);
    // The rest of the body, then its last bytes with three requests right behind them (pipelined) in one small
    // write, so that the server reads them together: their answers could not be sent.
    socket.write(Buffer.alloc(length - 10, "a"));
    socket.write(`${"a".repeat(10)}GET /after-1 HTTP/1.1\r\nHost: localhost\r\n\r\nGET /after-2 HTTP/1.1\r\nHost: localhost\r\n\r\n${head("/after-3", 2)}ok`);
    await closedOnServer;
    expect(served).toEqual(["/too-large"]);
    expect(refused).toEqual(["/after-1", "/after-2", "/after-3"]);
    expect(read().match(/HTTP\/1\.1/g)).toHaveLength(1);
  });

  test(`closeLingering closes it at once, instead of after ${LINGER_MS / 1000} s (a shutdown does not wait for it)`, async () => {
    const { port } = await serve((_request, response) => refuse(response));
    const { socket, read, closed } = await halfOpen(port);
    socket.write(head("/too-large", 64 * 1024 * 1024));
    await expect.poll(read).toMatch(/^HTTP\/1\.1 413 /);
    // Still sending, as an uploader does: the connection lingers.
    socket.write(Buffer.alloc(64 * 1024, "a"));
    await new Promise((wait) => setTimeout(wait, 100));
    expect(socket.destroyed, "the connection lingers").toBe(false);
    const asked = performance.now();
    closeLingering();
    // The uploader goes on sending until the closed connection refuses what it sends.
    while (!socket.destroyed && performance.now() - asked < LINGER_MS) {
      socket.write(Buffer.alloc(64 * 1024, "a"));
      await new Promise((wait) => setTimeout(wait, 50));
    }
    expect((await closed) - asked).toBeLessThan(1_000);
  });
});
