import type { Identities } from "@leakwarden/contracts/identities";
import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { useClientState } from "../../../lib/client-state";
import { queryKeys } from "../../../lib/query-keys";

/** The cache key of GET /v1/identities (other features refresh it by this literal key). */
/** The client state of spec §3 mirrors what the server holds. */
export function mirrorIdentities(data: Identities) {
  useClientState.setState({
    usernames: data.stageNames.map((s) => ({ platform: s.platform, username: s.username })),
    nicknames: data.nicknames.map((n) => n.value),
    allowlist: data.allowlist.map((d) => d.domain),
    specific: data.specific,
  });
}

export async function getIdentities(): Promise<Identities> {
  const data = await api<Identities>("/v1/identities");
  mirrorIdentities(data);
  return data;
}

export const identitiesQueryOptions = () => queryOptions({ queryKey: queryKeys.identities, queryFn: getIdentities });

export function useIdentities() {
  return useQuery(identitiesQueryOptions());
}

/** An answer that carries the whole identity set replaces the cache and the mirror. */
export function storeIdentities(queryClient: QueryClient, data: Identities) {
  queryClient.setQueryData(queryKeys.identities, data);
  mirrorIdentities(data);
}
