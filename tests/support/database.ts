// Database helpers shared by the global setup (main process) and the tests (workers): naming
// databases on the test server, cloning the template, dropping clones, running SQL.
import { randomBytes } from "node:crypto";
import pg from "pg";

declare module "vitest" {
  export interface ProvidedContext {
    /** URL of a database on the test server with the right to create and drop databases. */
    testAdminDatabaseUrl: string;
    /** Migrated database holding the demo content; every test database is cloned from it. */
    testTemplateDatabase: string;
    /** Every database this run creates starts with this prefix, so teardown can drop them all. */
    testDatabasePrefix: string;
  }
}

/** The same server and credentials as `serverUrl`, another database. */
export function databaseUrlFor(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${encodeURIComponent(database)}`;
  return url.toString();
}

export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export async function withClient<T>(databaseUrl: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: "operator-website-tests" });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end().catch(() => {});
  }
}

const TEMPLATE_BUSY = "55006"; // "source database is being accessed by other users"

/** Creates `<prefix>_<random>` as a copy of the template and returns its name and URL. */
export async function cloneTemplate(adminUrl: string, template: string, prefix: string): Promise<{ name: string; url: string }> {
  const name = `${prefix}_${randomBytes(5).toString("hex")}`;
  await withClient(adminUrl, async (client) => {
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(`create database ${quoteIdentifier(name)} template ${quoteIdentifier(template)}`);
        return;
      } catch (error) {
        // Two clones started in the same instant can see each other on the template: try again.
        if ((error as { code?: string }).code !== TEMPLATE_BUSY || attempt >= 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
      }
    }
  });
  return { name, url: databaseUrlFor(adminUrl, name) };
}

/** Drops a database, ending any session still connected to it. */
export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await withClient(adminUrl, (client) => client.query(`drop database if exists ${quoteIdentifier(name)} with (force)`));
}

/** Drops every database whose name starts with `prefix`. */
export async function dropDatabasesWithPrefix(adminUrl: string, prefix: string): Promise<string[]> {
  return withClient(adminUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>("select datname from pg_database where starts_with(datname, $1)", [prefix]);
    for (const { datname } of rows) await client.query(`drop database if exists ${quoteIdentifier(datname)} with (force)`);
    return rows.map((row) => row.datname);
  });
}
