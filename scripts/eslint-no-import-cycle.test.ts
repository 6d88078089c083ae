import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Linter } from "eslint";
import tseslint from "typescript-eslint";
import { afterAll, describe, expect, it } from "vitest";
import localRules from "./eslint-no-import-cycle.js";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lw-cycle-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Writes the files, then lints `file` with the rule alone; returns the messages. */
function lint(files: Record<string, string>, file: string) {
  const base = fs.mkdtempSync(path.join(dir, "case-"));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(base, name), text);
  const linter = new Linter({ configType: "flat", cwd: base });
  const filename = path.join(base, file);
  return linter.verify(
    files[file]!,
    [{ files: ["**/*.ts"], languageOptions: { parser: tseslint.parser }, plugins: { local: localRules }, rules: { "local/no-import-cycle": "error" } }],
    filename,
  );
}

describe("local/no-import-cycle", () => {
  it("reports a cycle made of type-only imports, which import/no-cycle lets through", () => {
    const files = {
      "scans.service.ts": 'import type { RunScanJob } from "./scans.jobs";\nexport type ScansService = { job: RunScanJob };\n',
      "scans.jobs.ts": 'import type { ScansService } from "./scans.service";\nexport type RunScanJob = { service: ScansService };\n',
    };
    const messages = lint(files, "scans.service.ts");
    expect(messages).toHaveLength(1);
    expect(messages[0]!.message).toMatch(/scans\.service\.ts → .*scans\.jobs\.ts → .*scans\.service\.ts/);
  });

  it("reports a longer cycle through a re-export and a value import", () => {
    const files = {
      "a.ts": 'import { b } from "./b";\nexport const a = () => b;\n',
      "b.ts": 'export { c as b } from "./c";\n',
      "c.ts": 'import type { a } from "./a";\nexport const c = 1 as unknown as typeof a;\n',
    };
    expect(lint(files, "a.ts").map((m) => m.ruleId)).toEqual(["local/no-import-cycle"]);
  });

  it("lets imports that flow one way pass: service and jobs both import the job definitions", () => {
    const files = {
      "scans.job-definitions.ts": "export const runScanJob = { name: 'scan.run' };\n",
      "scans.service.ts": 'import { runScanJob } from "./scans.job-definitions";\nexport const send = () => runScanJob;\n',
      "scans.jobs.ts": 'import { runScanJob } from "./scans.job-definitions";\nimport type { send } from "./scans.service";\nexport const handle = (s: typeof send) => [runScanJob, s];\n',
    };
    expect(lint(files, "scans.jobs.ts")).toEqual([]);
    expect(lint(files, "scans.service.ts")).toEqual([]);
  });
});
