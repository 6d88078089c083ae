import { Link } from "react-router";
import { Logo } from "./logo";

export function NotFound() {
  return (
    <div className="flex min-h-dvh flex-col">
      <div className="mx-auto w-full max-w-6xl px-5 py-5">
        <Logo />
      </div>
      <main className="flex flex-1 flex-col items-center justify-center gap-6 px-6 pb-24 text-center">
        <p className="bg-gradient-to-b from-brand-400 to-brand-700 bg-clip-text text-7xl font-bold text-transparent">404</p>
        <h1 className="text-2xl font-semibold text-white">Page not found</h1>
        <p className="max-w-sm text-slate-400">This page does not exist or has moved.</p>
        <Link
          to="/"
          className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400"
        >
          Go Home
        </Link>
      </main>
    </div>
  );
}
