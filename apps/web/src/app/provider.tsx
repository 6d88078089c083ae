import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Toaster } from "sonner";
import { queryClient } from "../lib/query-client";

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster theme="dark" visibleToasts={20} toastOptions={{ style: { maxWidth: "350px" } }} richColors closeButton />
    </QueryClientProvider>
  );
}
