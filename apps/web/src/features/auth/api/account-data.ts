import type { AccountDeletionStatus, DeleteAccountResponse } from "@leakwarden/contracts/account-data";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, ApiError } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** The file name the server gave (Content-Disposition), or a plain one. */
function fileNameOf(response: Response): string {
  const header = response.headers.get("content-disposition") ?? "";
  const name = /filename="([\w.-]{1,100})"/.exec(header)?.[1];
  return name ?? "leakwarden-data.zip";
}

/**
 * POST /v1/account/export, saved as a file: a POST so that the server's Origin check applies, read
 * whole and handed to the browser's download (the archive of one creator stays small).
 */
export async function downloadMyData(): Promise<{ fileName: string; bytes: number }> {
  let response: Response;
  try {
    response = await fetch("/v1/account/export", { method: "POST", credentials: "same-origin" });
  } catch {
    throw new ApiError(0, "NETWORK", "Network error: check your connection and try again.");
  }
  if (!response.ok) {
    // The error shape: its message is a sentence for her.
    const text = await response.text();
    let body: { error?: { code?: string; message?: string } } | undefined;
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      body = undefined;
    }
    const message = typeof body?.error?.message === "string" ? body.error.message : "Your data could not be prepared just now. Please try again in a moment.";
    throw new ApiError(response.status, "INTERNAL", message);
  }
  const blob = await response.blob();
  const fileName = fileNameOf(response);
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return { fileName, bytes: blob.size };
}

export const deletionStatusQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.account.deletion, queryFn: () => api<AccountDeletionStatus>("/v1/account/deletion") });
export const useDeletionStatus = () => useQuery(deletionStatusQueryOptions());

export const requestDeletion = (password: string | undefined) =>
  api<DeleteAccountResponse>("/v1/account/deletion", { method: "POST", json: password === undefined ? {} : { password } });

export const dismissCancelNotice = () => api<{ ok: boolean }>("/v1/account/deletion/notice-seen", { method: "POST", json: {} });
