// Prepared statements for the queries every signed-in page runs (the session, the selected number's
// owner and profile, the account's numbers, …). Drizzle builds such a query's SQL once instead of on every
// call, and PostgreSQL parses and plans it once per connection instead of on every execution: on a 2-CPU
// instance that is a tenth of a signed-in page's time (docs/PERFORMANCE.md). Values go in by placeholder,
// so a statement is the same text for everyone.
import type { Db } from "./database.ts";

/**
 * One prepared statement per database handle, built on first use. `name` is its name on the server: one
 * name per statement text, across the whole application.
 */
export function preparedStatement<Statement>(name: string, build: (db: Db, name: string) => Statement): (db: Db) => Statement {
  const byDatabase = new WeakMap<Db, Statement>();
  return (db) => {
    let statement = byDatabase.get(db);
    if (!statement) byDatabase.set(db, (statement = build(db, name)));
    return statement;
  };
}
