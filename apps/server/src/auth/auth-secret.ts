import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** AUTH_SECRET when set; otherwise one generated on first start and kept in DATA_DIR, so sessions survive restarts. */
export function resolveAuthSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, "auth-secret");
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
