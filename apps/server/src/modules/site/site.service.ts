import type { SiteConfig } from "@leakwarden/contracts/site";

export interface SiteSettings {
  landingUsers: string;
  landingTakedowns: string;
  landingRevenueIncrease: string;
  mixpanelToken?: string | undefined;
  googleClientId?: string | undefined;
  googleClientSecret?: string | undefined;
  supportEmail: string;
  /** The demo process (`npm run demo`): scans search its built-in fictional web. */
  demo?: boolean;
}

/** The public site's configuration: figures, analytics token and sign-in options, from settings only. */
export function createSiteService(settings: SiteSettings) {
  const config: SiteConfig = {
    landing: {
      users: settings.landingUsers,
      takedowns: settings.landingTakedowns,
      revenueIncrease: settings.landingRevenueIncrease,
    },
    mixpanelToken: settings.mixpanelToken ?? null,
    googleEnabled: Boolean(settings.googleClientId && settings.googleClientSecret),
    supportEmail: settings.supportEmail,
    demo: settings.demo === true,
  };
  return {
    getConfig(): SiteConfig {
      return config;
    },
  };
}

export type SiteService = ReturnType<typeof createSiteService>;
