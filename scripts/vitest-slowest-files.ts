import type { Reporter, TestModule } from "vitest/node";

/** Prints, at the end of a run, the test files that took longest (wall time from collection to their last test), by project. */
export default class SlowestFilesReporter implements Reporter {
  private readonly count = 12;

  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const rows = testModules
      .map((m) => {
        const d = m.diagnostic();
        return { file: m.relativeModuleId, project: m.project.name, seconds: (d.collectDuration + d.setupDuration + d.duration) / 1000 };
      })
      .sort((a, b) => b.seconds - a.seconds);
    if (rows.length === 0) return;
    const total = rows.reduce((sum, r) => sum + r.seconds, 0);
    const lines = rows.slice(0, this.count).map((r) => `  ${r.seconds.toFixed(1).padStart(7)} s  ${r.project.padEnd(16)} ${r.file}`);
    process.stdout.write(`\nSlowest test files (${rows.length} files, ${total.toFixed(0)} s of file time in all):\n${lines.join("\n")}\n`);
  }
}
