import { NICKNAME_ATTESTATION } from "@leakwarden/contracts/identities";
import { useState } from "react";
import { useAddNickname } from "../api/add-nickname";
import { useIdentities } from "../api/get-identities";
import { useRemoveIdentity } from "../api/remove-identity";
import { useSetNicknameAttested } from "../api/set-nickname-attested";
import { errorMessage, useAddOutcome } from "../hooks/use-add-outcome";
import { EntryList } from "./entry-list";
import { IdentitiesLoadState } from "./identities-load-state";
import { listCapMessage, NOT_SEARCHED, PlanCapNotice, type PlansTarget } from "./plan-cap-notice";
import { TextAddRow } from "./text-add-row";

/** Other names the creator goes by: listed, removable by exact value, and a field to add one. */
export function NicknamesEditor(props: PlansTarget & { autoFocus?: boolean }) {
  const identities = useIdentities();
  const add = useAddNickname();
  const remove = useRemoveIdentity();
  const attest = useSetNicknameAttested();
  const { run, quotaMessage, clearQuota } = useAddOutcome();
  const [removeError, setRemoveError] = useState<string | null>(null);

  if (!identities.data) return <IdentitiesLoadState query={identities} />;
  const { nicknames, limits } = identities.data;
  const cap = listCapMessage(nicknames.length, limits.nicknames, "nicknames");
  const notice = quotaMessage ?? cap;

  return (
    <div className="flex flex-col gap-4">
      <EntryList
        entries={nicknames.map((n, index) => ({
          key: n.id,
          label: n.value,
          badges: index >= limits.nicknames ? [{ text: NOT_SEARCHED, tone: "muted" as const }] : [],
          // Her statement that the name is hers: only then may a takedown rest on a page that names her by it.
          action: (
            <label className="flex shrink-0 items-center gap-1.5 text-xs text-slate-300" title={NICKNAME_ATTESTATION}>
              <input
                type="checkbox"
                checked={!!n.attestedAt}
                disabled={attest.isPending && attest.variables?.id === n.id}
                onChange={(e) => {
                  setRemoveError(null);
                  attest.mutate({ id: n.id, attested: e.target.checked }, { onError: (err) => setRemoveError(errorMessage(err)) });
                }}
                aria-label={`${n.value} is my nickname: takedowns may rest on it`}
                className="h-4 w-4 accent-brand-500"
              />
              It is mine
            </label>
          ),
        }))}
        emptyText="No nicknames yet."
        removing={remove.isPending ? remove.variables?.id : null}
        removeLabel={(e) => `Remove nickname ${e.label}`}
        onRemove={(id) => {
          setRemoveError(null);
          clearQuota();
          remove.mutate({ kind: "nicknames", id }, { onError: (e) => setRemoveError(errorMessage(e)) });
        }}
      />
      {nicknames.length > 0 && (
        <p className="text-xs text-slate-400">
          Tick "It is mine" for a nickname that is yours alone: takedowns are sent for pages that name you by it only then, and only once one of your profiles is verified.
        </p>
      )}
      {removeError && (
        <p role="alert" className="text-sm text-brand-300">
          {removeError}
        </p>
      )}
      <TextAddRow
        label="Nickname"
        placeholder="Another name you use"
        emptyMessage="Enter a nickname."
        autoFocus={props.autoFocus}
        onAdd={(value) => {
          // The server says the same (409); the list at hand answers at once.
          const same = nicknames.find((n) => n.value.toLowerCase() === value.replace(/\s+/g, " ").toLowerCase());
          if (same) return Promise.resolve({ status: "error" as const, message: `You have already added the nickname ${same.value}.` });
          return run(() => add.mutateAsync(value), cap);
        }}
      />
      {notice && <PlanCapNotice message={notice} onShowPlans={props.onShowPlans} plansHref={props.plansHref} />}
    </div>
  );
}
