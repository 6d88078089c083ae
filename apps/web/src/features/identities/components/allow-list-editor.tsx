import { useState } from "react";
import { useAddDomain } from "../api/add-domain";
import { useIdentities } from "../api/get-identities";
import { useRemoveIdentity } from "../api/remove-identity";
import { errorMessage, useAddOutcome } from "../hooks/use-add-outcome";
import { EntryList } from "./entry-list";
import { IdentitiesLoadState } from "./identities-load-state";
import { capMessage, PlanCapNotice, type PlansTarget } from "./plan-cap-notice";
import { TextAddRow } from "./text-add-row";

/** Domains that are never reported (the creator's affiliate and marketing sites). */
export function AllowListEditor(props: PlansTarget) {
  const identities = useIdentities();
  const add = useAddDomain();
  const remove = useRemoveIdentity();
  const { run, quotaMessage, clearQuota } = useAddOutcome();
  const [removeError, setRemoveError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);

  if (!identities.data) return <IdentitiesLoadState query={identities} />;
  const { allowlist, limits } = identities.data;
  const cap = allowlist.length >= limits.allowlist ? capMessage(limits.allowlist, "allow-listed domains") : null;
  const notice = quotaMessage ?? cap;

  return (
    <div className="flex flex-col gap-4">
      <EntryList
        entries={allowlist.map((d) => ({ key: d.id, label: d.domain }))}
        emptyText="No domains yet."
        removing={remove.isPending ? remove.variables?.id : null}
        removeLabel={(e) => `Remove domain ${e.label}`}
        onRemove={(id) => {
          setRemoveError(null);
          clearQuota();
          remove.mutate({ kind: "domains", id }, { onError: (e) => setRemoveError(errorMessage(e)) });
        }}
      />
      {removeError && (
        <p role="alert" className="text-sm text-brand-300">
          {removeError}
        </p>
      )}
      {adding ? (
        <TextAddRow label="Domain" placeholder="yourdomain.com" inputMode="url" emptyMessage="Enter a domain." alwaysShowButton autoFocus onAdd={(value) => run(() => add.mutateAsync(value), cap)} />
      ) : (
        <button
          type="button"
          onClick={() => setAdding(true)}
          className="inline-flex h-11 items-center justify-center gap-2 self-start rounded-lg border border-white/15 px-4 text-sm font-semibold text-white transition-colors hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400"
        >
          <span aria-hidden="true" className="text-lg leading-none">+</span> Add New Domain
        </button>
      )}
      {notice && <PlanCapNotice message={notice} {...props} />}
    </div>
  );
}
