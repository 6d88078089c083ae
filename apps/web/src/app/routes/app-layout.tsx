import { Suspense } from "react";
import { Outlet } from "react-router";
import { PageFallback } from "../../components/page-fallback";
import { AppProvider } from "../provider";

/**
 * Every page but the landing page: data fetching and toasts. Kept out of the landing page's first
 * load, which needs neither.
 */
export function AppLayout() {
  return (
    <AppProvider>
      <Suspense fallback={<PageFallback />}>
        <Outlet />
      </Suspense>
    </AppProvider>
  );
}
