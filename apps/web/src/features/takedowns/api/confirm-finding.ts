import { api } from "../../../lib/api-client";

/** POST /v1/leaks/:id/confirm: before a notice, she confirms that a finding still marked New shows her content. */
export function confirmFinding(id: string): Promise<unknown> {
  return api<unknown>(`/v1/leaks/${encodeURIComponent(id)}/confirm`, { method: "POST" });
}
