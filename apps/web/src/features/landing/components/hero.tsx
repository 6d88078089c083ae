import { Link } from "react-router";
import { GoogleButton } from "../../../components/google-button";

const platforms = ["OnlyFans", "Fansly", "Patreon", "ManyVids", "Fanvue", "LoyalFans", "Chaturbate", "Reddit", "Instagram", "TikTok"];

function AlertsPanel() {
  return (
    <figure className="relative mx-auto w-full max-w-sm lg:mx-0" aria-labelledby="alerts-caption">
      <div className="absolute -inset-6 -z-10 rounded-[2rem] bg-brand-600/20 blur-3xl" aria-hidden="true" />
      <div className="rounded-2xl border border-white/10 bg-ink-900/90 p-5 shadow-2xl shadow-black/40">
        <div className="flex items-center justify-between">
          <p className="text-sm font-semibold text-white">Alerts</p>
          <span className="rounded-full bg-white/5 px-2.5 py-1 text-xs text-slate-300">Example</span>
        </div>
        <div className="mt-4 rounded-xl bg-ink-800 p-4">
          <p className="text-xs tracking-wide text-slate-400 uppercase">Not Collected</p>
          <p className="mt-1 text-3xl font-bold text-white">$4,870</p>
          <p className="mt-1 text-xs text-slate-400">Estimated sales lost to leaked copies</p>
        </div>
        <ul className="mt-3 space-y-3">
          <li className="flex items-center justify-between rounded-xl bg-ink-800 p-4">
            <span className="flex items-center gap-3">
              <span className="h-2.5 w-2.5 rounded-full bg-brand-500" aria-hidden="true" />
              <span className="text-sm text-slate-200">+120 New Leak Found</span>
            </span>
            <span className="text-xs text-slate-400">today</span>
          </li>
          <li className="flex items-center justify-between rounded-xl bg-ink-800 p-4">
            <span className="flex items-center gap-3">
              <span className="h-2.5 w-2.5 rounded-full bg-emerald-400" aria-hidden="true" />
              <span className="text-sm text-slate-200">+5 Auto Report Send</span>
            </span>
            <span className="text-xs text-slate-400">2 min ago</span>
          </li>
        </ul>
      </div>
      <figcaption id="alerts-caption" className="mt-3 text-center text-xs text-slate-400 lg:text-left">
        Illustration of the alerts you receive, not live figures.
      </figcaption>
    </figure>
  );
}

export function Hero() {
  return (
    <section className="relative overflow-hidden">
      <div
        className="pointer-events-none absolute inset-x-0 -top-40 -z-10 h-[36rem] bg-[radial-gradient(ellipse_at_top,rgba(225,29,72,0.28),transparent_60%)]"
        aria-hidden="true"
      />
      <div className="mx-auto grid max-w-6xl items-center gap-14 px-5 pt-10 pb-16 md:pt-16 lg:grid-cols-[1.15fr_1fr] lg:pb-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-500/30 bg-brand-500/10 px-3 py-1 text-sm font-medium text-brand-300">
            <span className="h-1.5 w-1.5 rounded-full bg-brand-400" aria-hidden="true" />
            Advanced DMCA Takedowns
          </p>
          <h1 className="mt-6 text-4xl leading-[1.05] font-bold tracking-tight text-balance text-white sm:text-5xl lg:text-6xl">
            Remove content leaks in minutes
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-slate-300">
            Leakwarden finds leaked copies of your paid content, sends DMCA takedown notices on your behalf and checks that every link comes
            down. Then it keeps watching.
          </p>
          <div className="mt-8 flex max-w-md flex-col gap-3 sm:flex-row">
            <Link
              to="/signup"
              className="inline-flex flex-1 items-center justify-center rounded-lg bg-brand-600 px-5 py-3 font-semibold whitespace-nowrap text-white shadow-lg shadow-brand-900/40 hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400"
            >
              Get Your Free Scan
            </Link>
            <div className="flex-1">
              <GoogleButton label="Signup with Google" className="whitespace-nowrap" />
            </div>
          </div>
          <p className="mt-4 text-sm text-slate-400">No credit card required.</p>
        </div>
        <AlertsPanel />
      </div>
      <div id="platforms" className="border-y border-white/5 bg-white/[0.02]">
        <div className="mx-auto max-w-6xl px-5 py-6">
          <h2 className="text-center text-xs font-semibold tracking-[0.2em] text-slate-400 uppercase">Protecting creators on</h2>
          <ul className="mt-4 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm font-medium text-slate-300">
            {platforms.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
