import { useState } from "react";
import { useAddStageName } from "../api/add-stage-name";
import { useIdentities } from "../api/get-identities";
import { useRemoveIdentity } from "../api/remove-identity";
import { errorMessage, useAddOutcome } from "../hooks/use-add-outcome";
import { stageNameAddress } from "../platform-labels";
import { EntryList } from "./entry-list";
import { IdentitiesLoadState } from "./identities-load-state";
import { listCapMessage, NOT_SEARCHED, PlanCapNotice, type PlansTarget } from "./plan-cap-notice";
import { StageNameRow } from "./stage-name-row";

/** The creator's stage names (platform + username): listed, removable, and a row to add one. Every edit reaches the server. */
export function StageNamesEditor(props: PlansTarget) {
  const identities = useIdentities();
  const add = useAddStageName();
  const remove = useRemoveIdentity();
  const { run, quotaMessage, clearQuota } = useAddOutcome();
  const [removeError, setRemoveError] = useState<string | null>(null);

  if (!identities.data) return <IdentitiesLoadState query={identities} />;
  const { stageNames, limits } = identities.data;
  const cap = listCapMessage(stageNames.length, limits.stageNames, "stage names");
  const notice = quotaMessage ?? cap;

  return (
    <div className="flex flex-col gap-4">
      <EntryList
        entries={stageNames.map((s, index) => {
          const address = stageNameAddress(s.platformId, s.username);
          const badges = [
            ...(s.verifiedAt ? [{ text: "Verified", tone: "good" as const }] : []),
            ...(s.dispute ? [{ text: "Under review", tone: "warn" as const }] : []),
            ...(index >= limits.stageNames ? [{ text: NOT_SEARCHED, tone: "muted" as const }] : []),
          ];
          return { key: s.id, label: address.text, href: address.href, badges, note: s.dispute?.reason ?? null };
        })}
        emptyText="No accounts yet."
        removing={remove.isPending ? remove.variables?.id : null}
        removeLabel={(e) => `Remove ${e.label}`}
        onRemove={(id) => {
          setRemoveError(null);
          clearQuota();
          remove.mutate({ kind: "stage-names", id }, { onError: (e) => setRemoveError(errorMessage(e)) });
        }}
      />
      {removeError && (
        <p role="alert" className="text-sm text-brand-300">
          {removeError}
        </p>
      )}
      <StageNameRow entryCount={stageNames.length} onAdd={(platform, username) => run(() => add.mutateAsync({ platform: platform.id, username }), cap)} />
      {notice && <PlanCapNotice message={notice} {...props} />}
    </div>
  );
}
