import { useState } from "react";
import { refreshSession } from "../lib/session";

/**
 * Shown in place of a signed-in page while the server cannot say who is signed in (an outage, or
 * no network): a sentence and a way to try again, never the sign-in page.
 */
export function ServiceUnavailable({ message }: { message: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <div className="flex min-h-dvh items-center justify-center px-4">
      <div className="max-w-md rounded-2xl border border-amber-400/30 bg-amber-400/10 p-6 text-slate-100">
        <h1 className="text-xl font-semibold text-white">Service unavailable</h1>
        <p role="alert" className="mt-3">
          {message}
        </p>
        <button
          type="button"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void refreshSession().finally(() => setBusy(false));
          }}
          className="mt-5 rounded-lg border border-white/15 px-4 py-2 text-sm font-semibold text-white hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400 disabled:cursor-wait disabled:opacity-80"
        >
          {busy ? "Trying again..." : "Try again"}
        </button>
      </div>
    </div>
  );
}
