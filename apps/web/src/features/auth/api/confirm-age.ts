import type { ConfirmAgeResponse } from "@leakwarden/contracts/account";
import { api } from "../../../lib/api-client";

/** POST /v1/account/confirm-age: the 18+ confirmation an account made by Google sign-up gives once. */
export function confirmAge(): Promise<ConfirmAgeResponse> {
  return api<ConfirmAgeResponse>("/v1/account/confirm-age", { method: "POST", json: { ageConfirmed: true } });
}
