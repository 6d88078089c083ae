import fs from "node:fs/promises";
import path from "node:path";
import { simpleParser } from "mailparser";
import type { Logger } from "../../lib/logger";

/** An outbox file larger than this is not one of ours (the mailer writes notices and account mail). */
const MAX_EML_BYTES = 10 * 1024 * 1024;

export interface OutboxErasure {
  /** Her address(es), matched in any case. */
  addresses: string[];
  /** Her user id, and any other exact text that names her. */
  ids: string[];
  /** Message-IDs of mail sent in her name (takedown notices), as their headers carry them. */
  messageIds: string[];
}

/**
 * In embedded mode (no SMTP) every email is an .eml file in the outbox: once her account is
 * erased, each file to her, about her address or sent in her name goes too. Headers are read as
 * written, bodies decoded (quoted-printable and base64 would hide an address from a plain search).
 * Returns how many files were removed.
 */
export async function eraseFromOutbox(outboxDir: string, her: OutboxErasure, logger: Logger): Promise<number> {
  const addresses = her.addresses.map((a) => a.toLowerCase()).filter((a) => a.length >= 3);
  const needles = [...her.ids.map((i) => i.toLowerCase()), ...her.messageIds.map((m) => m.toLowerCase())].filter((n) => n.length >= 3);
  if (needles.length === 0 && addresses.length === 0) return 0;
  let entries: string[];
  try {
    entries = await fs.readdir(outboxDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  const mentions = (text: string) => {
    const lower = text.toLowerCase();
    return needles.some((n) => lower.includes(n)) || addresses.some((a) => namesAddress(lower, a));
  };
  let removed = 0;
  for (const name of entries) {
    if (!name.endsWith(".eml")) continue;
    const file = path.join(outboxDir, name);
    try {
      const stat = await fs.stat(file);
      if (!stat.isFile() || stat.size > MAX_EML_BYTES) continue;
      const raw = await fs.readFile(file);
      let hers = mentions(raw.toString("latin1"));
      if (!hers) {
        const mail = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true });
        hers = mentions([mail.subject ?? "", mail.text ?? "", typeof mail.html === "string" ? mail.html : ""].join("\n"));
      }
      if (!hers) continue;
      await fs.rm(file, { force: true });
      removed++;
    } catch (error) {
      // One unreadable file must not keep the rest: it is logged (by name, never its content) and left.
      logger.error({ err: error, file: name }, "an outbox file could not be checked for an erased account");
    }
  }
  return removed;
}

const ADDRESS_CHAR = /[\w.!#$%&'*+/=?^`{|}~@-]/;

/**
 * Whether `text` names `address` itself, not a longer address that contains it ("joann@x.example"
 * holds "ann@x.example"; "ann@x.example.org" too): each occurrence is checked at its edges.
 */
export function namesAddress(text: string, address: string): boolean {
  for (let at = text.indexOf(address); at >= 0; at = text.indexOf(address, at + 1)) {
    const before = at === 0 ? "" : text[at - 1]!;
    const after = text[at + address.length] ?? "";
    const continues = after !== "" && ADDRESS_CHAR.test(after) && !(after === "." && !ADDRESS_CHAR.test(text[at + address.length + 1] ?? ""));
    if (!(before !== "" && ADDRESS_CHAR.test(before)) && !continues) return true;
  }
  return false;
}
