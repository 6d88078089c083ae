import { Link } from "react-router";
import { CheckIcon, ShieldIcon } from "../../../components/icons";
import { ApiError } from "../../../lib/api-client";
import { usePublicCode } from "../api/get-public-code";
import { stageNameAddress } from "../platform-labels";
import { formatMonthYear } from "../../../lib/format";


/** The page behind the snippet's link: whose code this is and that their content is protected. */
export function PublicCodeCard({ code }: { code: string }) {
  const query = usePublicCode(code);

  if (query.isPending) {
    return (
      <div role="status" className="flex justify-center py-16">
        <span className="h-8 w-8 animate-spin rounded-full border-2 border-white/15 border-t-brand-500" aria-hidden="true" />
        <span className="sr-only">Loading…</span>
      </div>
    );
  }

  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className="flex flex-col items-center gap-4 text-center">
        <h1 className="text-3xl font-bold tracking-tight text-white">{notFound ? "Unknown code" : "This page could not be loaded"}</h1>
        <p className="max-w-md text-slate-400">
          {notFound
            ? `No creator protected by Leakwarden uses the code “${code}”. Check the address in the bio you came from.`
            : "Please try again in a moment."}
        </p>
        <Link to="/" className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400">
          About Leakwarden
        </Link>
      </div>
    );
  }

  const { verifiedProfiles, since } = query.data;
  return (
    <div className="flex flex-col items-center gap-6 text-center">
      <span className="inline-flex h-16 w-16 items-center justify-center rounded-2xl bg-brand-600/15 text-brand-300" aria-hidden="true">
        <ShieldIcon className="h-9 w-9" />
      </span>
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-white sm:text-4xl">This creator’s content is protected</h1>
        <p className="mx-auto mt-3 max-w-lg text-slate-400">
          The code <span className="font-mono text-slate-200">{code}</span> belongs to a creator who has protected their content with Leakwarden since{" "}
          {formatMonthYear(since)}. Copies shared without permission are found and taken down under the DMCA.
        </p>
      </div>
      <section aria-labelledby="verified-profiles" className="w-full max-w-md rounded-2xl border border-white/10 bg-ink-900 p-5 text-left">
        <h2 id="verified-profiles" className="text-sm font-semibold tracking-wide text-slate-400 uppercase">
          Verified profiles
        </h2>
        {verifiedProfiles.length === 0 ? (
          <p className="mt-3 text-sm text-slate-300">This creator has not verified a profile with this code yet.</p>
        ) : (
          <ul className="mt-3 flex flex-col gap-2">
            {verifiedProfiles.map((p) => {
              const address = stageNameAddress(p.platform, p.username);
              return (
                <li key={`${p.platform}/${p.username}`} className="flex items-center gap-3 text-sm">
                  <CheckIcon className="h-4 w-4 shrink-0 text-emerald-400" />
                  {p.profileUrl ? (
                    <a href={p.profileUrl} target="_blank" rel="noopener noreferrer" className="min-w-0 [overflow-wrap:anywhere] text-white underline-offset-2 hover:underline">
                      {address.text}
                      <span className="sr-only"> (opens in a new tab)</span>
                    </a>
                  ) : (
                    <span className="min-w-0 [overflow-wrap:anywhere] text-white">{address.text}</span>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <p className="text-sm text-slate-400">
        Are you a creator?{" "}
        <Link to="/" className="font-semibold text-brand-300 underline underline-offset-2 hover:text-brand-400">
          Protect your content too
        </Link>
      </p>
    </div>
  );
}
