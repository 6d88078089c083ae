import { useEffect, useId, useState, type ReactNode } from "react";
import { Link, NavLink, useNavigate } from "react-router";
import { LogoMark } from "../../../components/logo";
import { paths } from "../../../config/paths";
import { drawerGroups, dashboardSections, sectionHref, stepsDone, type DashboardSectionId, type ProfileSteps } from "../dashboard-sections";
import { NARROW_QUERY, useMediaQuery } from "../hooks/use-media";
import { useScrolled } from "../hooks/use-scrolled";
import { NavIcon } from "./nav-icons";
import { UserMenu } from "./user-menu";

interface DashboardShellProps {
  section: DashboardSectionId;
  /** The name, or the email when there is none. */
  userLabel: string;
  /** get-user's subscription_name; null: no subscription; undefined: not known yet. */
  planName: string | null | undefined;
  /** Null while they load. */
  steps: ProfileSteps | null;
  onLogOut: () => Promise<void>;
  children: ReactNode;
}

const itemBase =
  "flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400";
/** The drawer's foot (Log out, Support, Contact Us): three to a row, each label on one line. */
const footerItem =
  "flex flex-col items-center gap-1 rounded-lg px-1 py-2.5 text-center text-xs font-medium whitespace-nowrap text-slate-300 transition-colors hover:bg-white/5 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400";

export function DashboardShell({ section, userLabel, planName, steps, onLogOut, children }: DashboardShellProps) {
  const narrow = useMediaQuery(NARROW_QUERY);
  const [open, setOpen] = useState(!narrow);
  const scrolled = useScrolled();
  const navigate = useNavigate();
  const drawerId = useId();
  const [loggingOut, setLoggingOut] = useState(false);

  // Narrow screens start closed; wide ones open.
  useEffect(() => setOpen(!narrow), [narrow]);

  useEffect(() => {
    if (!(narrow && open)) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [narrow, open]);

  const afterPick = () => {
    if (narrow) setOpen(false);
  };
  const go = (id: DashboardSectionId) => {
    afterPick();
    navigate(sectionHref(id));
  };
  const logOut = async () => {
    setLoggingOut(true);
    try {
      await onLogOut();
    } finally {
      setLoggingOut(false);
    }
  };

  const done = steps ? stepsDone(steps) : null;
  const title = dashboardSections[section].label;

  return (
    <div className="min-h-dvh bg-ink-950">
      {narrow && open && (
        <button type="button" aria-label="Close menu" tabIndex={-1} onClick={() => setOpen(false)} className="fixed inset-0 z-40 bg-black/60 backdrop-blur-[2px]" />
      )}
      <aside
        id={drawerId}
        aria-label="Dashboard menu"
        inert={!open}
        className={`fixed inset-y-0 left-0 z-50 flex w-[85%] flex-col border-r border-white/10 bg-ink-900 transition-transform duration-200 ease-out md:w-72 ${
          open ? "translate-x-0" : "-translate-x-full"
        }`}
      >
        <div className="flex h-16 shrink-0 items-center gap-2 px-5">
          <Link to="/" className="flex items-center gap-2 rounded-md font-semibold tracking-tight text-white focus-visible:outline-2 focus-visible:outline-brand-400">
            <LogoMark />
            <span className="text-lg">Leakwarden</span>
          </Link>
        </div>
        <nav aria-label="Dashboard" className="flex-1 overflow-y-auto px-3 pb-4">
          {drawerGroups.map((group) => (
            <div key={group.title} className="mt-4 first:mt-1">
              <h2 className="px-3 pb-1.5 text-xs font-semibold tracking-wider text-slate-400 uppercase">{group.title}</h2>
              <ul className="flex flex-col gap-0.5">
                {group.items.map((id) => (
                  <li key={id}>
                    <NavLink
                      to={sectionHref(id)}
                      end
                      onClick={afterPick}
                      className={({ isActive }) =>
                        `${itemBase} ${isActive ? "bg-brand-600/15 text-white ring-1 ring-brand-500/30" : "text-slate-300 hover:bg-white/5 hover:text-white"}`
                      }
                    >
                      <NavIcon name={id} className="h-5 w-5 shrink-0 opacity-80" />
                      {dashboardSections[id].label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <div className="flex shrink-0 flex-col gap-2 border-t border-white/10 p-3">
          <button
            type="button"
            onClick={() => go("upgrade")}
            className="rounded-xl border border-white/10 bg-white/[0.03] p-3 text-left hover:bg-white/[0.06] focus-visible:outline-2 focus-visible:outline-brand-400"
          >
            <span className="flex items-center justify-between text-sm font-semibold text-white">
              Complete Profile
              <span className="text-slate-300" data-testid="profile-steps">
                {done === null ? "… / 4" : `${done} / 4`}
              </span>
            </span>
            <span
              className="mt-2 block h-1.5 overflow-hidden rounded-full bg-white/10"
              role="progressbar"
              aria-label="Profile completion"
              aria-valuemin={0}
              aria-valuemax={4}
              aria-valuenow={done ?? 0}
            >
              <span className="block h-full rounded-full bg-brand-500 transition-[width]" style={{ width: `${((done ?? 0) / 4) * 100}%` }} />
            </span>
          </button>
          {planName === undefined ? (
            <span className="h-9 animate-pulse rounded-lg bg-white/[0.06]" aria-hidden="true" />
          ) : (
            <button
              type="button"
              onClick={() => go(planName ? "billing" : "upgrade")}
              className={`rounded-lg px-3 py-2 text-center text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400 ${
                planName ? "bg-emerald-400/10 text-emerald-200 ring-1 ring-emerald-400/30" : "bg-brand-600 text-white hover:bg-brand-700"
              }`}
            >
              {planName ? `${planName} Plan` : "Upgrade Your Plan"}
            </button>
          )}
          <div className="grid grid-cols-3 gap-1 pt-1">
            <button type="button" onClick={() => void logOut()} disabled={loggingOut} className={footerItem}>
              <NavIcon name="logout" />
              {loggingOut ? "Logging out..." : "Log out"}
            </button>
            {/* DESIGN §2: Support and Contact Us open the support page (the spec's onboarding reset and empty link were template leftovers). */}
            <Link to={paths.contact} onClick={afterPick} className={footerItem}>
              <NavIcon name="support" />
              Support
            </Link>
            <Link to={paths.contact} onClick={afterPick} className={footerItem}>
              <NavIcon name="contact" />
              Contact Us
            </Link>
          </div>
        </div>
      </aside>

      <div className={`flex min-h-dvh flex-col transition-[padding] duration-200 ${open && !narrow ? "md:pl-72" : ""}`}>
        <header
          data-scrolled={scrolled}
          className={`sticky top-0 z-30 flex h-16 items-center gap-3 px-4 transition-colors sm:px-6 ${
            scrolled ? "border-b border-white/10 bg-ink-950/85 shadow-lg shadow-black/30 backdrop-blur" : "border-b border-transparent bg-ink-950"
          }`}
        >
          <button
            type="button"
            aria-label={open ? "Close menu" : "Open menu"}
            aria-expanded={open}
            aria-controls={drawerId}
            onClick={() => setOpen((o) => !o)}
            className="grid h-10 w-10 shrink-0 place-items-center rounded-lg text-slate-200 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-brand-400"
          >
            <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" aria-hidden="true">
              <path d="M4 7h16M4 12h16M4 17h16" />
            </svg>
          </button>
          <h1 className="line-clamp-2 min-w-0 flex-1 text-base leading-tight font-semibold text-white sm:line-clamp-1 sm:text-xl">{title}</h1>
          <UserMenu label={userLabel} onMyAccount={() => go("account")} onSettings={() => navigate(paths.settings)} onSignOut={() => void logOut()} />
        </header>
        <main className="mx-auto w-full max-w-6xl flex-1 px-4 pt-4 pb-16 sm:px-6">{children}</main>
      </div>
    </div>
  );
}
