import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError } from "./api-client";

/**
 * The one way a form shows the server's field errors (`{"error":{"fields":{name: sentence}}}`):
 * each sentence goes under the field of that name, if the form has it. Returns whether any did,
 * so that the form can show its banner only for failures no field explains.
 */
export function applyServerFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]): boolean {
  if (!(error instanceof ApiError) || !error.fields) return false;
  let placed = false;
  for (const field of fields) {
    const message = error.fields[field];
    if (message) {
      setError(field, { message });
      placed = true;
    }
  }
  return placed;
}
