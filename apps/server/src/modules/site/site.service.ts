import type { LandingFigureKind, SiteConfig } from "@leakwarden/contracts/site";
import type { Db } from "../../db/client";
import * as repo from "./site.repository";

export interface SiteSettings {
  /** Marketing figures the operator configured; unset ones are never invented. */
  landingUsers?: string | undefined;
  landingTakedowns?: string | undefined;
  landingRevenueIncrease?: string | undefined;
  /** A measured figure below this is not shown. */
  landingFigureMin: number;
  mixpanelToken?: string | undefined;
  googleClientId?: string | undefined;
  googleClientSecret?: string | undefined;
  supportEmail: string;
  /** The demo process (`npm run demo`): scans search its built-in fictional web. */
  demo?: boolean;
}

/** Measured figures are counted again at most this often: the landing page is read by everyone. */
const FIGURES_TTL_MS = 5 * 60_000;

/** The public site's configuration: measured figures, analytics token and sign-in options. */
export function createSiteService(db: Db, settings: SiteSettings, now: () => Date = () => new Date()) {
  let figures: { at: number; value: Promise<SiteConfig["landing"]["figures"]> } | undefined;

  async function landingFigures(): Promise<SiteConfig["landing"]["figures"]> {
    const measured = await repo.measuredFigures(db);
    // A configured figure takes the place of the measured one of its kind.
    const configured: Partial<Record<LandingFigureKind, string>> = {
      ...(settings.landingUsers ? { creatorsProtected: settings.landingUsers } : {}),
      ...(settings.landingTakedowns ? { noticesSent: settings.landingTakedowns } : {}),
    };
    const kinds: LandingFigureKind[] = ["creatorsProtected", "leaksFound", "noticesSent", "linksRemoved"];
    return kinds.flatMap((kind): SiteConfig["landing"]["figures"] => {
      const text = configured[kind];
      if (text) return [{ kind, value: text }];
      return measured[kind] >= settings.landingFigureMin && measured[kind] > 0 ? [{ kind, value: measured[kind] }] : [];
    });
  }

  return {
    async getConfig(): Promise<SiteConfig> {
      const at = now().getTime();
      if (!figures || at - figures.at > FIGURES_TTL_MS) {
        const value = landingFigures();
        figures = { at, value };
        value.catch(() => (figures = undefined));
      }
      return {
        landing: { figures: await figures.value, revenueIncrease: settings.landingRevenueIncrease ?? null },
        mixpanelToken: settings.mixpanelToken ?? null,
        googleEnabled: Boolean(settings.googleClientId && settings.googleClientSecret),
        supportEmail: settings.supportEmail,
        demo: settings.demo === true,
      };
    },
  };
}

export type SiteService = ReturnType<typeof createSiteService>;
