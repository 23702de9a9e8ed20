// The server bundle's entry (vite.config.ts): configuration → database (migrations, optional seed)
// → HTTP server → graceful shutdown on SIGTERM/SIGINT. server/serve.js imports it, built or in dev.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import { createServer, STATUS_CODES, type Server } from "node:http";
import type { ServerBuild } from "react-router";
import { loadConfig, type Config } from "./config.ts";
import { openDatabase } from "./db/database.ts";
import { loggableMessage, withoutQueryParameters } from "./db/errors.ts";
import { loadContent } from "./db/seed/load-content.ts";
import { startExpirySweep } from "./reservation/expiry-job.ts";
import { startRenewalSweep } from "./charging/renewal.ts";
import { startContentScheduleSweep } from "./content/schedule-job.ts";
import { createMetrics } from "./metrics.ts";
import { watchContentVersion } from "./page-cache/content-version.ts";
import { Memo } from "./memo.ts";
import { contentClock } from "./content/content-clock.ts";
import { PageCache } from "./page-cache/page-cache.ts";
import { DEMO_INVENTORY_SIZE, seedInventory } from "./reservation/inventory.ts";
import { createHttpApp } from "./http.ts";
import { closeLingering, lingerBeforeClose } from "./edge/lingering-close.ts";
import { clientIpFrom } from "./client-ip.ts";
import { createLogger } from "./logger.ts";
import { createEmbeddedNetwork } from "./network/embedded.ts";
import { createChargingPort } from "./charging/index.ts";
import { seedDemoChargingLines } from "./charging/demo-lines.ts";
import { seedDemoUsage } from "./charging/demo-usage.ts";
import { createSmsGateway } from "./sms/index.ts";
import { numberEncryptionKey } from "./auth/number-encryption.ts";
import type { AppServices } from "./services.ts";

type ConnectMiddleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

export interface StartOptions {
  /** The repository root: migrations, content and build/ are found from here. */
  rootDir: string;
  /** Load content/*.json into the database before serving. */
  seed?: boolean;
  /** Development: Vite's middleware serves modules and assets in front of the app. */
  viteMiddleware?: ConnectMiddleware;
  env?: Record<string, string | undefined>;
}

export interface RunningServer {
  server: Server;
  services: AppServices;
  url: string;
  shutdown(reason: string): Promise<void>;
}

/** Libraries that write to the console (React Router's warnings, React's errors) log JSON lines too. */
function routeConsoleToLogger(logger: ReturnType<typeof createLogger>) {
  const text = (args: unknown[]) =>
    args.map((arg) => (arg instanceof Error ? `${loggableMessage(arg)}\n${withoutQueryParameters(arg.stack ?? "")}` : withoutQueryParameters(String(arg)))).join(" ");
  console.error = (...args: unknown[]) => logger.error(text(args));
  console.warn = (...args: unknown[]) => logger.warn(text(args));
  console.info = (...args: unknown[]) => logger.info(text(args));
  console.log = (...args: unknown[]) => logger.info(text(args));
}

function loadBuild(): Promise<ServerBuild> {
  return import("virtual:react-router/server-build");
}

/** How long each closing step of the shutdown (sweep, SMS gateway, network port, database) may take. */
const CLOSE_STEP_TIMEOUT_MS = 5_000;
const DATABASE_CLOSE_TIMEOUT_MS = 35_000;

export async function start(options: StartOptions): Promise<RunningServer> {
  const config: Config = loadConfig(options.env);
  const logger = createLogger(config.LOG_LEVEL);
  routeConsoleToLogger(logger);
  const started = performance.now();
  const databaseOpening = openDatabase(config, logger, options.rootDir);
  // Production: React Router's build (every page module) compiles while the database starts; it is
  // awaited below, where a failure to load it stops the start.
  const build = options.viteMiddleware ? loadBuild : loadBuild();
  if (build instanceof Promise) build.catch(() => undefined);
  const database = await databaseOpening;
  if (options.seed) {
    const counts = await loadContent(database.db, path.join(options.rootDir, "content"));
    const chargingLines = await seedDemoChargingLines(database.db);
    const usageRecords = await seedDemoUsage(database.db, config.OPERATOR_TIME_ZONE);
    logger.info({ counts, chargingLines, usageRecords }, "demo content loaded");
  }

  const sms = await createSmsGateway(config, database.db, logger).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  const metrics = createMetrics(database.pool);
  const charging = await createChargingPort(config, database.db, logger, metrics);
  const pageCache = new PageCache({ ttlSeconds: config.PAGE_CACHE_SECONDS, maxBytes: config.PAGE_CACHE_MAX_MB * 1024 * 1024 });
  const contentMemo = new Memo(config.PAGE_CACHE_SECONDS * 1000);
  const numberSearchMemo = new Memo(config.NUMBER_SEARCH_CACHE_MS, { maxKeys: 2_000, staleWhileLoading: true });
  const services: AppServices = { config, database, db: database.db, logger, sms, network: createEmbeddedNetwork(database.db), charging, metrics, pageCache, contentMemo, numberSearchMemo, contentClock: contentClock(config.CONTENT_CLOCK_FILE) };
  if (config.CONTENT_CLOCK_FILE) logger.warn({ file: config.CONTENT_CLOCK_FILE }, "content clock moved by a file (tests only)");
  const expirySweep = startExpirySweep(database.db, logger, config.RESERVATION_SWEEP_SECONDS, metrics, () => numberSearchMemo.clear());
  const renewalSweep = startRenewalSweep(services, config.CHARGING_RENEWAL_SWEEP_SECONDS);
  const contentSchedule = startContentScheduleSweep(database.db, logger, config.CONTENT_SCHEDULE_SWEEP_SECONDS, metrics, services.contentClock);
  const contentWatch = watchContentVersion(database.db, logger, config.CONTENT_VERSION_POLL_SECONDS, metrics, () => {
    pageCache.clear();
    contentMemo.clear();
  });
  // Read (or, on a new database, generate) the RSA key now rather than on the first sign-in request.
  numberEncryptionKey(services).catch((error: Error) => logger.warn({ err: loggableMessage(error) }, "number encryption key not loaded yet"));

  let shuttingDown = false;
  const app = createHttpApp({
    services,
    clientDir: path.join(options.rootDir, "build", "client"),
    build: await build,
    mode: options.viteMiddleware ? "development" : "production",
    isShuttingDown: () => shuttingDown,
  });
  const listener = getRequestListener(app.fetch);
  const server = createServer((req, res) => {
    // A body refused before its end does not cost the client its answer (server/edge/lingering-close.ts); a
    // request that comes on a connection lingering after such an answer is not served.
    if (!lingerBeforeClose(req, res)) {
      logger.warn({ clientIp: clientIpFrom(req.socket.remoteAddress, req.headers["x-forwarded-for"], config.TRUSTED_PROXY_HOPS) }, "request refused: sent behind a refused body");
      return;
    }
    // While draining, every answer closes its connection so keep-alive clients reconnect elsewhere.
    if (shuttingDown) res.setHeader("Connection", "close");
    if (options.viteMiddleware) options.viteMiddleware(req, res, () => void listener(req, res));
    else void listener(req, res);
  });
  // A slow or idle client cannot hold the server: bounded headers, request and keep-alive times.
  server.headersTimeout = 20_000;
  server.requestTimeout = 60_000;
  server.keepAliveTimeout = 5_000;
  // A request Node refuses before the app sees it (headers too large, malformed, too slow) is answered as
  // Node would answer it, and logged like the app's own refusals.
  server.on("clientError", (error: NodeJS.ErrnoException, socket) => {
    if (error.code === "ECONNRESET" || !socket.writable) {
      socket.destroy();
      return;
    }
    const status = error.code === "HPE_HEADER_OVERFLOW" ? 431 : error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
    logger.warn({ status, code: error.code ?? null, clientIp: (socket as Socket).remoteAddress ?? null }, "request refused: malformed");
    socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.PORT, config.HOST, () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  const url = `http://${config.HOST === "0.0.0.0" ? "localhost" : config.HOST}:${port}`;
  logger.info({ url, startupMs: Math.round(performance.now() - started) }, "listening");
  if (options.seed) {
    // The demo numbers for reservation: added after the server listens (a fresh database takes a second or
    // two); numbers already there are left as they are.
    seedInventory(database.db, DEMO_INVENTORY_SIZE).then(
      (added) => added > 0 && logger.info({ added }, "demo reservation numbers added"),
      (error: Error) => logger.warn({ err: loggableMessage(error) }, "demo reservation numbers not added"),
    );
  }

  let shutdownPromise: Promise<void> | undefined;
  const shutdown = (reason: string) =>
    (shutdownPromise ??= (async () => {
      shuttingDown = true;
      // Drain first: /readyz answers 503 while the server still accepts and answers, so a load
      // balancer stops sending traffic before the listening socket closes. Closing at once would
      // reset the connections still waiting in the accept queue.
      logger.info({ reason, drainMs: config.SHUTDOWN_DRAIN_MS }, "shutting down: not ready, draining");
      if (config.SHUTDOWN_DRAIN_MS > 0) await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DRAIN_MS));
      logger.info("closing: no new connections, finishing requests in flight");
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      closeLingering();
      const timeout = new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), config.SHUTDOWN_TIMEOUT_MS).unref());
      if ((await Promise.race([closed, timeout])) === "timeout") {
        logger.warn("shutdown timeout: closing remaining connections");
        server.closeAllConnections();
      }
      // Each closing step has a bound: a peer that never answers (an SMSC, a database) cannot keep the
      // process from exiting; the step that did not finish is logged.
      const within = async (label: string, step: () => Promise<unknown>, limitMs = CLOSE_STEP_TIMEOUT_MS) => {
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), limitMs)));
        const outcome = await Promise.race([step().catch((error: Error) => logger.warn({ err: error.message }, `${label} did not close cleanly`)), late]);
        clearTimeout(timer);
        if (outcome === "late") logger.error({ step: label, waitedMs: limitMs }, "shutdown step did not finish in time; going on");
      };
      await within("reservation expiry sweep", () => expirySweep.stop());
      await within("bundle renewal sweep", () => renewalSweep.stop());
      await within("content schedule sweep", () => contentSchedule.stop());
      await within("content version watch", () => contentWatch.stop());
      await within("SMS gateway", () => sms.close());
      await within("network port", () => services.network.close());
      await within("charging port", () => services.charging.close());
      // The embedded server's fast shutdown writes a checkpoint, which after heavy writes can take longer than
      // the other steps; its own stop gives up (SIGKILL) after 30 s, so this step is bounded just beyond that.
      await within("database", () => database.close(), DATABASE_CLOSE_TIMEOUT_MS);
      logger.info("stopped");
    })());

  return { server, services, url, shutdown };
}

/** Runs the server until SIGTERM/SIGINT, then shuts down gracefully and exits 0. */
export async function main(options: StartOptions): Promise<void> {
  let running: RunningServer;
  try {
    running = await start(options);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`${message}\n`);
    process.exit(1);
  }
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      running.shutdown(signal).then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}
