import { Suspense } from "react";
import { Outlet } from "react-router";
import { PageFallback } from "../../components/page-fallback";
import { ResumeCheckout } from "../../features/billing/components/resume-checkout";
import { AppProvider } from "../provider";

/**
 * Every page but the landing page: data fetching and toasts. Kept out of the landing page's first
 * load, which needs neither.
 */
export function AppLayout() {
  return (
    <AppProvider>
      <ResumeCheckout />
      <Suspense fallback={<PageFallback />}>
        <Outlet />
      </Suspense>
    </AppProvider>
  );
}
