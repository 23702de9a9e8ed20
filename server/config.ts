// The environment, read once at start and validated: a bad value stops the start with one line that
// names the variable and what is wrong with it.
import path from "node:path";
import { z } from "zod";
import { DEFAULT_OPERATOR_TIME_ZONE } from "../common/format.ts";

const booleanFlag = z
  .enum(["0", "1", "true", "false"])
  .transform((value) => value === "1" || value === "true");

const configSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    /** A statement running longer is cancelled and the request answers 503 (never hangs). */
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
    /** Bearer token of GET /metrics; unset, /metrics does not exist. */
    METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
    PUBLIC_URL: z.url().optional(),
    COMPANY_SLUG: z
      .string()
      .regex(/^[a-z0-9-]+$/, "must be lowercase letters, digits and dashes")
      .default("sama"),
    CURRENCY_SUFFIX_AR: z.string().min(1).default("ل.س"),
    CURRENCY_SUFFIX_EN: z.string().min(1).default("SYP"),
    SMS_DRIVER: z.enum(["outbox", "smpp"]).default("outbox"),
    SMPP_URL: z.string().regex(/^smpps?:\/\//, "must be an smpp:// URL").optional(),
    ALLOW_OUTBOX_IN_PRODUCTION: booleanFlag.default(false),
    RSA_PRIVATE_KEY: z.string().includes("PRIVATE KEY", { message: "must be a PEM private key" }).optional(),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /** Number of proxies in front of the app whose X-Forwarded-For entries are trusted (0: none). */
    TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(1_000),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
    /** One-time codes (spec §9 and issue 3): lifetime, wrong tries, resend delay and sending limits. */
    OTP_TTL_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
    OTP_MAX_WRONG_TRIES: z.coerce.number().int().min(1).max(100).default(5),
    OTP_RESEND_SECONDS: z.coerce.number().int().min(0).max(3600).default(120),
    OTP_SENDS_PER_NUMBER_10_MIN: z.coerce.number().int().min(1).max(100_000).default(3),
    OTP_SENDS_PER_NUMBER_HOUR: z.coerce.number().int().min(1).max(100_000).default(5),
    OTP_SENDS_PER_IP_HOUR: z.coerce.number().int().min(1).max(10_000_000).default(10),
    OTP_FAILURES_PER_NUMBER_DAY: z.coerce.number().int().min(1).max(100_000).default(20),
    /** Sessions: absolute lifetime and the idle time after which an unused session ends. */
    SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    SESSION_IDLE_DAYS: z.coerce.number().int().min(1).max(365).default(7),
    /**
     * The operator's time zone: service centres' opening hours are in it, the days of balances, offers and usage are
     * its days, and pages show times in it (the shell's `timeZone`).
     */
    OPERATOR_TIME_ZONE: z
      .string()
      .refine((zone) => {
        try {
          new Intl.DateTimeFormat("en", { timeZone: zone });
          return true;
        } catch {
          return false;
        }
      }, `must be an IANA time zone such as ${DEFAULT_OPERATOR_TIME_ZONE}`)
      .default(DEFAULT_OPERATOR_TIME_ZONE),
    /**
     * How long this instance keeps a page of the number search (server/reservation/inventory.ts): identical searches
     * within it cost one query. Once expired, a page is still answered for at most this long again while one search
     * replaces it (server/memo.ts, staleWhileLoading). A number reserved or cancelled through this instance empties it
     * at once; another instance's may show a taken number for at most twice this long (reserving it then answers
     * NUMBER_TAKEN). 0: off.
     */
    NUMBER_SEARCH_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
    /** How often each instance sweeps expired reservation holds back into the pool. */
    RESERVATION_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    /** How often each instance renews the bundles whose end has come (embedded charging driver). */
    CHARGING_RENEWAL_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    /**
     * Guest pages (no session): how long this instance and shared caches (s-maxage) keep one; 0 turns the
     * page cache off. A content load empties every instance's cache within CONTENT_VERSION_POLL_SECONDS.
     */
    PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
    /** How long a shared cache may go on serving an expired guest page while it fetches a fresh one. */
    PAGE_CACHE_STALE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
    /** The most memory this instance's page cache takes (its least recently used pages go first). */
    PAGE_CACHE_MAX_MB: z.coerce.number().int().min(1).max(4096).default(64),
    /** How often each instance looks at the content version to empty its page cache after a content load. */
    CONTENT_VERSION_POLL_SECONDS: z.coerce.number().min(0.2).max(3600).default(5),
    /** How often each instance publishes the console's scheduled content that is due and ends what is due to end. */
    CONTENT_SCHEDULE_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    /**
     * Tests only (refused in production): a file holding how many seconds the content's clock runs ahead of the
     * real one (scheduled starts and ends, the offers running today), read on every use (server/content/content-clock.ts).
     */
    CONTENT_CLOCK_FILE: z.string().min(1).optional(),
    /** Feedback forms accepted per client IP per hour. */
    FEEDBACK_PER_IP_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(5),
    /** Voucher top-ups (issue 16): tries per client IP per hour, wrong vouchers per line per hour, and the lock they cause. */
    VOUCHER_TRIES_PER_IP_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(20),
    VOUCHER_MAX_WRONG_PER_LINE_HOUR: z.coerce.number().int().min(1).max(1000).default(5),
    VOUCHER_LOCK_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
    /** The key of the vouchers' secret hashes (embedded driver); unset: one kept in DATA_DIR/voucher-hash.key. */
    VOUCHER_HASH_KEY: z.string().min(32, "must be at least 32 characters").optional(),
    /** The key of the idempotency keys of the bundle confirmations the site shows; unset: one kept in DATA_DIR/order-key.key. */
    ORDER_KEY_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    /** The key (base64url of 32 bytes) that encrypts console staff members' TOTP secrets; unset → DATA_DIR/console-secret.key. */
    /** Console logins (issue 17): tries per client IP in 15 minutes (each account also locks after 5 wrong ones). */
    CONSOLE_LOGINS_PER_IP_15_MIN: z.coerce.number().int().min(1).max(1_000_000).default(30),
    CONSOLE_SECRET_KEY: z.string().regex(/^[A-Za-z0-9_-]{43}$/, "must be 32 bytes in base64url (43 characters)").optional(),
    /** The charging port's driver (docs/OPERATIONS.md, "Charging: the TM Forum driver"). */
    CHARGING_DRIVER: z.enum(["embedded", "tmf"]).default("embedded"),
    /** tmf: the BSS's TM Forum API root (the /tmf-api/… paths are below it), its OAuth2 token endpoint and client. */
    BSS_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
    BSS_TOKEN_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
    BSS_CLIENT_ID: z.string().min(1).optional(),
    BSS_CLIENT_SECRET: z.string().min(1).optional(),
    /** tmf: each call's time limit, retries of the calls that may be repeated, and the circuit breaker. */
    BSS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3_000),
    BSS_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
    BSS_BREAKER_FAILURES: z.coerce.number().int().min(1).max(1_000).default(5),
    BSS_BREAKER_COOLDOWN_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
    /** tmf: catalogue bundle → TMF620 offering id, `101=OFR_DAILY,102=OFR_WEEKLY`; unlisted bundles are `bundle-<id>`. */
    BSS_OFFERING_IDS: z
      .string()
      .regex(/^\d+=[^,=\s]+(,\d+=[^,=\s]+)*$/, "must be a list like 101=OFR_DAILY,102=OFR_WEEKLY")
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production" && env.SMS_DRIVER === "outbox" && !env.ALLOW_OUTBOX_IN_PRODUCTION) {
      ctx.addIssue({
        code: "custom",
        path: ["SMS_DRIVER"],
        message: "is 'outbox' in production; set SMS_DRIVER=smpp or ALLOW_OUTBOX_IN_PRODUCTION=1",
      });
    }
    if (env.NODE_ENV === "production" && env.CONTENT_CLOCK_FILE) {
      ctx.addIssue({ code: "custom", path: ["CONTENT_CLOCK_FILE"], message: "moves the content's clock, for tests only: refused when NODE_ENV=production" });
    }
    if (env.SESSION_IDLE_DAYS > env.SESSION_TTL_DAYS) {
      ctx.addIssue({ code: "custom", path: ["SESSION_IDLE_DAYS"], message: "must not exceed SESSION_TTL_DAYS" });
    }
    if (env.SMS_DRIVER === "smpp" && !env.SMPP_URL) {
      ctx.addIssue({ code: "custom", path: ["SMPP_URL"], message: "is required when SMS_DRIVER=smpp" });
    }
    if (env.CHARGING_DRIVER === "tmf") {
      for (const name of ["BSS_URL", "BSS_TOKEN_URL", "BSS_CLIENT_ID", "BSS_CLIENT_SECRET"] as const) {
        if (!env[name]) ctx.addIssue({ code: "custom", path: [name], message: "is required when CHARGING_DRIVER=tmf" });
      }
    }
  });

export type Config = z.infer<typeof configSchema> & { dataDir: string };

export class ConfigError extends Error {}

/** Parses the environment; throws a ConfigError whose message is one line naming the first bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));
  const result = configSchema.safeParse(present);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = issue.path.join(".") || "environment";
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message.replace(/^Invalid input: /, "")}`);
  }
  return { ...result.data, dataDir: path.resolve(result.data.DATA_DIR) };
}
