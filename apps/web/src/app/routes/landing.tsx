import { useDocumentTitle } from "../../components/document-title";
import { PublicLayout } from "../../components/public-layout";
import { FeaturesGrid } from "../../features/landing/components/features-grid";
import { Faq } from "../../features/landing/components/faq";
import { Hero } from "../../features/landing/components/hero";
import { MemberSection } from "../../features/landing/components/member-section";
import { Numbers } from "../../features/landing/components/numbers";
import { ProductShowcase } from "../../features/landing/components/product-showcase";
import { PromisesMarquee } from "../../features/landing/components/promises-marquee";
import { PromoBanner } from "../../features/landing/components/promo-banner";
import { RevenueCallout } from "../../features/landing/components/revenue-callout";
import { usePageView } from "../../lib/analytics";
import { useSession } from "../../lib/session";
import { useSiteConfig } from "../../lib/site-config";
import { pageTitles } from "../page-titles";

export function LandingRoute() {
  usePageView("landing");
  useDocumentTitle(pageTitles["/"]);
  const config = useSiteConfig();
  const session = useSession();
  return (
    <PublicLayout onLanding>
      <Hero />
      <FeaturesGrid />
      <ProductShowcase />
      <Faq />
      <Numbers config={config} />
      <PromoBanner />
      <PromisesMarquee />
      <RevenueCallout config={config} />
      <MemberSection session={session} />
    </PublicLayout>
  );
}
