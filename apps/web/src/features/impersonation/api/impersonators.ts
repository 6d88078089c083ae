import type { Impersonator, ImpersonationCheck, ImpersonationReport, ImpersonatorsResponse } from "@leakwarden/contracts/impersonation";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** GET /v1/impersonators: her likely impersonators and the state of her last check. */
export function getImpersonators(): Promise<ImpersonatorsResponse> {
  return api<ImpersonatorsResponse>("/v1/impersonators");
}

const running = (data: ImpersonatorsResponse | undefined) => data?.check.status === "queued" || data?.check.status === "running";

export const impersonatorsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.impersonators,
    queryFn: getImpersonators,
    // While a check runs, its results are fetched as they land.
    refetchInterval: (query) => (running(query.state.data) ? 3_000 : false),
  });

export function useImpersonators() {
  return useQuery(impersonatorsQueryOptions());
}

export function useCheckImpersonators() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<ImpersonationCheck>("/v1/impersonators/check", { method: "POST", json: {} }),
    onSuccess: (check) => {
      queryClient.setQueryData<ImpersonatorsResponse>(queryKeys.impersonators, (old) => (old ? { ...old, check } : old));
      void queryClient.invalidateQueries({ queryKey: queryKeys.impersonators });
    },
  });
}

export function useReportImpersonator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<ImpersonationReport>(`/v1/impersonators/${encodeURIComponent(id)}/report`, { method: "POST", json: {} }),
    onSuccess: (report) => replaceOne(queryClient, report.impersonator),
  });
}

export function useDismissImpersonator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<Impersonator>(`/v1/impersonators/${encodeURIComponent(id)}/dismiss`, { method: "POST", json: {} }),
    onSuccess: (row) =>
      queryClient.setQueryData<ImpersonatorsResponse>(queryKeys.impersonators, (old) => (old ? { ...old, impersonators: old.impersonators.filter((i) => i.id !== row.id) } : old)),
  });
}

export function useThisIsMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<ImpersonatorsResponse>(`/v1/impersonators/${encodeURIComponent(id)}/this-is-me`, { method: "POST", json: {} }),
    onSuccess: (data) => {
      queryClient.setQueryData(queryKeys.impersonators, data);
      // It is one of her stage names now.
      void queryClient.invalidateQueries({ queryKey: queryKeys.identities });
    },
  });
}

function replaceOne(queryClient: ReturnType<typeof useQueryClient>, row: Impersonator) {
  queryClient.setQueryData<ImpersonatorsResponse>(queryKeys.impersonators, (old) => (old ? { ...old, impersonators: old.impersonators.map((i) => (i.id === row.id ? row : i)) } : old));
}
