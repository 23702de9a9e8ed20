// Global setup of the suites that start the real server (api, e2e): the built site must exist,
// then the run's database server and template database (tests/support/database-setup.ts).
import { existsSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { rootDir, setupDatabase } from "./database-setup.ts";

export const serverBundle = path.join(rootDir, "build", "server", "index.js");

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(serverBundle)) {
    throw new Error(
      `The ${project.name} tests start the built server, but ${path.relative(rootDir, serverBundle)} is missing: run npm run build first.`,
    );
  }
  return setupDatabase(project);
}
