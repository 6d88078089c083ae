import type { AutopilotInput, AutopilotView } from "@leakwarden/contracts/takedowns";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** GET /v1/takedowns/autopilot: which categories are taken down automatically, and what it needs. */
export function getAutopilot(): Promise<AutopilotView> {
  return api<AutopilotView>("/v1/takedowns/autopilot");
}

export function useAutopilot() {
  return useQuery({ queryKey: queryKeys.takedowns.autopilot, queryFn: getAutopilot });
}

/** PUT /v1/takedowns/autopilot: turns categories on or off. */
export function putAutopilot(input: AutopilotInput): Promise<AutopilotView> {
  return api<AutopilotView>("/v1/takedowns/autopilot", { method: "PUT", json: input });
}

export function usePutAutopilot() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: putAutopilot, onSuccess: (data) => queryClient.setQueryData(queryKeys.takedowns.autopilot, data) });
}
