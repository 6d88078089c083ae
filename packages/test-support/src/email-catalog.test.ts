import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { emailCatalog, emailSamples } from "./email-catalog";

// The email sweep renders the catalog; this keeps the catalog whole. A template is an exported
// function named `…Message` or `render…` in a `*-template.ts` / `*-templates.ts` file, and no
// email is written anywhere else (no branded layout, no literal subject), so a new email cannot
// skip the sweep.

const serverSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../apps/server/src");

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return e.name.endsWith(".ts") && !e.name.endsWith(".test.ts") ? [full] : [];
  });
}

const files = sources(serverSrc);
const isTemplateFile = (f: string) => /-templates?\.ts$/.test(f);

describe("the email catalog", () => {
  it("has a sample of every template the server has", () => {
    const templates = files
      .filter(isTemplateFile)
      .flatMap((f) => [...fs.readFileSync(f, "utf8").matchAll(/^export function (\w+Message|render\w+)\(/gm)].map((m) => m[1]!))
      .sort();
    expect(templates.length).toBeGreaterThan(15);
    expect(Object.keys(emailCatalog).sort()).toEqual(templates);
  });

  it("finds no email written outside a template file", () => {
    const outside = files
      .filter((f) => !isTemplateFile(f) && !f.endsWith(path.join("email", "layout.ts")))
      .filter((f) => /\bbrandedEmail\(|\bsubject:\s*["'`]/.test(fs.readFileSync(f, "utf8")))
      .map((f) => path.relative(serverSrc, f));
    expect(outside).toEqual([]);
  });

  it("gives every email sent to a person an HTML part, and every sample its own name", () => {
    const samples = emailSamples();
    expect(new Set(samples.map((s) => s.name)).size).toBe(samples.length);
    // The one plain-text email: the ticket to the support inbox, read by the team in its mail client.
    expect(samples.filter((s) => !s.email.html).map((s) => s.name)).toEqual(["support-ticket"]);
    for (const s of samples) expect(s.email.subject, s.name).not.toMatch(/undefined|null|NaN|\[object/);
  });
});
