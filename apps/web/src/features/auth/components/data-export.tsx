import { useState } from "react";
import { describeError } from "../../../lib/api-client";
import { secondaryButton, StatusNote } from "./settings-card";
import { FormBanner } from "./form-fields";
import { downloadMyData } from "../api/account-data";

/** "Download my data": one zip of JSON and CSV with everything kept about her. */
export function DataExport() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function download() {
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      const { fileName } = await downloadMyData();
      setDone(`Your data was saved as ${fileName}.`);
    } catch (e) {
      setError(describeError(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <FormBanner message={error} />
      {done && <StatusNote>{done}</StatusNote>}
      <p className="mb-4 text-sm text-slate-300">
        A zip file of JSON and CSV files: your account, identities, reference images' details, leaks with their evidence, takedowns with the
        notices sent and the replies, alerts and billing. Your password, tokens and image fingerprints are never in it.
      </p>
      <button type="button" className={secondaryButton} onClick={() => void download()} disabled={busy} aria-busy={busy}>
        {busy ? "Preparing your data..." : "Download my data"}
      </button>
    </div>
  );
}
