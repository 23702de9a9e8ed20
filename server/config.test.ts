// The environment contract of ARCHITECTURE.md: defaults for the embedded setup, and a bad value
// stops the start with a ConfigError whose one-line message names the variable.
import path from "node:path";
import { describe, expect, test } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

function configError(env: Record<string, string | undefined>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig(${JSON.stringify(env)}) should have thrown a ConfigError`);
}

function expectOneLineNaming(error: ConfigError, variable: string): void {
  expect(error.message).not.toContain("\n");
  expect(error.message).toMatch(new RegExp(`\\b${variable}\\b`));
}

describe("loadConfig defaults", () => {
  test("an empty environment gives the embedded-database defaults", () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.HOST).toBe("0.0.0.0");
    expect(config.DATA_DIR).toBe("./data");
    expect(config.dataDir).toBe(path.resolve("./data"));
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.NODE_ENV).toBe("development");
    expect(config.SMS_DRIVER).toBe("outbox");
    expect(config.ALLOW_OUTBOX_IN_PRODUCTION).toBe(false);
    expect(config.COMPANY_SLUG).toBe("sama");
    expect(config.LOG_LEVEL).toBe("info");
  });

  test("empty strings count as unset", () => {
    const config = loadConfig({ PORT: "", DATABASE_URL: "", HOST: "" });
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.HOST).toBe("0.0.0.0");
  });

  test("given values are parsed: numbers from strings, DATA_DIR resolved to an absolute path", () => {
    const config = loadConfig({
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: "/tmp/operator-data",
      DATABASE_URL: "postgresql://app@db.internal:5432/operator",
      NODE_ENV: "test",
    });
    expect(config.PORT).toBe(0);
    expect(config.HOST).toBe("127.0.0.1");
    expect(config.dataDir).toBe("/tmp/operator-data");
    expect(config.DATABASE_URL).toBe("postgresql://app@db.internal:5432/operator");
    expect(config.NODE_ENV).toBe("test");
  });

  test("production with the SMPP driver and its URL is accepted", () => {
    const config = loadConfig({ NODE_ENV: "production", SMS_DRIVER: "smpp", SMPP_URL: "smpp://gateway:2775" });
    expect(config.SMS_DRIVER).toBe("smpp");
  });

  test("production with the outbox driver is accepted when ALLOW_OUTBOX_IN_PRODUCTION=1", () => {
    const config = loadConfig({ NODE_ENV: "production", ALLOW_OUTBOX_IN_PRODUCTION: "1" });
    expect(config.SMS_DRIVER).toBe("outbox");
    expect(config.ALLOW_OUTBOX_IN_PRODUCTION).toBe(true);
  });
});

describe("loadConfig refuses bad values with one line naming the variable", () => {
  for (const port of ["abc", "70000", "-1", "80.5"]) {
    test(`PORT=${port}`, () => {
      expectOneLineNaming(configError({ PORT: port }), "PORT");
    });
  }

  for (const url of ["mysql://root@localhost/db", "localhost:5432", "not a url"]) {
    test(`DATABASE_URL=${url}`, () => {
      const error = configError({ DATABASE_URL: url });
      expectOneLineNaming(error, "DATABASE_URL");
      expect(error.message).toContain("postgres");
    });
  }

  test("NODE_ENV=production with the outbox SMS driver and no ALLOW_OUTBOX_IN_PRODUCTION", () => {
    const error = configError({ NODE_ENV: "production" });
    expectOneLineNaming(error, "SMS_DRIVER");
    expect(error.message).toContain("ALLOW_OUTBOX_IN_PRODUCTION");
  });

  test("NODE_ENV=production, SMS_DRIVER=outbox, ALLOW_OUTBOX_IN_PRODUCTION=0", () => {
    expectOneLineNaming(configError({ NODE_ENV: "production", SMS_DRIVER: "outbox", ALLOW_OUTBOX_IN_PRODUCTION: "0" }), "SMS_DRIVER");
  });

  test("SMS_DRIVER=smpp without SMPP_URL", () => {
    expectOneLineNaming(configError({ SMS_DRIVER: "smpp" }), "SMPP_URL");
  });

  test("NODE_ENV=staging", () => {
    expectOneLineNaming(configError({ NODE_ENV: "staging" }), "NODE_ENV");
  });

  test("COMPANY_SLUG with capitals or spaces", () => {
    expectOneLineNaming(configError({ COMPANY_SLUG: "Acme Inc" }), "COMPANY_SLUG");
  });

  test("ALLOW_OUTBOX_IN_PRODUCTION=yes (only 0, 1, true, false)", () => {
    expectOneLineNaming(configError({ ALLOW_OUTBOX_IN_PRODUCTION: "yes" }), "ALLOW_OUTBOX_IN_PRODUCTION");
  });

  for (const [name, value] of [
    ["OTP_TTL_SECONDS", "0"],
    ["OTP_MAX_WRONG_TRIES", "five"],
    ["OTP_RESEND_SECONDS", "-1"],
    ["OTP_SENDS_PER_NUMBER_10_MIN", "0"],
    ["OTP_SENDS_PER_NUMBER_HOUR", "1.5"],
    ["OTP_SENDS_PER_IP_HOUR", "0"],
    ["OTP_FAILURES_PER_NUMBER_DAY", "0"],
    ["SESSION_TTL_DAYS", "0"],
    ["SESSION_IDLE_DAYS", "x"],
  ] as const) {
    test(`${name}=${value}`, () => {
      expectOneLineNaming(configError({ [name]: value }), name);
    });
  }

  test("SESSION_IDLE_DAYS longer than SESSION_TTL_DAYS", () => {
    expectOneLineNaming(configError({ SESSION_TTL_DAYS: "5", SESSION_IDLE_DAYS: "7" }), "SESSION_IDLE_DAYS");
  });
});

describe("the limits of one-time codes and sessions", () => {
  test("default to the issue's values", () => {
    expect(loadConfig({})).toMatchObject({
      OTP_TTL_SECONDS: 300,
      OTP_MAX_WRONG_TRIES: 5,
      OTP_RESEND_SECONDS: 120,
      OTP_SENDS_PER_NUMBER_10_MIN: 3,
      OTP_SENDS_PER_NUMBER_HOUR: 5,
      OTP_SENDS_PER_IP_HOUR: 10,
      OTP_FAILURES_PER_NUMBER_DAY: 20,
      SESSION_TTL_DAYS: 30,
      SESSION_IDLE_DAYS: 7,
    });
  });

  test("can be raised, e.g. for a benchmark", () => {
    expect(loadConfig({ OTP_SENDS_PER_IP_HOUR: "100000", OTP_RESEND_SECONDS: "0" })).toMatchObject({ OTP_SENDS_PER_IP_HOUR: 100000, OTP_RESEND_SECONDS: 0 });
  });
});

describe("the charging driver", () => {
  const bss = { CHARGING_DRIVER: "tmf", BSS_URL: "https://bss.example/api", BSS_TOKEN_URL: "https://bss.example/oauth2/token", BSS_CLIENT_ID: "website", BSS_CLIENT_SECRET: "secret" };

  test("is embedded by default; tmf takes the BSS's URL, token endpoint and client, with time limit, retry and breaker defaults", () => {
    expect(loadConfig({}).CHARGING_DRIVER).toBe("embedded");
    expect(loadConfig(bss)).toMatchObject({ CHARGING_DRIVER: "tmf", BSS_TIMEOUT_MS: 3000, BSS_RETRIES: 2, BSS_BREAKER_FAILURES: 5, BSS_BREAKER_COOLDOWN_MS: 30000 });
  });

  for (const name of ["BSS_URL", "BSS_TOKEN_URL", "BSS_CLIENT_ID", "BSS_CLIENT_SECRET"]) {
    test(`tmf without ${name} stops the start naming it`, () => {
      const error = configError({ ...bss, [name]: undefined });
      expectOneLineNaming(error, name);
      expect(error.message).toContain("CHARGING_DRIVER=tmf");
    });
  }

  test("a BSS_URL that is not http(s), a bad offering list or a zero time limit is refused", () => {
    expectOneLineNaming(configError({ ...bss, BSS_URL: "ftp://bss.example" }), "BSS_URL");
    expectOneLineNaming(configError({ ...bss, BSS_OFFERING_IDS: "101:OFR" }), "BSS_OFFERING_IDS");
    expectOneLineNaming(configError({ ...bss, BSS_TIMEOUT_MS: "0" }), "BSS_TIMEOUT_MS");
    expect(loadConfig({ ...bss, BSS_OFFERING_IDS: "101=OFR_DAILY,102=OFR_WEEKLY" }).BSS_OFFERING_IDS).toBe("101=OFR_DAILY,102=OFR_WEEKLY");
  });

  test("the client secret is never in a configuration error", () => {
    expect(configError({ ...bss, BSS_URL: "not a url" }).message).not.toContain("secret");
  });
});

describe("the content clock a test can move (CONTENT_CLOCK_FILE)", () => {
  test("is unset by default: content follows the real clock", () => {
    expect(loadConfig({}).CONTENT_CLOCK_FILE).toBeUndefined();
  });

  test("is taken in development and test", () => {
    expect(loadConfig({ NODE_ENV: "test", CONTENT_CLOCK_FILE: "/tmp/clock" }).CONTENT_CLOCK_FILE).toBe("/tmp/clock");
    expect(loadConfig({ CONTENT_CLOCK_FILE: "clock.txt" }).CONTENT_CLOCK_FILE).toBe("clock.txt");
  });

  test("stops a production start, naming it, even where everything else is right", () => {
    const error = configError({ NODE_ENV: "production", SMS_DRIVER: "smpp", SMPP_URL: "smpp://gateway:2775", CONTENT_CLOCK_FILE: "/tmp/clock" });
    expectOneLineNaming(error, "CONTENT_CLOCK_FILE");
    expect(error.message).toContain("NODE_ENV=production");
  });
});
