import type { publicCodeSchema } from "@leakwarden/contracts/identities";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export type PublicCode = z.infer<typeof publicCodeSchema>;

export function getPublicCode(code: string): Promise<PublicCode> {
  return api<PublicCode>(`/v1/public/codes/${encodeURIComponent(code)}`);
}

export const publicCodeQueryOptions = (code: string) => queryOptions({ queryKey: queryKeys.publicCode(code), queryFn: () => getPublicCode(code) });

export function usePublicCode(code: string) {
  return useQuery(publicCodeQueryOptions(code));
}
