import type { CreateTakedowns, TakedownsPreview } from "@leakwarden/contracts/takedowns";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** POST /v1/takedowns/preview: the notices these leaks would get, exactly as they will go; nothing is sent or stored. */
export function previewTakedowns(input: CreateTakedowns): Promise<TakedownsPreview> {
  return api<TakedownsPreview>("/v1/takedowns/preview", { method: "POST", json: input });
}

export function usePreviewTakedowns() {
  return useMutation({ mutationFn: previewTakedowns });
}
