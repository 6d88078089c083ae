import { z } from "zod";

export const landingFigureKinds = ["creatorsProtected", "leaksFound", "noticesSent", "linksRemoved"] as const;
export type LandingFigureKind = (typeof landingFigureKinds)[number];

/** GET /v1/site/config: what the public site needs before anyone signs in. */
export const siteConfigSchema = z.object({
  landing: z.object({
    /**
     * The numbers section: figures measured from the service's records (a number), each hidden
     * below the deployment's threshold, or a figure the operator configured (text shown as
     * written, e.g. "3K"), which takes the place of the measured one of its kind. Empty: the
     * section is not shown.
     */
    figures: z.array(z.object({ kind: z.enum(landingFigureKinds), value: z.union([z.number(), z.string()]) })),
    /** "Revenue increase, up to …": only when the operator configured it. */
    revenueIncrease: z.string().nullable(),
  }),
  /** Product analytics token for the browser; null when analytics is off. */
  mixpanelToken: z.string().nullable(),
  /** Whether Google sign-in is configured on this deployment. */
  googleEnabled: z.boolean(),
  /** Where creators write for help and to use their privacy rights. */
  supportEmail: z.string(),
  /** The demo process: every page says that scans search a built-in fictional web. */
  demo: z.boolean(),
});

export type SiteConfig = z.infer<typeof siteConfigSchema>;
