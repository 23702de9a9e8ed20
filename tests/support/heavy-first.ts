// The order in which the run hands out test files (vitest.config.ts): the browser files first, largest first,
// then the others as vitest orders them (by their last duration when it knows it, else by size). A fresh clone has
// no durations, and vitest's own order would start the browser files only after the api files: the longest file
// of the run would then start last and the run end with one worker busy and two idle (issue 18).
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** The projects whose files take longest, in the order their files are handed out. */
const FIRST = ["e2e"];

export default class HeavyFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = FIRST.indexOf(file.project.name);
      return index === -1 ? FIRST.length : index;
    };
    // Array.prototype.sort is stable: within a rank, vitest's order stays.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
