import type { AccountSession } from "@leakwarden/contracts/sessions";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { describeError } from "../../../lib/api-client";
import { revokeOtherSessions, revokeSession, sessionsQueryOptions, useAccountSessions } from "../api/account-security";
import { FormBanner } from "./form-fields";
import { secondaryButton, StatusNote } from "./settings-card";
import { formatDateTime } from "../../../lib/format";


/**
 * Where the session was last used: the place the server's own country database gives the address
 * (this computer, a local network, a country, or "Unknown place"), and the address itself.
 */
function where(session: AccountSession): string {
  return session.ipAddress ? `${session.place} (${session.ipAddress})` : session.place;
}

/** Her signed-in devices, this one first; any other can be signed out, or all at once. */
export function SessionsList() {
  const queryClient = useQueryClient();
  const sessions = useAccountSessions();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);

  async function run(key: string, action: () => Promise<{ revoked: number }>, done: (n: number) => string) {
    setBusy(key);
    setError(null);
    setNote(null);
    try {
      const { revoked } = await action();
      setNote(done(revoked));
    } catch (e) {
      setError(describeError(e));
    } finally {
      setBusy(null);
      await queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey });
    }
  }

  if (sessions.isPending) return <p className="text-sm text-slate-400">Loading your sessions…</p>;
  if (sessions.isError) return <FormBanner message={describeError(sessions.error)} />;
  const list = sessions.data.sessions;
  const others = list.filter((s) => !s.current).length;
  return (
    <div>
      <FormBanner message={error} />
      {note && <StatusNote>{note}</StatusNote>}
      <ul className="divide-y divide-white/10" aria-label="Signed-in devices">
        {list.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="font-medium text-white">
                {s.device}
                {s.current && <span className="ml-2 rounded-full bg-brand-500/15 px-2 py-0.5 text-xs font-semibold text-brand-300">This device</span>}
              </p>
              <p className="text-sm break-all text-slate-400">
                {where(s)} · last seen {formatDateTime(s.lastSeenAt)}
              </p>
            </div>
            {!s.current && (
              <button
                type="button"
                className={secondaryButton}
                disabled={busy !== null}
                aria-label={`Sign out ${s.device}, last seen ${formatDateTime(s.lastSeenAt)}`}
                onClick={() => void run(s.id, () => revokeSession(s.id), () => `${s.device} was signed out.`)}
              >
                {busy === s.id ? "Signing out..." : "Sign out"}
              </button>
            )}
          </li>
        ))}
      </ul>
      {others > 0 && (
        <button
          type="button"
          className={`${secondaryButton} mt-4`}
          disabled={busy !== null}
          onClick={() => void run("others", revokeOtherSessions, (n) => `${n === 1 ? "1 other device was" : `${n} other devices were`} signed out.`)}
        >
          {busy === "others" ? "Signing out..." : "Sign out every other device"}
        </button>
      )}
      {/* The country database's licence (CC BY 4.0) asks for this link where its results are shown. */}
      <p className="mt-4 text-xs text-slate-400">
        Places are looked up on our server, never sent elsewhere:{" "}
        <a href="https://db-ip.com" className="text-slate-300 underline underline-offset-2 hover:text-white" rel="noopener noreferrer">
          IP Geolocation by DB-IP
        </a>
      </p>
    </div>
  );
}
