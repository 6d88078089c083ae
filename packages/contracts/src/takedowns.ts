import { z } from "zod";

/**
 * Takedowns: the creator's authorization of the service as her agent, DMCA notices grouped per
 * recipient, tracking until the link is gone, search-delisting packages and measured figures.
 */

export const takedownStatuses = ["draft", "queued", "sent", "removed", "no_response", "escalated", "failed", "needs_manual_action", "cancelled"] as const;
export type TakedownStatus = (typeof takedownStatuses)[number];

/** Who receives a notice, in the order they are tried. */
export const recipientKinds = ["site", "host", "cdn", "registrar"] as const;
/** How a recipient was found. */
export const recipientSources = ["catalog", "site-page", "rdap-ip", "cdn-ranges", "rdap-origin", "rdap-domain", "platform", "file-host"] as const;

export const noticeStatuses = ["queued", "sending", "sent", "failed", "cancelled"] as const;
export type NoticeStatus = (typeof noticeStatuses)[number];
/** A notice under §512(c)(3), or a removal request under the TAKE IT DOWN Act. */
export const noticeKinds = ["dmca", "takeitdown"] as const;
export type NoticeKind = (typeof noticeKinds)[number];
/** What a reply to one of our notices says. */
export const replyKinds = ["removed", "refused", "more_info", "auto_reply", "counter_notice", "disputed", "other"] as const;
export type ReplyKind = (typeof replyKinds)[number];
export const delistingEngines = ["google", "bing"] as const;
export type DelistingEngine = (typeof delistingEngines)[number];

// ---- Authorization ----

export const ownerNameChoices = ["stage_name", "legal_name"] as const;

export const authorizationInputSchema = z
  .object({
    /** Her full legal name: stored privately, shown in notices only when she chooses it. */
    fullName: z.string({ error: "Enter your full legal name." }).trim().min(3, "Enter your full legal name.").max(200, "Too long."),
    /** Her signature: the full name typed again. */
    signature: z.string({ error: "Type your full name as your signature." }).trim().min(3, "Type your full name as your signature.").max(200, "Too long."),
    agree: z.literal(true, { error: "Check the box to grant the authorization." }),
    /** The name notices show as the copyright owner. */
    ownerName: z.enum(ownerNameChoices).default("stage_name"),
    /** Which verified stage name to show (default: the first verified one). */
    stageNameId: z.uuid("Choose one of your stage names.").nullable().optional(),
  })
  .strict();
export type AuthorizationInput = z.infer<typeof authorizationInputSchema>;

export const authorizationViewSchema = z.object({
  /** The statement she grants (the current version), to show before she signs. */
  statement: z.string(),
  statementVersion: z.string(),
  /** At least one stage name verified: notices need it. */
  ownershipVerified: z.boolean(),
  verifiedStageNames: z.array(z.object({ id: z.string(), platform: z.string(), username: z.string(), profileUrl: z.string().nullable() })),
  /** Whether her plan includes takedowns at all: without one she is not asked to sign first. */
  takedownsIncluded: z.boolean(),
  authorization: z
    .object({
      fullName: z.string(),
      signature: z.string(),
      statementVersion: z.string(),
      ownerName: z.enum(ownerNameChoices),
      stageNameId: z.string().nullable(),
      /** The name the notices show as copyright owner. */
      displayedOwnerName: z.string().nullable(),
      grantedAt: z.string(),
      clientIp: z.string(),
    })
    .nullable(),
});
export type AuthorizationView = z.infer<typeof authorizationViewSchema>;

// ---- Takedowns ----

/** dmca: a copyright notice; takeitdown: a removal request under the TAKE IT DOWN Act; both: one of each. */
export const takedownBases = ["dmca", "takeitdown", "both"] as const;
export type TakedownBasis = (typeof takedownBases)[number];

export const createTakedownsSchema = z
  .object({
    leakIds: z
      .array(z.uuid("Not a leak id."), { error: "Give the leaks to take down." })
      .min(1, "Choose at least one leak.")
      .max(100, "At most 100 leaks at once."),
    basis: z.enum(takedownBases, { error: "Choose a DMCA notice, a TAKE IT DOWN request, or both." }).default("dmca"),
    /** The images are a forgery of her (AI or edited): copyright does not reach them, only the TAKE IT DOWN Act does. */
    forgery: z.boolean().default(false),
    /** For a TAKE IT DOWN request: she confirms the attestation text (GET /v1/takedowns/attestation) for this request. */
    attest: z.boolean().default(false),
  })
  .strict();

/** The attestation she confirms before a TAKE IT DOWN request, for an intimate image or for a forgery of her. */
export const attestationTextSchema = z.object({ version: z.string(), intimate: z.string(), forgery: z.string(), deadlineHours: z.number() });
export type AttestationText = z.infer<typeof attestationTextSchema>;
export type CreateTakedowns = z.input<typeof createTakedownsSchema>;

export const takedownListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  status: z.enum(takedownStatuses).optional(),
});
export type TakedownListQuery = z.infer<typeof takedownListQuerySchema>;

/** GET /v1/takedowns/latest?leakIds=a,b: each leak's latest takedown (the leaks list shows its status). */
export const leakTakedownsQuerySchema = z
  .object({
    leakIds: z
      .string({ error: "Give the leaks, comma-separated." })
      .max(3_800, "At most 100 leaks at once.")
      .transform((s) => s.split(",").map((id) => id.trim()).filter(Boolean))
      .pipe(z.array(z.uuid("Not a leak id.")).min(1, "Choose at least one leak.").max(100, "At most 100 leaks at once.")),
  });

export const recipientSchema = z.object({
  kind: z.enum(recipientKinds),
  /** Null when only a web form is known. */
  email: z.string().nullable(),
  webForm: z.string().nullable(),
  foundBy: z.enum(recipientSources),
  /** Where it was read: the catalog entry, the page URL or the RDAP URL. */
  source: z.string(),
  /** E.g. "behind Cloudflare: it forwards complaints to the hidden host". */
  note: z.string().nullable(),
  name: z.string().nullable(),
  /** An address found for this party but refused (not one plain mailbox), shown escaped, with why. */
  refused: z.object({ address: z.string(), reason: z.string() }).nullable(),
  /** For a host or CDN: the IP address the site resolved to and when (ISO time). */
  address: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  /** A mailbox the site's page names outside its domain: why it needs her confirmation, and when she gave it (null: nothing is sent to it yet). */
  confirmation: z.object({ reason: z.string(), confirmedAt: z.string().nullable() }).nullable(),
});
export type Recipient = z.infer<typeof recipientSchema>;

/** POST /v1/takedowns/recipient-confirmations: she confirms a mailbox the site's page named outside its domain. */
export const confirmRecipientSchema = z.object({
  address: z.string({ error: "Give the address to confirm." }).trim().min(3, "Give the address to confirm.").max(254, "An address is at most 254 characters."),
  /** From the notice preview, before any takedown: the leak whose site's page names the address. */
  leakId: z.uuid("Not a leak id.").optional(),
});
export type ConfirmRecipient = z.infer<typeof confirmRecipientSchema>;
export const confirmRecipientResponseSchema = z.object({
  address: z.string(),
  confirmedAt: z.string(),
  /** Her takedowns a notice to it now goes out for. */
  takedownIds: z.array(z.string()),
});
export type ConfirmRecipientResponse = z.infer<typeof confirmRecipientResponseSchema>;

/** A report filed on a party's form (Cloudflare's, Reddit's): through its API, or the creator's step with every field ready to copy. */
export const formStepSchema = z.object({
  party: z.enum(["cloudflare", "reddit", "file-host"]),
  /** For a file host: its name ("Gofile"). */
  partyName: z.string().nullable().optional(),
  via: z.enum(["api", "creator"]),
  status: z.enum(["submitting", "submitted", "waiting", "done"]),
  formUrl: z.string(),
  fields: z.record(z.string(), z.string()),
  reason: z.string().nullable(),
  answer: z.string().nullable(),
  submittedAt: z.string().nullable(),
});
export type FormStep = z.infer<typeof formStepSchema>;

export const takedownSchema = z.object({
  id: z.string(),
  leakId: z.string(),
  url: z.string(),
  domain: z.string(),
  status: z.enum(takedownStatuses),
  /** The recipient the latest notice went (or goes) to. */
  recipient: recipientSchema.nullable(),
  /** For 'needs manual action': the web form to use, when one is known. */
  webForm: z.string().nullable(),
  /** A mailbox the site's page named outside its domain, written to only once she confirms it: the address, where it was read, why. */
  pendingConfirmation: z.object({ address: z.string(), source: z.string(), reason: z.string() }).nullable(),
  /** A report on a party's form (Cloudflare's), sent through its API or hers to submit. */
  formStep: formStepSchema.nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  firstSentAt: z.string().nullable(),
  lastSentAt: z.string().nullable(),
  removedAt: z.string().nullable(),
  nextCheckAt: z.string().nullable(),
  lastCheckAt: z.string().nullable(),
  basis: z.enum(takedownBases),
  /** The TAKE IT DOWN Act's 48 hours: when they end (from the platform's receipt), and when a check found the link still up past them. */
  removalDeadline: z.object({ dueAt: z.string(), missedAt: z.string().nullable() }).nullable(),
  /** A counter-notice under §512(g) answered a notice for this link: when, from whom, and what it means for her. */
  counterNotice: z.object({ at: z.string(), from: z.string(), explanation: z.string() }).nullable(),
});
export type TakedownView = z.infer<typeof takedownSchema>;

export const noticeSchema = z.object({
  id: z.string(),
  recipient: recipientSchema,
  /** 0: the first recipient; each escalation goes one further. */
  level: z.number(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  urls: z.array(z.string()),
  status: z.enum(noticeStatuses),
  messageId: z.string().nullable(),
  kind: z.enum(noticeKinds),
  attempts: z.number(),
  error: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type NoticeView = z.infer<typeof noticeSchema>;

export const takedownEventSchema = z.object({ at: z.string(), type: z.string(), message: z.string() });

export const takedownDetailSchema = takedownSchema.extend({
  /** Every recipient found, in the order they are tried, with how each was found. */
  recipients: z.array(recipientSchema),
  notices: z.array(noticeSchema),
  history: z.array(takedownEventSchema),
  /** Her attestation for the TAKE IT DOWN request, as she confirmed it. */
  attestation: z.object({ text: z.string(), version: z.string(), attestedAt: z.string(), forgery: z.boolean() }).nullable(),
  /** Replies to its notices, threaded by Message-ID and classified. */
  replies: z.array(
    z.object({
      noticeId: z.string(),
      receivedAt: z.string(),
      from: z.string(),
      subject: z.string(),
      kind: z.enum(replyKinds),
      excerpt: z.string(),
      /** Its sender was shown to be the notice's recipient (their address or domain, by DKIM or SPF): only such a reply changes the takedown. */
      verified: z.boolean(),
      /** Why it is believed or not, in a sentence. */
      trust: z.string(),
    }),
  ),
});
export type TakedownDetail = z.infer<typeof takedownDetailSchema>;

export const takedownListSchema = z.object({ items: z.array(takedownSchema), total: z.number(), page: z.number(), pageSize: z.number() });
export type TakedownList = z.infer<typeof takedownListSchema>;
/** A profile of hers whose proof a link waits for. */
export const profileToProveSchema = z.object({ stageNameId: z.string(), platform: z.string(), username: z.string(), profileUrl: z.string().nullable() });
export type ProfileToProve = z.infer<typeof profileToProveSchema>;

/**
 * Why no notice can be sent for a finding yet (authority per finding): what matched there is not
 * proven hers. `prove`: the profiles to prove (or disputed); `nicknames`: her nicknames that matched.
 */
export const findingHoldSchema = z.object({
  leakId: z.string(),
  code: z.enum(["unproven_profile", "unattested_nickname", "disputed_handle", "not_named"]),
  reason: z.string(),
  prove: z.array(profileToProveSchema),
  nicknames: z.array(z.string()),
});
export type FindingHold = z.infer<typeof findingHoldSchema>;

/** `held`: the asked leaks no notice can be sent for yet, with why (absent from older servers). */
export const leakTakedownsSchema = z.object({ items: z.array(takedownSchema), held: z.array(findingHoldSchema).optional() });
export type LeakTakedowns = z.infer<typeof leakTakedownsSchema>;

/**
 * Where a set of takedowns stands, counted from their rows: links whose notice (or report) went
 * out, links whose notice is written and on its way, the notices (one per recipient address) for
 * those, links that need her step, that could not be sent, that were cancelled, and those whose
 * recipients are still being looked up (each link in one of these); and, apart, links sent or on
 * their way whose report also waits for her on a form (Cloudflare's, Reddit's).
 */
export const takedownCountsSchema = z.object({
  links: z.number(),
  sent: z.number(),
  onTheWay: z.number(),
  notices: z.number(),
  needsAction: z.number(),
  failed: z.number(),
  cancelled: z.number(),
  lookingUp: z.number(),
  formsWaiting: z.number(),
});
export type TakedownCounts = z.infer<typeof takedownCountsSchema>;

/** The counts of these rows (the server's response and the client's follow-up read the same way). */
export function countTakedowns(items: readonly Pick<TakedownView, "status" | "firstSentAt" | "recipient" | "formStep">[]): TakedownCounts {
  const c: TakedownCounts = { links: items.length, sent: 0, onTheWay: 0, notices: 0, needsAction: 0, failed: 0, cancelled: 0, lookingUp: 0, formsWaiting: 0 };
  const recipients = new Set<string>();
  for (const t of items) {
    if (t.firstSentAt !== null) c.sent++;
    else if (t.status === "needs_manual_action") c.needsAction++;
    else if (t.status === "failed") c.failed++;
    else if (t.status === "cancelled") c.cancelled++;
    else if (t.status === "queued") c.onTheWay++;
    else c.lookingUp++;
    const going = t.firstSentAt !== null || t.status === "queued";
    if (going && t.recipient?.email) recipients.add(t.recipient.email.toLowerCase());
    if (going && t.formStep?.status === "waiting") c.formsWaiting++;
  }
  c.notices = recipients.size;
  return c;
}

export const createTakedownsResponseSchema = z.object({
  items: z.array(takedownSchema),
  /** The rows' states when answered (a job prepares and sends the notices just after). */
  counts: takedownCountsSchema,
  quota: z.object({ limit: z.union([z.number(), z.literal("unlimited")]), used: z.number(), resetsAt: z.string() }),
});
export type CreateTakedownsResponse = z.infer<typeof createTakedownsResponseSchema>;

// ---- Figures ----

export const takedownStatsSchema = z.object({
  noticesSent: z.number(),
  linksTakenDown: z.number(),
  /** Links the site, host or registrar removed (seen gone by our re-checks). */
  linksRemoved: z.number(),
  /** Links submitted for search delisting: counted apart from removals. */
  linksDelistingSubmitted: z.number(),
  medianHoursToRemoval: z.number().nullable(),
  /** removed ÷ links first sent more than 7 days ago; null when none qualifies. */
  removalRate: z.number().nullable(),
  removalRateBase: z.number(),
});
export type TakedownStats = z.infer<typeof takedownStatsSchema>;

// ---- Search delisting ----

export const delistingPackageSchema = z.object({
  engine: z.enum(delistingEngines),
  formUrl: z.string(),
  fields: z.object({
    copyrightOwner: z.string(),
    descriptionOfWork: z.string(),
    authorizedExampleUrls: z.string(),
    infringingUrls: z.string(),
  }),
  /** The infringing URLs, one a line, for the form's bulk field. */
  urlList: z.string(),
  items: z.array(z.object({ leakId: z.string(), url: z.string(), submittedAt: z.string().nullable() })),
});
/** `held`: links still up after a notice that no package can carry yet (what matched is not proven hers), with why. */
export const delistingResponseSchema = z.object({
  packages: z.array(delistingPackageSchema),
  held: z.array(findingHoldSchema.extend({ url: z.string() })).optional(),
});
export type DelistingResponse = z.infer<typeof delistingResponseSchema>;

export const markDelistingSchema = z
  .object({
    engine: z.enum(delistingEngines),
    /** The links submitted; all links of the package when omitted. */
    leakIds: z.array(z.uuid("Not a leak id.")).min(1).max(1000).optional(),
  })
  .strict();
export type MarkDelisting = z.infer<typeof markDelistingSchema>;

// ---- Review before sending ----

/** POST /v1/takedowns/preview: the notices a request would send, rendered as they will go (same body as POST /v1/takedowns). */
export const previewTakedownsSchema = createTakedownsSchema;

export const noticePreviewSchema = z.object({
  recipient: recipientSchema,
  kind: z.enum(noticeKinds),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  /** The links this notice covers, and their leaks. */
  urls: z.array(z.string()),
  leakIds: z.array(z.string()),
});
export type NoticePreview = z.infer<typeof noticePreviewSchema>;

export const takedownsPreviewSchema = z.object({
  /** One notice per recipient, grouping its links, exactly as the request would queue them. */
  notices: z.array(noticePreviewSchema),
  /** Links no notice can go to by email: why, and what she will have to do (a form). */
  manual: z.array(
    z.object({
      leakId: z.string(),
      url: z.string(),
      reason: z.string(),
      webForm: z.string().nullable(),
      /** A mailbox the site's page named outside its domain: she may confirm it here, and the notice goes to it. */
      pendingConfirmation: z.object({ address: z.string(), source: z.string(), reason: z.string() }).nullable().optional(),
    }),
  ),
  /** Her month's takedowns, and how many of these links would count against it. */
  quota: z.object({ limit: z.union([z.number(), z.literal("unlimited")]), used: z.number(), resetsAt: z.string(), counted: z.number() }),
});
export type TakedownsPreview = z.infer<typeof takedownsPreviewSchema>;

// ---- Autopilot ----

/** The kinds of finding she can have sent without her click (file hosts: a link on a file-sharing host, whatever found it). */
export const autopilotCategories = ["leakSites", "socialMedia", "fileHosts"] as const;
export type AutopilotCategory = (typeof autopilotCategories)[number];

export const autopilotInputSchema = z
  .object({
    leakSites: z.boolean({ error: "Choose whether leak sites are taken down automatically." }),
    socialMedia: z.boolean({ error: "Choose whether social media posts are taken down automatically." }),
    fileHosts: z.boolean({ error: "Choose whether file-host links are taken down automatically." }),
  })
  .strict();
export type AutopilotInput = z.infer<typeof autopilotInputSchema>;

export const autopilotViewSchema = z.object({
  leakSites: z.boolean(),
  socialMedia: z.boolean(),
  fileHosts: z.boolean(),
  /** What must hold before it can be on: her plan includes takedowns, a stage name verified, her authorization signed. */
  ready: z.object({ takedownsIncluded: z.boolean(), ownershipVerified: z.boolean(), authorized: z.boolean() }),
  quota: z.object({ limit: z.union([z.number(), z.literal("unlimited")]), used: z.number(), resetsAt: z.string() }),
  /** Links the autopilot started a takedown for, ever. */
  sent: z.number(),
  /** Where those takedowns stand, counted from their rows: a notice or report went out; needs her action; could not be sent; still on the way; cancelled. */
  outcomes: z.object({ sent: z.number(), needsAction: z.number(), failed: z.number(), underWay: z.number(), cancelled: z.number() }),
  /**
   * Her daily cap: automatic takedowns started in the last 24 hours against the most allowed; once
   * reached, new findings wait (this many) until the oldest of those leaves the window (resumesAt).
   */
  dailyCap: z.object({ limit: z.number(), used: z.number(), waiting: z.number(), resumesAt: z.string().nullable() }),
  lastDigestAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type AutopilotView = z.infer<typeof autopilotViewSchema>;
