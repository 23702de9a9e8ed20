#!/usr/bin/env node
// The first administrator of the operator's console, or a new enrolment link for an existing account
// (lost authenticator, locked out):
//   npm run console:admin -- --email admin@example.com [--name "Rana Haddad"]
// Same database as `npm run content:load` (DATABASE_URL, or the embedded server under DATA_DIR). Prints the
// one-time enrolment link (24 hours): <PUBLIC_URL or http://localhost:PORT>/console/enrol/<token>. The
// database keeps only the token's hash; the link is printed here only.
import path from "node:path";
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { drizzle } from "drizzle-orm/node-postgres";
import { connectionUrl, type AppDatabase } from "./app-database.ts";

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Creates (or re-enrols) the admin on the database at `url`; answers the enrolment link. */
export async function consoleAdmin({ url, email, name, siteUrl }: { url: string; email: string; name?: string; siteUrl: string }): Promise<{ staffId: number; token: string; created: boolean; roles: string[]; link: string }> {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  try {
    const [{ applyMigrations }, schema, { createAdminEnrolment }] = await Promise.all([
      import("../server/db/database.ts"),
      import("../server/db/schema.ts"),
      import("../server/console/enrolment.ts"),
    ]);
    await applyMigrations(pool, rootDir);
    const done = await createAdminEnrolment(drizzle({ client: pool, schema }), { email, displayName: name });
    return { ...done, link: `${siteUrl.replace(/\/+$/, "")}/console/enrol/${done.token}` };
  } finally {
    await pool.end();
  }
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  let options: { email?: string; name?: string };
  try {
    options = parseArgs({ options: { email: { type: "string" }, name: { type: "string" } } }).values;
  } catch {
    options = {};
  }
  // The login form's own rule, so an admin is never made who could not log in.
  const { staffEmail } = await import("../common/console.ts");
  const checked = staffEmail.safeParse(options.email ?? "");
  const email = checked.success ? checked.data : "";
  if (!checked.success) {
    process.stderr.write('Usage: npm run console:admin -- --email admin@example.com [--name "Display name"]\n');
    process.exit(2);
  }
  let connection: AppDatabase | undefined;
  try {
    connection = await connectionUrl();
    const siteUrl = process.env.PUBLIC_URL || `http://localhost:${process.env.PORT || 3000}`;
    const done = await consoleAdmin({ url: connection.url, email, name: options.name, siteUrl });
    process.stdout.write(
      done.created
        ? `Admin account created: ${email}\n`
        : `Existing account: it starts over (password, second factor, recovery codes and sessions ended); roles: ${done.roles.join(", ") || "none"}: ${email}\n`,
    );
    process.stdout.write(`One-time enrolment link (24 hours; any older link of this account no longer works):\n${done.link}\n`);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  } finally {
    await connection?.stop();
  }
}
