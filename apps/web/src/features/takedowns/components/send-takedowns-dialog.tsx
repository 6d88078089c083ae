import type { LeakView } from "@leakwarden/contracts/scans";
import type { CreateTakedowns, CreateTakedownsResponse, FindingHold, TakedownsPreview } from "@leakwarden/contracts/takedowns";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { ModalDialog, dialogPrimaryButton as primary, dialogSecondaryButton as secondary } from "../../../components/modal-dialog";
import { ApiError } from "../../../lib/api-client";
import { confirmFinding } from "../api/confirm-finding";
import { useCreateTakedowns } from "../api/create-takedowns";
import { useAuthorization } from "../api/get-authorization";
import { usePreviewTakedowns } from "../api/preview-takedowns";
import { RecipientConfirmation } from "./recipient-confirmation";
import { recipientKindLabels } from "../takedown-labels";
import { AuthorizationForm } from "./authorization-form";
import { queryKeys } from "../../../lib/query-keys";
import { formatCount } from "../../../lib/format";

export type SendableLeak = Pick<LeakView, "id" | "number" | "status" | "confidence" | "url">;

interface SendTakedownsDialogProps {
  leaks: SendableLeak[];
  /** The legal basis she chose (a TAKE IT DOWN request with her attestation); a DMCA notice by default. */
  options?: Omit<CreateTakedowns, "leakIds">;
  onClose: () => void;
  onSent: (response: CreateTakedownsResponse) => void;
  onProveOwnership: () => void;
  upgradeHref: string;
}

type Step = "confirm" | "preview";

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;
const shortUrl = (url: string) => url.replace(/^https?:\/\//, "");

/**
 * Sending takedowns, one link or many: a finding still marked New asks for her confirmation
 * first; then the notices exactly as they will go (recipient, text, the links each covers), as
 * the server renders them; nothing leaves before she presses Send.
 */
export function SendTakedownsDialog({ leaks, options = {}, onClose, onSent, onProveOwnership, upgradeHref }: SendTakedownsDialogProps) {
  const queryClient = useQueryClient();
  const fresh = leaks.filter((l) => l.status === "new");
  const [step, setStep] = useState<Step>(fresh.length > 0 ? "confirm" : "preview");
  const [confirming, setConfirming] = useState(false);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const preview = usePreviewTakedowns();
  const create = useCreateTakedowns();
  const authorization = useAuthorization();
  const input: CreateTakedowns = { ...options, leakIds: leaks.map((l) => l.id) };

  useEffect(() => {
    if (step === "preview" && preview.isIdle) preview.mutate(input);
  }, [step]);

  async function confirmAll() {
    setConfirming(true);
    setConfirmError(null);
    try {
      for (const leak of fresh) await confirmFinding(leak.id);
      void queryClient.invalidateQueries({ queryKey: queryKeys.leaks.all });
      setStep("preview");
    } catch (error) {
      setConfirmError(error instanceof ApiError ? error.message : "Your confirmation could not be saved. Please try again.");
    } finally {
      setConfirming(false);
    }
  }

  function send(close: () => void) {
    create.mutate(input, {
      onSuccess: (response) => {
        onSent(response);
        close();
      },
    });
  }

  const error = preview.error instanceof ApiError ? preview.error : preview.error ? new ApiError(0, "INTERNAL", "The notices could not be prepared. Please try again.") : null;
  const data: TakedownsPreview | undefined = preview.data;
  const linkCount = data ? new Set([...data.notices.flatMap((p) => p.leakIds), ...data.manual.map((m) => m.leakId)]).size : leaks.length;
  const title = step === "confirm" ? "Confirm these findings first" : data ? `${plural(data.notices.length, "notice", "notices")} for ${plural(linkCount, "link", "links")}` : "Review the notices";

  return (
    <ModalDialog title={title} size="lg" onClose={onClose} data-testid="send-takedowns">
      {(close) => (
        <>
          {step === "confirm" && (
            <>
              <p className="mt-2 text-sm text-slate-300">
                {fresh.length === 1
                  ? "This finding is still marked New"
                  : fresh.length === leaks.length
                    ? `These ${formatCount(fresh.length)} findings are still marked New`
                    : `${formatCount(fresh.length)} of these findings are still marked New`}: you have not looked at{" "}
                {fresh.length === 1 ? "it" : "them"} yet. A notice says the page copies your work, and one against a page that does not can hurt you. Confirm that{" "}
                {fresh.length === 1 ? "it shows" : "they show"} your content; use Details in the list first if you are not sure.
              </p>
              <ul className="mt-3 flex max-h-48 flex-col gap-1 overflow-y-auto rounded-lg border border-white/10 bg-black/30 p-3 text-xs" aria-label="Findings marked New">
                {fresh.map((l) => (
                  <li key={l.id} className="break-all text-slate-300">
                    <span className="text-slate-400">#{l.number}</span> {shortUrl(l.url)}
                  </li>
                ))}
              </ul>
              {confirmError && (
                <p role="alert" className="mt-3 text-sm text-amber-200">
                  {confirmError}
                </p>
              )}
              <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <button type="button" onClick={close} className={secondary}>
                  Cancel
                </button>
                <button type="button" onClick={() => void confirmAll()} disabled={confirming} className={primary}>
                  {confirming ? "Confirming…" : fresh.length === 1 ? "Yes, it is my content" : "Yes, they are my content"}
                </button>
              </div>
            </>
          )}

          {step === "preview" && preview.isPending && (
            <p role="status" className="mt-3 text-sm text-slate-300">
              Finding who can remove {leaks.length === 1 ? "the link" : "each link"} and writing the notices…
            </p>
          )}

          {step === "preview" && error && (
            <PreviewRefusal
              error={error}
              onProveOwnership={() => {
                close();
                onProveOwnership();
              }}
              upgradeHref={upgradeHref}
              authorization={authorization.data}
              onSigned={() => {
                preview.reset();
                preview.mutate(input);
              }}
              onClose={close}
            />
          )}

          {step === "preview" && data && (
            <>
              <p className="mt-2 text-sm text-slate-300">
                Each notice below is exactly what goes out, grouped per recipient; it is sent in our name as your authorized agent. Only its reference number is given when it
                is sent.
              </p>
              <div className="mt-4 flex flex-col gap-3">
                {data.notices.map((n) => (
                  <article key={`${n.kind}:${n.recipient.email}`} aria-label={`Notice to ${n.recipient.email}`} className="rounded-lg border border-white/10 bg-black/30 p-3" data-testid="notice-preview">
                    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
                      <dt className="text-slate-400">To</dt>
                      <dd className="min-w-0 break-all text-slate-200" data-testid="preview-to">
                        {n.recipient.email} ({recipientKindLabels[n.recipient.kind].toLowerCase()}
                        {n.recipient.name ? `, ${n.recipient.name}` : ""})
                      </dd>
                      <dt className="text-slate-400">Subject</dt>
                      <dd className="min-w-0 break-words text-slate-200">{n.subject}</dd>
                      <dt className="text-slate-400">Links</dt>
                      <dd className="min-w-0 text-slate-200">
                        <ul data-testid="preview-links">
                          {n.urls.map((u) => (
                            <li key={u} className="break-all">
                              {u}
                            </li>
                          ))}
                        </ul>
                      </dd>
                    </dl>
                    <details className="mt-2">
                      <summary className="cursor-pointer text-xs font-semibold text-brand-300">Read the notice</summary>
                      <pre tabIndex={0} role="region" aria-label={`The notice to ${n.recipient.email}`} className="mt-2 max-h-72 overflow-y-auto text-xs break-words whitespace-pre-wrap text-slate-300 focus-visible:outline-2 focus-visible:outline-brand-400" data-testid="preview-text">
                        {n.text}
                      </pre>
                    </details>
                  </article>
                ))}
                {data.manual.map((m, i) =>
                  // One confirmation per address: the other links waiting on it say so.
                  m.pendingConfirmation && data.manual.findIndex((o) => o.pendingConfirmation?.address === m.pendingConfirmation!.address) !== i ? (
                    <p key={m.leakId} className="text-xs break-words text-amber-100">
                      <span className="break-all">{shortUrl(m.url)}</span>: waits on {m.pendingConfirmation.address} too.
                    </p>
                  ) : m.pendingConfirmation ? (
                    <div key={m.leakId} className="text-xs">
                      <span className="break-all text-amber-100">{shortUrl(m.url)}</span>
                      {/* Confirmed here, the preview is read again: the notice to the address shows above. */}
                      <RecipientConfirmation pending={m.pendingConfirmation} leakId={m.leakId} onConfirmed={() => preview.mutate(input)} />
                    </div>
                  ) : (
                    <p key={m.leakId} className="rounded-lg border border-amber-300/30 bg-amber-300/10 p-3 text-xs break-words text-amber-100">
                      <span className="break-all">{shortUrl(m.url)}</span>: {m.reason}
                    </p>
                  ),
                )}
              </div>
              <p className="mt-3 text-xs text-slate-400">
                {data.quota.limit === "unlimited"
                  ? `${plural(data.quota.counted, "link", "links")} counted; your plan has no monthly limit.`
                  : `${plural(data.quota.counted, "link counts", "links count")} against your month: ${formatCount(data.quota.used + data.quota.counted)} of ${formatCount(data.quota.limit)} used after this.`}
              </p>
              {create.error && (
                <p role="alert" className="mt-3 text-sm text-amber-200">
                  {create.error instanceof ApiError ? create.error.message : "The takedowns could not be requested. Please try again."}
                </p>
              )}
              <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <button type="button" onClick={close} className={secondary}>
                  Cancel
                </button>
                <button type="button" onClick={() => send(close)} disabled={create.isPending} className={primary}>
                  {create.isPending ? "Sending…" : data.notices.length === 0 ? "Request the takedowns" : `Send ${plural(data.notices.length, "notice", "notices")}`}
                </button>
              </div>
            </>
          )}
        </>
      )}
    </ModalDialog>
  );
}

/** Why the notices cannot be prepared, as a sentence, with the step that solves it. */
function PreviewRefusal({
  error,
  authorization,
  onSigned,
  onProveOwnership,
  upgradeHref,
  onClose,
}: {
  error: ApiError;
  authorization: ReturnType<typeof useAuthorization>["data"];
  onSigned: () => void;
  onProveOwnership: () => void;
  upgradeHref: string;
  onClose: () => void;
}) {
  if (error.code === "FORBIDDEN" && error.details?.missing === "authorization" && authorization) {
    return (
      <>
        <p className="mt-2 mb-4 text-sm text-slate-300">
          Once, before your first takedown: authorize us to act as your agent. Notices go out in our name, so that your legal name stays private unless you choose to show it.
        </p>
        <AuthorizationForm view={authorization} submitLabel="Sign and review the notices" onSigned={onSigned} />
      </>
    );
  }
  // Links matched only through what she has not proved: each with its reason, and the step that solves it.
  const findings = error.code === "FORBIDDEN" && error.details?.reason === "not_proven" && Array.isArray(error.details.findings) ? (error.details.findings as FindingHold[]) : [];
  const toProve = findings.some((f) => f.code === "unproven_profile" || f.code === "unattested_nickname");
  return (
    <>
      <p role="alert" className="mt-2 text-sm text-amber-100">
        {error.message}
      </p>
      {findings.length > 1 && (
        <ul className="mt-3 flex max-h-48 flex-col gap-1 overflow-y-auto rounded-lg border border-white/10 bg-black/30 p-3 text-xs text-slate-300" aria-label="Links that wait for your proof">
          {findings.map((f) => (
            <li key={f.leakId}>{f.reason}</li>
          ))}
        </ul>
      )}
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" onClick={onClose} className={secondary}>
          Close
        </button>
        {error.code === "FORBIDDEN" && (error.details?.missing === "ownership" || toProve) && (
          <button type="button" onClick={onProveOwnership} className={primary}>
            Prove ownership
          </button>
        )}
        {error.code === "QUOTA_EXCEEDED" && (
          <Link to={upgradeHref} className={`${primary} leading-[2.75rem]`}>
            See plans
          </Link>
        )}
      </div>
    </>
  );
}
