import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const eslint = new ESLint({ cwd: repoRoot });
const modules = path.join(repoRoot, "apps/server/src/modules");

/** Lints `code` as if it were the (never written) file `file` of the repository; returns its messages. */
async function lint(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(modules, file) });
  return result!.messages.map((m) => ({ rule: m.ruleId, message: m.message }));
}

describe("module boundaries in the lint", () => {
  it("refuses a module reaching into another module's repository", async () => {
    const messages = await lint("crawls/planted.ts", 'import { listReferenceImages } from "../scans/scans.repository";\nexport const planted = listReferenceImages;\n');
    expect(messages).toEqual([{ rule: "import/no-restricted-paths", message: expect.stringContaining("another module only through its service") }]);
  });

  it("refuses a module reaching into another module's helper file, even across lines", async () => {
    const code = 'import {\n  ACCURACY_STATEMENT,\n  GOOD_FAITH_STATEMENT,\n} from "../takedowns/notice-template";\nexport const planted = [ACCURACY_STATEMENT, GOOD_FAITH_STATEMENT];\n';
    expect((await lint("account/planted.ts", code)).map((m) => m.rule)).toEqual(["import/no-restricted-paths"]);
  });

  it("lets a module import another module's service and job definitions", async () => {
    const code = [
      'import { createScansService } from "../scans/scans.service";',
      'import { recordLeak } from "../scans/leak-recording.service";',
      'import { runScanJob } from "../scans/scans.job-definitions";',
      "export const planted = [createScansService, recordLeak, runScanJob];",
      "",
    ].join("\n");
    expect(await lint("crawls/planted.ts", code)).toEqual([]);
  });

  it("refuses drizzle-orm outside a repository, by its name or a subpath", async () => {
    const code = 'import { sql } from "drizzle-orm";\nimport { pgTable } from "drizzle-orm/pg-core";\nexport const planted = [sql, pgTable];\n';
    const messages = await lint("crawls/planted.ts", code);
    expect(messages).toEqual([
      { rule: "no-restricted-imports", message: expect.stringContaining("drizzle-orm only in *.repository.ts and db/") },
      { rule: "no-restricted-imports", message: expect.stringContaining("drizzle-orm only in *.repository.ts and db/") },
    ]);
    expect((await lint("../auth/planted.ts", code)).map((m) => m.rule)).toEqual(["no-restricted-imports", "no-restricted-imports"]);
  });

  it("lets a repository, db/ and tests import drizzle-orm, and keeps test support out of shipped code", async () => {
    const code = 'import { sql } from "drizzle-orm";\nexport const planted = sql;\n';
    expect(await lint("crawls/planted.repository.ts", code)).toEqual([]);
    expect(await lint("../db/planted.ts", code)).toEqual([]);
    expect(await lint("crawls/planted.test.ts", code)).toEqual([]);
    const support = 'import { createTestServices } from "@leakwarden/test-support/test-services";\nexport const planted = createTestServices;\n';
    expect((await lint("crawls/planted.ts", support)).map((m) => m.rule)).toEqual(["no-restricted-imports"]);
  });
});
