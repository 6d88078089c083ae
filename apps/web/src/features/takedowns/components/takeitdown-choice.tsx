import type { CreateTakedowns } from "@leakwarden/contracts/takedowns";
import { useId, useState } from "react";
import { useAttestation } from "../api/get-attestation";

type Basis = "takeitdown" | "both";

/**
 * The TAKE IT DOWN Act request for an intimate image published without her consent, alone or
 * beside the DMCA notice; a forgery of her (AI or edited) offers only the Act. Nothing is sent
 * before she confirms the statement. Product copy, not legal advice.
 */
export function TakeItDownChoice({
  onSend,
  onCancel,
  pending,
  forgeryMarked = false,
  onForgeryChange,
}: {
  onSend: (input: Omit<CreateTakedowns, "leakIds">) => void;
  onCancel: () => void;
  pending: boolean;
  /** The leak is marked a forgery or AI image of her. */
  forgeryMarked?: boolean;
  /** Keeps her answer on the leak (the leaks list shows it; a DMCA notice is no longer offered for it). */
  onForgeryChange?: (forgery: boolean) => void;
}) {
  const attestation = useAttestation(true);
  const [basis, setBasis] = useState<Basis>("both");
  const [forgery, setForgery] = useState(forgeryMarked);
  const [attest, setAttest] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = useId();
  const chosen: Basis = forgery ? "takeitdown" : basis;
  const text = attestation.data ? (forgery ? attestation.data.forgery : attestation.data.intimate) : null;

  return (
    <form
      className="mt-3 flex flex-col gap-4 text-sm text-slate-300"
      onSubmit={(e) => {
        e.preventDefault();
        if (!attest) return setError("Confirm the statement: nothing is sent under the TAKE IT DOWN Act without it.");
        onSend({ basis: chosen, forgery, attest: true });
      }}
    >
      <p>
        Since 19 May 2026, sites that host what their users post must remove an intimate image published without the consent of the person shown within{" "}
        {attestation.data?.deadlineHours ?? 48} hours of a valid request, and remove identical copies. We track the deadline and tell you if the site misses it.
      </p>
      <label className="flex items-start gap-2">
        <input
          type="checkbox"
          checked={forgery}
          onChange={(e) => {
            setForgery(e.target.checked);
            onForgeryChange?.(e.target.checked);
          }}
          className="mt-1"
        />
        <span>It is a forgery or AI image of me (copyright does not reach it: only the TAKE IT DOWN request is sent{onForgeryChange ? "; the link stays marked so" : ""})</span>
      </label>
      <fieldset disabled={forgery} className="flex flex-col gap-1 disabled:opacity-60">
        <legend className="mb-1 font-semibold text-white">What to send</legend>
        <label className="flex items-center gap-2">
          <input type="radio" name={name} checked={chosen === "both"} onChange={() => setBasis("both")} />
          A TAKE IT DOWN request and a DMCA notice
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name={name} checked={chosen === "takeitdown"} onChange={() => setBasis("takeitdown")} />
          Only a TAKE IT DOWN request
        </label>
      </fieldset>
      <label className="flex items-start gap-2 rounded-lg border border-white/10 p-3">
        <input
          type="checkbox"
          checked={attest}
          onChange={(e) => {
            setAttest(e.target.checked);
            setError(null);
          }}
          className="mt-1"
          aria-describedby={error ? `${name}-error` : undefined}
        />
        <span data-testid="attestation-text">{text ?? "Loading the statement..."}</span>
      </label>
      {error && (
        <p id={`${name}-error`} role="alert" className="text-amber-100">
          {error}
        </p>
      )}
      <p className="text-xs text-slate-400">This wording helps you use the law; it is not legal advice.</p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" onClick={onCancel} className="h-11 rounded-lg border border-white/15 px-4 text-sm font-semibold text-white hover:bg-white/5">
          Not now
        </button>
        <button type="submit" disabled={pending || !text} className="h-11 rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-70">
          Send the request
        </button>
      </div>
    </form>
  );
}
