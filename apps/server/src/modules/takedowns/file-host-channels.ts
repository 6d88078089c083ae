import { readFileSync } from "node:fs";
import { z } from "zod";
import type { StoredRecipient } from "../../db/schema/takedowns";
import { type FileHostService, recogniseFileHostLink } from "../../scanner/file-hosts";
import { checkMailbox } from "./mailbox";

/**
 * The copyright channels file hosts publish (data/file-host-channels.json, sourced and dated):
 * a file-host link is written to the host's published address, or handed to her as a form step
 * on the host's report page, never left with "no contact found".
 */

/** Every file host the scanner recognises: the compiler keeps this list and the scanner's together. */
const SERVICES = {
  mega: true,
  gofile: true,
  pixeldrain: true,
  bunkr: true,
  krakenfiles: true,
  mediafire: true,
  cyberdrop: true,
  workupload: true,
  "1fichier": true,
  rapidgator: true,
  catbox: true,
  sendspace: true,
} satisfies Record<FileHostService, true>;

const channelSchema = z
  .object({
    service: z.enum(Object.keys(SERVICES) as [FileHostService, ...FileHostService[]]),
    name: z.string().min(1),
    email: z.string().nullable(),
    formUrl: z.url({ protocol: /^https$/ }).nullable(),
    source: z.url({ protocol: /^https$/ }),
    checkedOn: z.iso.date(),
    next: z.string().min(20),
  })
  .refine((c) => c.email !== null || c.formUrl !== null, "an entry needs an address or a form")
  .refine((c) => c.email === null || checkMailbox(c.email).ok, "the address must be one plain mailbox");

export type FileHostChannel = z.infer<typeof channelSchema>;

const fileSchema = z.object({ description: z.string(), hosts: z.array(channelSchema) });

function load(): Map<FileHostService, FileHostChannel> {
  const parsed = fileSchema.parse(JSON.parse(readFileSync(new URL("./data/file-host-channels.json", import.meta.url), "utf8")));
  return new Map(parsed.hosts.map((h) => [h.service, h]));
}

let channels: Map<FileHostService, FileHostChannel> | undefined;

/** The shipped channels, read once. */
export function fileHostChannels(): Map<FileHostService, FileHostChannel> {
  channels ??= load();
  return channels;
}

/** The channel of the file host a link is on, or null when the link is no recognised file-host link. */
export function fileHostChannelFor(url: string): FileHostChannel | null {
  const link = recogniseFileHostLink(url);
  return link ? (fileHostChannels().get(link.service) ?? null) : null;
}

/** The file host as a recipient: its published address, or its report page (her form step). */
export function fileHostRecipient(channel: FileHostChannel): StoredRecipient {
  return {
    kind: "site",
    email: channel.email,
    webForm: channel.email ? null : channel.formUrl,
    foundBy: "file-host",
    source: `${channel.name}'s published copyright channel (${channel.source}, as of ${channel.checkedOn})`,
    note: channel.next,
    name: channel.name,
    refused: null,
  };
}

/** A recipient that is a file host's published report page: the link is reported there, on her form step. */
export const isFileHostForm = (r: StoredRecipient) => r.foundBy === "file-host" && !r.email && !!r.webForm;
