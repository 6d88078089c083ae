import { messages } from "@leakwarden/contracts/validation-messages";
import { useId, useState } from "react";
import { loadSiteConfig, useSiteConfig } from "../lib/site-config";
import { GoogleIcon } from "./icons";

export const GOOGLE_UNAVAILABLE = "Google sign-in is not available on this site yet. Use your email and password instead.";

/**
 * Starts Google sign-in (account picker forced, back to /signin). When the deployment has no Google
 * settings, the button says so instead of sending the creator to a broken page.
 */
export function GoogleButton({ label, className = "" }: { label: string; className?: string }) {
  const config = useSiteConfig();
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const noteId = useId();
  const unavailable = config !== null && !config.googleEnabled;

  async function start() {
    setNote(null);
    const current = config ?? (await loadSiteConfig());
    if (!current?.googleEnabled) {
      setNote(GOOGLE_UNAVAILABLE);
      return;
    }
    setBusy(true);
    try {
      // The auth client is only needed once someone actually signs in.
      const { startGoogleSignIn } = await import("../lib/auth-client");
      const result = await startGoogleSignIn();
      if (result.error) {
        setNote(result.error.message || messages.unexpectedError);
        setBusy(false);
      }
    } catch {
      setNote(messages.unexpectedError);
      setBusy(false);
    }
  }

  return (
    <div className="w-full">
      <button
        type="button"
        onClick={start}
        aria-describedby={note ? noteId : undefined}
        aria-busy={busy || undefined}
        title={unavailable ? GOOGLE_UNAVAILABLE : undefined}
        className={`inline-flex w-full items-center justify-center gap-3 rounded-lg border border-white/15 bg-white/[0.04] px-5 py-3 font-semibold text-white transition-colors hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400 ${className}`}
      >
        <GoogleIcon />
        {label}
      </button>
      <p id={noteId} role="status" className={note ? "mt-2 text-sm text-amber-200" : "sr-only"}>
        {note}
      </p>
    </div>
  );
}
