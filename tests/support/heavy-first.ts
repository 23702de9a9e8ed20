// The order in which the run hands out test files (vitest.config.ts): the longest browser files first, then the
// other browser files, then the app-process files, then the rest, each group as vitest orders it (by its last
// duration when it knows one, else by size, largest first). A fresh clone, as in CI, has no durations, and vitest's
// own order would start the browser files only after the api files, and the walks last of all (their test files are
// a few lines that call a suite): the longest file of the run would then start last and the run end with one worker
// busy and two idle (issue 18).
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

export default class HeavyFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const longest = LONGEST.findIndex((path) => file.moduleId.endsWith(path));
      if (longest !== -1) return longest;
      const index = FIRST.indexOf(file.project.name);
      return LONGEST.length + (index === -1 ? FIRST.length : index);
    };
    // Array.prototype.sort is stable: within a rank, vitest's order stays.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
