import type { InvoiceList } from "@leakwarden/contracts/billing";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const invoicesQueryKey = ["billing", "invoices"] as const;

/** GET /v1/billing/invoices: her subscription's invoices, newest first, with their links. */
export function getInvoices(): Promise<InvoiceList> {
  return api<InvoiceList>("/v1/billing/invoices");
}

export function useInvoices(enabled: boolean) {
  return useQuery({ queryKey: invoicesQueryKey, queryFn: getInvoices, enabled });
}
