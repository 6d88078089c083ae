import type { GetBioResponse } from "@leakwarden/contracts/identities";
import { useEffect, useId, useRef } from "react";
import { CheckIcon, CrossIcon } from "../../../components/icons";
import { stageNameAddress } from "../platform-labels";
import { Modal } from "./modal";

export type VerifyState =
  | { step: "idle" }
  | { step: "verifying" }
  | { step: "done"; result: GetBioResponse }
  /** Any failed request counts as not verified. */
  | { step: "failed"; reason: string };

/** 'Verifying please wait...', then 'Successfully Verified' or 'Verify Failed' with the reason per stage name. */
export function VerifyDialog({ state, onClose }: { state: VerifyState; onClose: () => void }) {
  const id = useId();
  const titleId = `${id}-title`;
  const closeRef = useRef<HTMLButtonElement>(null);
  const verified = state.step === "done" && state.result.isverified;

  useEffect(() => {
    if (state.step === "done" || state.step === "failed") closeRef.current?.focus();
  }, [state.step]);

  return (
    <Modal open={state.step !== "idle"} onClose={onClose} labelledBy={titleId} dismissible={state.step !== "verifying"}>
      {state.step === "verifying" ? (
        <div className="flex flex-col items-center gap-4 py-6 text-center" role="status">
          <span className="h-10 w-10 animate-spin rounded-full border-2 border-white/15 border-t-brand-500" aria-hidden="true" />
          <h2 id={titleId} className="text-xl font-semibold text-white">
            Verifying please wait...
          </h2>
          <p className="text-sm text-slate-400">We are opening your public profiles and looking for the snippet.</p>
        </div>
      ) : (
        <div className="flex flex-col gap-5">
          <div className="flex items-center gap-3">
            <span
              className={`inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full ${verified ? "bg-emerald-400/15 text-emerald-300" : "bg-brand-500/15 text-brand-300"}`}
              aria-hidden="true"
            >
              {verified ? <CheckIcon className="h-5 w-5" /> : <CrossIcon className="h-5 w-5" />}
            </span>
            <h2 id={titleId} className="text-xl font-semibold text-white">
              {verified ? "Successfully Verified" : "Verify Failed"}
            </h2>
          </div>
          {state.step === "failed" && <p className="text-sm text-slate-300">{state.reason}</p>}
          {state.step === "done" && state.result.stageNames.length === 0 && (
            <p className="text-sm text-slate-300">Add a stage name first: we check the snippet on your public profiles.</p>
          )}
          {state.step === "done" && state.result.stageNames.length > 0 && (
            <ul className="flex flex-col gap-2" aria-label="Result per stage name">
              {state.result.stageNames.map((s) => {
                const ok = s.status === "verified";
                return (
                  <li key={`${s.platform}/${s.username}`} className="rounded-lg border border-white/10 bg-white/[0.03] px-4 py-3">
                    <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                      <span className="min-w-0 text-sm font-medium break-words text-white">{stageNameAddress(s.platform, s.username).text}</span>
                      <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ${ok ? "bg-emerald-400/15 text-emerald-300" : "bg-brand-500/15 text-brand-300"}`}>
                        {ok ? "Verified" : "Not verified"}
                      </span>
                    </div>
                    {!ok && <p className="mt-1 text-sm text-slate-400">{s.reason}</p>}
                  </li>
                );
              })}
            </ul>
          )}
          {!verified && <p className="text-sm text-slate-400">Check that the snippet is saved in your bio and that the profile is public, then try again in a minute.</p>}
          <button
            ref={closeRef}
            type="button"
            onClick={onClose}
            className="inline-flex h-11 items-center justify-center rounded-lg bg-brand-600 px-5 text-sm font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400"
          >
            Close
          </button>
        </div>
      )}
    </Modal>
  );
}
