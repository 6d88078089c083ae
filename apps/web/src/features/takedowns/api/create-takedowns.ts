import type { CreateTakedowns, CreateTakedownsResponse } from "@leakwarden/contracts/takedowns";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** POST /v1/takedowns: notices for these leaks (queued; sent by a job). */
export function createTakedowns(input: CreateTakedowns): Promise<CreateTakedownsResponse> {
  return api<CreateTakedownsResponse>("/v1/takedowns", { method: "POST", json: input });
}

export function useCreateTakedowns() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTakedowns,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.takedowns.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.leaks.all });
    },
  });
}
