import { useId, useState } from "react";
import { Link } from "react-router";
import { useIdentities } from "../api/get-identities";
import { useVerifyOwnership } from "../api/get-bio";
import { errorMessage } from "../hooks/use-add-outcome";
import { stageNameAddress } from "../platform-labels";
import { CopySnippet } from "./copy-snippet";
import { IdentitiesLoadState } from "./identities-load-state";
import { Modal } from "./modal";
import { SnippetIllustration } from "./snippet-illustration";
import { VerifyDialog, type VerifyState } from "./verify-dialog";

/** The verifying modal stays long enough to be read, however fast the answer comes. */
const MIN_VERIFYING_MS = 900;

const statusText: Record<string, string> = {
  verified: "Verified",
  "not-found": "Profile not found",
  "snippet-missing": "Snippet not found",
  unreachable: "Could not be reached",
  unsupported: "Not checkable yet",
};

/**
 * Prove Ownership: the snippet to copy into a bio, how to do it, and 'I added the snippet,
 * Verify now', which asks the server to read the profiles now.
 */
export function OwnershipProof({ titleId, headingLevel = "h1" }: { titleId?: string; headingLevel?: "h1" | "h2" }) {
  const identities = useIdentities();
  const verify = useVerifyOwnership();
  const [state, setState] = useState<VerifyState>({ step: "idle" });
  const ownId = useId();
  const headingId = titleId ?? `${ownId}-title`;
  const Heading = headingLevel;

  async function startVerify() {
    setState({ step: "verifying" });
    const started = Date.now();
    const wait = () => new Promise((r) => setTimeout(r, Math.max(0, MIN_VERIFYING_MS - (Date.now() - started))));
    try {
      const result = await verify.mutateAsync();
      await wait();
      setState({ step: "done", result });
    } catch (error) {
      await wait();
      setState({ step: "failed", reason: `The check could not be completed: ${errorMessage(error)}` });
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <div>
        {/* The page's title on its own page; one section among others (the size of theirs) in the dashboard and its dialog. */}
        <Heading id={headingId} className={headingLevel === "h1" ? "text-2xl font-bold tracking-tight text-white sm:text-3xl" : "text-lg font-semibold text-white"}>
          Prove you own your accounts
        </Heading>
        <p className={`mt-2 text-slate-400 ${headingLevel === "h1" ? "" : "text-sm"}`}>
          Add the snippet below to the bio of one of your profiles. Its code is yours alone, so the notices we send for you can point to a profile that
          shows you are the owner.
        </p>
      </div>
      {!identities.data ? (
        <IdentitiesLoadState query={identities} />
      ) : (
        <>
          <CopySnippet snippet={identities.data.snippet} />
          <div className="grid items-center gap-6 rounded-2xl border border-white/10 bg-ink-900 p-5 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] sm:p-6">
            <figure className="flex justify-center">
              <SnippetIllustration snippet={identities.data.snippet} />
            </figure>
            <div>
              <h3 className="font-semibold text-white">How to add snippet to your bio{"\u00a0"}?</h3>
              <ol className="mt-3 list-decimal space-y-2 pl-5 text-sm text-slate-300 marker:text-brand-400">
                <li>Copy the snippet.</li>
                <li>Open your profile on the platform and choose to edit it.</li>
                <li>Paste the snippet at the end of your bio and save.</li>
                <li>Come back here and verify. You can remove it once you are verified.</li>
              </ol>
            </div>
          </div>
          <section aria-label="Your stage names" className="flex flex-col gap-2">
            <h3 className="text-sm font-semibold tracking-wide text-slate-400 uppercase">Profiles we check</h3>
            {identities.data.stageNames.length === 0 ? (
              <p className="text-sm text-slate-400">
                No stage names yet.{" "}
                <Link to="/onboardings" className="font-semibold text-brand-300 underline underline-offset-2 hover:text-brand-400">
                  Add your accounts
                </Link>{" "}
                first.
              </p>
            ) : (
              <ul className="flex flex-col gap-2">
                {identities.data.stageNames.map((s) => {
                  const status = s.verifiedAt ? "verified" : s.lastCheck?.status;
                  return (
                    <li key={s.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-lg border border-white/10 bg-white/[0.03] px-4 py-2.5 text-sm">
                      <span className="min-w-0 break-words text-white">{stageNameAddress(s.platformId, s.username).text}</span>
                      <span
                        className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ${status === "verified" ? "bg-emerald-400/15 text-emerald-300" : "bg-white/10 text-slate-300"}`}
                      >
                        {status ? statusText[status] : "Not checked yet"}
                      </span>
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
          <button
            type="button"
            onClick={() => void startVerify()}
            disabled={state.step === "verifying"}
            className="inline-flex min-h-12 items-center justify-center rounded-lg bg-brand-600 px-6 py-2 text-center font-semibold text-white shadow-lg shadow-brand-900/30 transition-colors hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400 disabled:opacity-70 sm:self-start"
          >
            I added the snippet, Verify now
          </button>
        </>
      )}
      <VerifyDialog state={state} onClose={() => setState({ step: "idle" })} />
    </div>
  );
}

/** The proof panel as a modal (e.g. from the Takedown action). */
export function OwnershipProofDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const id = useId();
  return (
    <Modal open={open} onClose={onClose} labelledBy={`${id}-title`} className="max-w-2xl">
      <div className="flex flex-col gap-4">
        {open && <OwnershipProof titleId={`${id}-title`} headingLevel="h2" />}
        <button
          type="button"
          onClick={onClose}
          className="inline-flex h-11 items-center justify-center rounded-lg border border-white/15 px-5 text-sm font-semibold text-white hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400 sm:self-end"
        >
          Close
        </button>
      </div>
    </Modal>
  );
}
