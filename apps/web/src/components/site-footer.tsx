import { Link } from "react-router";
import { Logo } from "./logo";

const columns: { title: string; links: { to: string; label: string }[] }[] = [
  {
    title: "Product",
    links: [
      { to: "/pricing", label: "Pricing" },
      { to: "/blog", label: "Blog" },
      { to: "/about", label: "About" },
    ],
  },
  {
    title: "Platforms",
    links: [
      { to: "/onlyfans", label: "OnlyFans" },
      { to: "/fansly", label: "Fansly" },
      { to: "/chaturbate", label: "Chaturbate" },
      { to: "/reddit", label: "Reddit" },
    ],
  },
  {
    title: "Support",
    links: [
      { to: "/contact", label: "Help & Support" },
      { to: "/contact", label: "Contact Us" },
    ],
  },
  {
    title: "Legal",
    links: [
      { to: "/privacy", label: "Privacy Policy" },
      { to: "/terms", label: "Terms of Service" },
    ],
  },
];

export function SiteFooter() {
  return (
    <footer className="border-t border-white/10 bg-ink-950">
      <div className="mx-auto grid max-w-6xl gap-10 px-5 py-14 md:grid-cols-[1.4fr_repeat(4,1fr)]">
        <div className="max-w-xs">
          <Logo />
          <p className="mt-4 text-sm leading-relaxed text-slate-400">
            Leak removal and DMCA takedowns for content creators. For adults only: you must be 18 or older to use Leakwarden.
          </p>
        </div>
        {columns.map((col) => (
          <nav key={col.title} aria-label={col.title}>
            <h2 className="text-sm font-semibold text-white">{col.title}</h2>
            <ul className="mt-4 space-y-3">
              {col.links.map((l) => (
                <li key={l.label}>
                  <Link to={l.to} className="text-sm text-slate-400 hover:text-white focus-visible:outline-2 focus-visible:outline-brand-400">
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-white/5">
        <p className="mx-auto max-w-6xl px-5 py-6 text-xs text-slate-400" suppressHydrationWarning>© {new Date().getFullYear()} Leakwarden. All rights reserved.</p>
      </div>
    </footer>
  );
}
