import type { ComponentProps } from "react";
import { PublicLayout } from "../components/public-layout";
import { PromoBanner } from "../features/landing/components/promo-banner";
import { Article } from "../features/marketing/components/article";

/**
 * A public page of text (/about, a blog post, the platform pages): the public layout, the article,
 * and the same closing invitation to start a scan.
 */
export function PublicArticlePage(props: ComponentProps<typeof Article>) {
  return (
    <PublicLayout>
      <Article {...props} />
      <div className="pb-20 md:pb-28">
        <PromoBanner />
      </div>
    </PublicLayout>
  );
}
