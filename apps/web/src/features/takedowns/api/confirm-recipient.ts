import type { ConfirmRecipient, ConfirmRecipientResponse } from "@leakwarden/contracts/takedowns";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** POST /v1/takedowns/recipient-confirmations: she confirms a mailbox a site's page named outside its domain; her links waiting on it are sent there. */
export function confirmRecipient(input: ConfirmRecipient): Promise<ConfirmRecipientResponse> {
  return api<ConfirmRecipientResponse>("/v1/takedowns/recipient-confirmations", { method: "POST", json: input });
}

export function useConfirmRecipient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmRecipient,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.takedowns.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.leaks.all });
    },
  });
}
