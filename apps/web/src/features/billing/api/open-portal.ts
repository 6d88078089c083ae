import type { PortalResponse } from "@leakwarden/contracts/billing";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** POST /v1/billing/portal: a fresh link to the provider's customer portal (card, invoices, cancel). */
export function openPortal(): Promise<PortalResponse> {
  return api<PortalResponse>("/v1/billing/portal", { method: "POST" });
}

export function useOpenPortal() {
  return useMutation({ mutationFn: openPortal });
}
