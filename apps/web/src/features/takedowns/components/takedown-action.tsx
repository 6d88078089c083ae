import type { LeakView } from "@leakwarden/contracts/scans";
import type { CreateTakedowns, TakedownStatus } from "@leakwarden/contracts/takedowns";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { DialogActions, ModalDialog, dialogPrimaryButton, dialogSecondaryButton } from "../../../components/modal-dialog";
import { useAuthorization } from "../api/get-authorization";
import { useLeakTakedown } from "../api/get-leak-takedowns";
import { useMarkForgery } from "../api/mark-forgery";
import { takedownStatusLabels } from "../takedown-labels";
import { AuthorizationForm } from "./authorization-form";
import { toastTakedownOutcome } from "../api/follow-takedowns";
import { SendTakedownsDialog } from "./send-takedowns-dialog";
import { TakeItDownChoice } from "./takeitdown-choice";
import { queryKeys } from "../../../lib/query-keys";

interface TakedownActionProps {
  leak: Pick<LeakView, "id" | "number" | "status" | "confidence" | "url" | "forgeryMarkedAt">;
  /** Whether at least one stage name is verified; undefined while unknown. */
  ownershipVerified: boolean | undefined;
  /** Opens the ownership proof panel. */
  onProveOwnership: () => void;
  takedownsHref: string;
  upgradeHref: string;
}

type Explain = "ownership" | "confirm" | "authorize" | "takeitdown" | "hold" | null;

const buttonClass =
  "h-8 rounded-md bg-brand-600 px-2.5 text-xs font-semibold whitespace-nowrap text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400 disabled:opacity-70";
const statusLinkClass: Record<"moving" | "done" | "attention", string> = {
  moving: "bg-sky-400/15 text-sky-100 hover:bg-sky-400/25",
  done: "bg-emerald-400/15 text-emerald-100 hover:bg-emerald-400/25",
  attention: "bg-amber-300/15 text-amber-100 hover:bg-amber-300/25",
};
const tone = (s: TakedownStatus) => (s === "removed" ? "done" : s === "failed" || s === "needs_manual_action" || s === "no_response" ? "attention" : "moving");
const MOVING: TakedownStatus[] = ["draft", "queued"];


/**
 * The row's 'Takedown': the notice as it will go, for her to send, then the status of the leak's
 * takedown, followed until its notice is out. What is missing first (ownership proof, her
 * confirmation of an uncertain finding, her authorization) is explained, never sent for.
 */
export function TakedownAction({ leak, ownershipVerified, onProveOwnership, takedownsHref, upgradeHref }: TakedownActionProps) {
  const current = useLeakTakedown(leak.id);
  const authorization = useAuthorization();
  const queryClient = useQueryClient();
  const [explain, setExplain] = useState<Explain>(null);
  const status = current.data?.takedown?.status;
  // What matched on this link is not proven hers yet: no notice can go out for it until she proves it.
  const hold = current.data?.hold ?? null;
  const markForgery = useMarkForgery();
  // Marked a forgery or AI image of her: copyright does not reach it, so only the TAKE IT DOWN request is offered.
  const forged = !!leak.forgeryMarkedAt;

  // Once the notice is out (or the takedown stopped), the leaks list's own status changes too.
  const previous = useRef(status);
  useEffect(() => {
    if (previous.current && MOVING.includes(previous.current) && status && !MOVING.includes(status)) void queryClient.invalidateQueries({ queryKey: queryKeys.leaks.all });
    previous.current = status;
  }, [status, queryClient]);

  // The basis she chose (a TAKE IT DOWN request, with her attestation), kept while she signs the authorization first.
  const chosen = useRef<Omit<CreateTakedowns, "leakIds">>({});
  // The notice as it will go, for her to send: opened once what is missing is done.
  const [reviewing, setReviewing] = useState<Omit<CreateTakedowns, "leakIds"> | null>(null);
  const request = (options: Omit<CreateTakedowns, "leakIds"> = chosen.current) => setReviewing(options);

  const onClick = (options: Omit<CreateTakedowns, "leakIds"> = {}) => {
    chosen.current = options;
    if (ownershipVerified === false) return setExplain("ownership");
    if (hold) return setExplain("hold");
    if (leak.confidence !== "high" && leak.status === "new") return setExplain("confirm");
    // Without a plan that includes takedowns the server refuses: it says so, rather than asking her to sign first.
    if (authorization.data && authorization.data.takedownsIncluded && !authorization.data.authorization) return setExplain("authorize");
    request(options);
  };

  let control: ReactNode;
  if (status) {
    control = (
      <Link
        to={takedownsHref}
        aria-label={`Takedown of finding #${leak.number}: ${takedownStatusLabels[status]}`}
        className={`h-8 rounded-md px-2.5 text-center text-xs leading-8 font-semibold whitespace-nowrap ${statusLinkClass[tone(status)]}`}
        data-testid="takedown-status"
      >
        {takedownStatusLabels[status]}
      </Link>
    );
  } else if (leak.status === "takedown_sent") {
    control = (
      <Link to={takedownsHref} className={`h-8 rounded-md px-2.5 text-center text-xs leading-8 font-semibold whitespace-nowrap ${statusLinkClass.moving}`}>
        Takedown sent
      </Link>
    );
  } else if (leak.status === "removed" || leak.status === "dismissed") {
    control = null;
  } else {
    control = (
      // Stacked unless the list (its container, not the window) is wide enough: side by side they are wider than a narrow Actions column.
      <span className="flex flex-col gap-1.5 @3xl:flex-row @3xl:gap-1">
        {!forged && (
          <button type="button" onClick={() => onClick()} aria-label={`Takedown finding #${leak.number}`} className={buttonClass}>
            Takedown
          </button>
        )}
        <button
          type="button"
          onClick={() => setExplain("takeitdown")}
          aria-label={`TAKE IT DOWN request for finding #${leak.number}`}
          title="An intimate image published without your consent, or a forgery of you"
          className="h-8 rounded-md border border-white/15 px-2 text-xs font-semibold whitespace-nowrap text-white hover:bg-white/5"
        >
          Take It Down
        </button>
      </span>
    );
    // Before any profile is proved, the proof panel says it for every row at once.
    if (hold && ownershipVerified) {
      control = (
        <span className="flex flex-col gap-1.5">
          {control}
          <span className="max-w-56 text-xs text-amber-200" data-testid="takedown-hold">
            {hold.reason}
          </span>
        </span>
      );
    }
  }

  return (
    <>
      {control}
      {reviewing && (
        <SendTakedownsDialog
          leaks={[leak]}
          options={reviewing}
          onClose={() => setReviewing(null)}
          onProveOwnership={onProveOwnership}
          upgradeHref={upgradeHref}
          onSent={(res) => {
            const item = res.items[0];
            if (item) queryClient.setQueryData(queryKeys.takedowns.byLeak(leak.id), { takedown: item, hold: null });
            void toastTakedownOutcome(queryClient, res);
          }}
        />
      )}
      {explain === "ownership" && (
        <ModalDialog title="Prove ownership first" onClose={() => setExplain(null)}>
          {(close) => (
            <>
              <p className="mt-2 text-sm text-slate-300">
                A takedown notice goes out in our name as your agent and must point to a profile that shows the content is yours. None of your stage names is verified yet: add
                the snippet to one of your profiles' bio and verify it. Then you can send takedowns.
              </p>
              <DialogActions>
                <button type="button" onClick={close} className={dialogSecondaryButton}>
                  Not now
                </button>
                <button
                  type="button"
                  onClick={() => {
                    close();
                    onProveOwnership();
                  }}
                  className={dialogPrimaryButton}
                >
                  Prove ownership
                </button>
              </DialogActions>
            </>
          )}
        </ModalDialog>
      )}
      {explain === "hold" && hold && (
        <ModalDialog title={hold.code === "disputed_handle" ? "This handle is under review" : "Prove that it is yours first"} onClose={() => setExplain(null)}>
          {(close) => (
            <>
              <p className="mt-2 text-sm text-slate-300">
                A takedown notice goes out in our name as your agent, under penalty of perjury: it can only be sent for content that is yours. {hold.reason}
              </p>
              <DialogActions>
                <button type="button" onClick={close} className={dialogSecondaryButton}>
                  Not now
                </button>
                {(hold.code === "unproven_profile" || hold.code === "unattested_nickname") && (
                  <button
                    type="button"
                    onClick={() => {
                      close();
                      onProveOwnership();
                    }}
                    className={dialogPrimaryButton}
                  >
                    {hold.code === "unattested_nickname" ? "Open your identities" : "Prove ownership"}
                  </button>
                )}
              </DialogActions>
            </>
          )}
        </ModalDialog>
      )}
      {explain === "takeitdown" && (
        <ModalDialog title="TAKE IT DOWN Act request" size="md" onClose={() => setExplain(null)}>
          {(close) => (
            <TakeItDownChoice
              forgeryMarked={forged}
              onForgeryChange={(forgery) =>
                markForgery.mutate({ id: leak.id, forgery }, { onError: () => toast.error(`The forgery mark of #${leak.number} could not be saved; try again.`) })
              }
              pending={false}
              onCancel={close}
              onSend={(options) => {
                close();
                onClick(options);
              }}
            />
          )}
        </ModalDialog>
      )}
      {explain === "confirm" && (
        <ModalDialog title="Confirm this finding first" onClose={() => setExplain(null)}>
          {(close) => (
            <>
              <p className="mt-2 text-sm text-slate-300">
                Finding #{leak.number} is uncertain: the page names you but may not carry your content. A notice against a page that is not a copy of your work can
                hurt you, so none goes out before you look at the evidence. Use 'Review' on this row and confirm that it is your content; then take it down.
              </p>
              <DialogActions>
                <button type="button" onClick={close} className={dialogSecondaryButton}>
                  OK
                </button>
              </DialogActions>
            </>
          )}
        </ModalDialog>
      )}
      {explain === "authorize" && authorization.data && (
        <ModalDialog title="Authorize us to act for you" size="md" onClose={() => setExplain(null)}>
          {(close) => (
            <>
              <p className="mt-2 mb-4 text-sm text-slate-300">
                Once, before your first takedown: notices go out in our name as your authorized agent, so that your legal name stays private unless you choose to show
                it.
              </p>
              <AuthorizationForm
                view={authorization.data}
                submitLabel="Sign and review the notice"
                onSigned={() => {
                  close();
                  request();
                }}
              />
              <button type="button" onClick={close} className="mt-3 h-11 w-full rounded-lg border border-white/15 px-4 text-sm font-semibold text-white hover:bg-white/5 sm:w-auto">
                Not now
              </button>
            </>
          )}
        </ModalDialog>
      )}
    </>
  );
}
