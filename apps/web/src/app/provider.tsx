import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, Suspense, type ReactNode } from "react";
import { ErrorBoundary } from "react-error-boundary";
import { useHydrated } from "../components/use-hydrated";
import { queryClient } from "../lib/query-client";

// Loaded once the page responds, not with it: no prerendered page shows a toast before then. If
// it cannot load, the page goes on without toasts rather than failing.
const Toaster = lazy(() => import("sonner").then((m) => ({ default: m.Toaster })));

export function AppProvider({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {hydrated && (
        <ErrorBoundary fallback={null}>
          <Suspense fallback={null}>
            <Toaster theme="dark" visibleToasts={20} toastOptions={{ style: { maxWidth: "350px" } }} richColors closeButton />
          </Suspense>
        </ErrorBoundary>
      )}
    </QueryClientProvider>
  );
}
