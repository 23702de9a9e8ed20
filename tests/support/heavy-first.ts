// The order in which the run hands out test files (vitest.config.ts): the longest browser files first, then the
// other browser files, then the app-process files, then the longest api and unit files, then the rest, each group as
// vitest orders it (by its last duration when it knows one, else by size, largest first). A fresh clone, as in CI,
// has no durations, and vitest's own order would start the browser files only after the api files, and the walks
// last of all (their test files are a few lines that call a suite): the longest file of the run would then start
// last and the run end with one worker busy and two idle (issue 18).
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The projects whose files are handed out first, in this order: the browser files take longest; the app-process
 * files (ops) then run beside the api and unit files instead of after them.
 */
const FIRST = ["e2e", "ops"];

/**
 * The files that take longest in a full run (a minute or more each, measured in the run's list of the slowest
 * files): the walks of every page, and the two files that wait on slow connections and long scrolls.
 */
const LONGEST = ["site-walk-ar", "site-walk-en", "layout-shift", "support-button", "content"].map((name) => `/tests/e2e/${name}.test.ts`);

/**
 * The api and unit files that take longest in a full run (10 to 25 s each; most clone a database for every test):
 * handed out before the other api and unit files. Vitest would order them by size, and a run whose last files are
 * a few long chains of database work ends with the two CPUs two-thirds busy (1.3 of 2 in the last 60 s, before the
 * proofs).
 */
const LONG_OTHERS = [
  "server/content/revisions.test.ts",
  "tests/api/console-content.test.ts",
  "server/content/media.test.ts",
  "server/db/seed/load-content.test.ts",
  "tests/api/console.test.ts",
  "tests/api/hostile-input.test.ts",
  "tests/api/fuzz.test.ts",
  "tests/api/vouchers.test.ts",
  "server/content/export.test.ts",
  "tests/api/users-limits.test.ts",
].map((path) => `/${path}`);

export default class HeavyFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const longest = LONGEST.findIndex((path) => file.moduleId.endsWith(path));
      if (longest !== -1) return longest;
      const index = FIRST.indexOf(file.project.name);
      if (index !== -1) return LONGEST.length + index;
      const longOther = LONG_OTHERS.findIndex((path) => file.moduleId.endsWith(path));
      return LONGEST.length + FIRST.length + (longOther === -1 ? LONG_OTHERS.length : longOther);
    };
    // Array.prototype.sort is stable: within a rank, vitest's order stays.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
