// A reporter beside vitest's own (vitest.config.ts): at the end of every run it prints the ten slowest test
// files — their tests and hooks, with the project — so the next hour spent on the suite's speed goes where
// the time is (issue 18).
import type { Reporter, TestModule } from "vitest/node";

const SHOWN = 10;

export default class SlowestFiles implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const files = testModules
      .map((module) => ({ file: module.relativeModuleId, project: module.project.name, seconds: module.diagnostic().duration / 1000 }))
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, SHOWN);
    if (files.length === 0) return;
    const lines = files.map(({ file, project, seconds }) => `  ${seconds.toFixed(2).padStart(7)} s  ${project.padEnd(5)} ${file}`);
    process.stdout.write(`\nThe ${files.length} slowest test files (tests and hooks):\n${lines.join("\n")}\n`);
  }
}
