import type { AlertRules, AlertRulesInput } from "@leakwarden/contracts/alerts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** PUT /v1/alerts */
export function putAlerts(input: AlertRulesInput): Promise<AlertRules> {
  return api<AlertRules>("/v1/alerts", { method: "PUT", json: input });
}

export function usePutAlerts() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: putAlerts, onSuccess: (data) => queryClient.setQueryData(queryKeys.alerts, data) });
}
