import type { AlertRules } from "@leakwarden/contracts/alerts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** GET /v1/alerts: the creator's email alert rules. */
export function getAlerts(): Promise<AlertRules> {
  return api<AlertRules>("/v1/alerts");
}

export const alertsQueryOptions = () => queryOptions({ queryKey: queryKeys.alerts, queryFn: getAlerts });

export function useAlerts() {
  return useQuery(alertsQueryOptions());
}
