import type { InvoiceList } from "@leakwarden/contracts/billing";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** GET /v1/billing/invoices: her subscription's invoices, newest first, with their links. */
export function getInvoices(): Promise<InvoiceList> {
  return api<InvoiceList>("/v1/billing/invoices");
}

export function useInvoices(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.billing.invoices, queryFn: getInvoices, enabled });
}
