import { z } from "zod";

/** GET /v1/site/config: what the public site needs before anyone signs in. */
export const siteConfigSchema = z.object({
  landing: z.object({
    /** Marketing figures from the deployment's settings, shown as written (e.g. "3K"). */
    users: z.string(),
    takedowns: z.string(),
    revenueIncrease: z.string(),
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
