import type { AttestationText } from "@leakwarden/contracts/takedowns";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** GET /v1/takedowns/attestation: the statement she confirms before a TAKE IT DOWN Act request. */
export function getAttestation(): Promise<AttestationText> {
  return api<AttestationText>("/v1/takedowns/attestation");
}

export function useAttestation(enabled: boolean) {
  return useQuery({ ...queryOptions({ queryKey: queryKeys.takedowns.attestation, queryFn: getAttestation, staleTime: Infinity }), enabled });
}
