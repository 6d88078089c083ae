import type { AutopilotCategory, AutopilotInput } from "@leakwarden/contracts/takedowns";
import { useId, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { QueryError, Skeleton } from "../../../components/query-error";
import { useAutopilot, usePutAutopilot } from "../api/autopilot";
import { useAuthorization } from "../api/get-authorization";
import { AuthorizationForm } from "./authorization-form";
import { onMutationError } from "../../../lib/mutation-toast";
import { formatCount } from "../../../lib/format";
import { autopilotCapNote, autopilotSoFar } from "../takedown-counts";

const switches: { key: AutopilotCategory; label: string; hint: string }[] = [
  { key: "leakSites", label: "Leak sites", hint: "Sites and pages that republish your photos and videos." },
  { key: "socialMedia", label: "Social media", hint: "Posts that share your content on Reddit, X and other platforms." },
  { key: "fileHosts", label: "File hosts", hint: "Download links on Mega, Gofile, Bunkr and other file-sharing hosts." },
];

interface AutopilotPanelProps {
  /** The heading's level where the panel is placed (h2 on a dashboard page, h2 or h3 in a step). */
  headingLevel?: "h2" | "h3";
  /** Opens the ownership proof; without it, a link to the account page where the proof is. */
  onProveOwnership?: () => void;
  upgradeHref: string;
}

/**
 * Autopilot, in one place (the Takedown Requests page and the onboarding's last step): the
 * categories whose high-confidence findings are taken down as they are found, and, until she can
 * turn it on, what is missing (a plan with takedowns, a verified stage name, her authorization).
 */
export function AutopilotPanel({ headingLevel: Heading = "h2", onProveOwnership, upgradeHref }: AutopilotPanelProps) {
  const autopilot = useAutopilot();
  const authorization = useAuthorization();
  const put = usePutAutopilot();
  const [signing, setSigning] = useState(false);
  // Her switch moves at once; the server's answer settles it (or puts it back, with why).
  const [draft, setDraft] = useState<AutopilotInput | null>(null);
  const ids = useId();

  if (autopilot.isError) return <QueryError error={autopilot.error} onRetry={() => void autopilot.refetch()} what="your autopilot settings" />;
  if (authorization.isError) return <QueryError error={authorization.error} onRetry={() => void authorization.refetch()} what="your takedown authorization" />;
  if (!autopilot.data || !authorization.data) return <Skeleton className="h-40" />;
  const view = { ...autopilot.data, ...(draft ?? {}) };
  const a = authorization.data;
  const missing = !a.takedownsIncluded ? "plan" : !a.ownershipVerified ? "ownership" : !a.authorization ? "authorization" : null;
  const on = switches.filter((s) => view[s.key]);
  const capNote = autopilotCapNote(view.dailyCap);

  const toggle = (key: AutopilotCategory, value: boolean) => {
    const next: AutopilotInput = { leakSites: view.leakSites, socialMedia: view.socialMedia, fileHosts: view.fileHosts, [key]: value };
    setDraft(next);
    put.mutate(next, {
      onSettled: () => setDraft(null),
      onSuccess: () => toast.success(value ? `Automatic takedowns on for ${switches.find((s) => s.key === key)!.label.toLowerCase()}` : `Automatic takedowns off for ${switches.find((s) => s.key === key)!.label.toLowerCase()}`),
      onError: onMutationError("Your autopilot was not changed"),
    });
  };

  const quota =
    view.quota.limit === "unlimited"
      ? "Your plan has no monthly limit on takedowns."
      : `Within your plan's ${formatCount(view.quota.limit)} takedowns a month (${formatCount(view.quota.used)} used); findings beyond it wait for you.`;

  return (
    <section aria-labelledby={`${ids}-title`} className="rounded-2xl border border-white/10 bg-ink-900 p-5 sm:p-6" data-testid="autopilot-panel">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <Heading id={`${ids}-title`} className="text-lg font-semibold text-white">
          Autopilot
        </Heading>
        <p className="text-sm text-slate-400" data-testid="autopilot-state">
          {on.length === 0 ? "Off" : `On for ${on.map((s) => s.label.toLowerCase()).join(", ")}`}
        </p>
      </div>
      <p className="mt-2 text-sm text-slate-300">
        Findings we are sure of are taken down as soon as they are found, with notices in our name as your authorized agent, and listed in an email. Findings we are less
        sure of (an image match alone, a page that only names you) always wait for you.
      </p>

      {missing === "plan" && (
        <div role="status" className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-300/30 bg-amber-300/10 px-4 py-3 text-sm text-amber-100">
          <p className="min-w-0 flex-1">Your plan shows results only: takedowns, and the autopilot, come with a paid plan.</p>
          <Link to={upgradeHref} className="rounded-md bg-amber-300/15 px-3 py-1.5 font-semibold hover:bg-amber-300/25">
            See plans
          </Link>
        </div>
      )}
      {missing === "ownership" && (
        <div role="status" className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-300/30 bg-amber-300/10 px-4 py-3 text-sm text-amber-100">
          <p className="min-w-0 flex-1">Prove that you own one of your stage names first: notices cite your verified profiles.</p>
          {onProveOwnership ? (
            <button type="button" onClick={onProveOwnership} className="rounded-md bg-amber-300/15 px-3 py-1.5 font-semibold hover:bg-amber-300/25">
              Prove ownership
            </button>
          ) : (
            <Link to="/dashboard/account#ownership" className="rounded-md bg-amber-300/15 px-3 py-1.5 font-semibold hover:bg-amber-300/25">
              Prove ownership
            </Link>
          )}
        </div>
      )}
      {missing === "authorization" &&
        (signing ? (
          <div className="mt-4">
            <AuthorizationForm view={a} onSigned={() => setSigning(false)} submitLabel="Sign the authorization" />
          </div>
        ) : (
          <div role="status" className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-300/30 bg-amber-300/10 px-4 py-3 text-sm text-amber-100">
            <p className="min-w-0 flex-1">Sign your authorization first: it lets us send notices for you as your agent, with or without your click.</p>
            <button type="button" onClick={() => setSigning(true)} className="rounded-md bg-amber-300/15 px-3 py-1.5 font-semibold hover:bg-amber-300/25">
              Sign the authorization
            </button>
          </div>
        ))}

      <fieldset className="mt-4 flex flex-col gap-2" disabled={put.isPending}>
        <legend className="sr-only">Take down automatically</legend>
        {switches.map((s) => {
          // Turning one off is always possible; turning one on waits for what is missing.
          const locked = !view[s.key] && missing !== null;
          return (
            <div key={s.key} className="flex items-start justify-between gap-4 rounded-xl border border-white/10 bg-white/[0.02] p-4">
              <label htmlFor={`${ids}-${s.key}`} className="min-w-0">
                <span className="block font-medium text-white">{s.label}</span>
                <span className="mt-0.5 block text-sm text-slate-400">{s.hint}</span>
              </label>
              <input
                id={`${ids}-${s.key}`}
                type="checkbox"
                role="switch"
                checked={view[s.key]}
                disabled={locked}
                onChange={(e) => toggle(s.key, e.target.checked)}
                className="mt-1 h-5 w-9 shrink-0 cursor-pointer accent-brand-600 disabled:cursor-not-allowed disabled:opacity-50"
              />
            </div>
          );
        })}
      </fieldset>
      {capNote && (
        <div role="status" className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-300/30 bg-amber-300/10 px-4 py-3 text-sm text-amber-100" data-testid="autopilot-cap">
          <p className="min-w-0 flex-1">{capNote}</p>
          <Link to="/dashboard/leaks" className="rounded-md bg-amber-300/15 px-3 py-1.5 font-semibold hover:bg-amber-300/25">
            Open your leaks
          </Link>
        </div>
      )}
      {missing === null && (
        <p className="mt-3 text-xs text-slate-400">
          {quota} {autopilotSoFar(view)}
        </p>
      )}
    </section>
  );
}
