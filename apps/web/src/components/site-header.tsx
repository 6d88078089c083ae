import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { MenuIcon, CrossIcon } from "./icons";
import { Logo } from "./logo";

const SCROLL_THRESHOLD = 10;

/** Anchors point at the landing page's sections; on other pages they lead back to it. */
function anchor(onLanding: boolean, id: string) {
  return onLanding ? `#${id}` : `/#${id}`;
}

const navLink =
  "rounded-md px-3 py-2 text-sm font-medium text-slate-300 transition-colors hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400";
const primaryButton =
  "inline-flex items-center justify-center rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-lg shadow-brand-900/30 transition-colors hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400";

export function SiteHeader({ onLanding = false }: { onLanding?: boolean }) {
  const [scrolled, setScrolled] = useState(false);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > SCROLL_THRESHOLD);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setOpen(false);
        toggleRef.current?.focus();
      }
    };
    const onResize = () => {
      if (window.innerWidth >= 768) setOpen(false);
    };
    window.addEventListener("keydown", onKey);
    window.addEventListener("resize", onResize);
    return () => {
      window.removeEventListener("keydown", onKey);
      window.removeEventListener("resize", onResize);
    };
  }, [open]);

  const close = () => setOpen(false);

  return (
    <header
      data-scrolled={scrolled || undefined}
      className={`sticky top-0 z-40 border-b transition-[background-color,border-color,padding] duration-200 ${
        scrolled || open ? "border-white/10 bg-ink-950/90 py-2.5 backdrop-blur-md" : "border-transparent bg-transparent py-4 md:py-5"
      }`}
    >
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-5">
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          <a href={anchor(onLanding, "features")} className={navLink}>
            Features
          </a>
          <a href={anchor(onLanding, "product")} className={navLink}>
            Product
          </a>
          <Link to="/pricing" className={navLink}>
            Pricing
          </Link>
        </nav>
        <div className="hidden items-center gap-2 md:flex">
          <Link to="/signin" className={navLink}>
            Sign In
          </Link>
          <Link to="/signup" className={primaryButton}>
            Get Started
          </Link>
        </div>
        <button
          ref={toggleRef}
          type="button"
          className="-mr-2 inline-flex h-11 w-11 items-center justify-center rounded-lg text-slate-200 hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-brand-400 md:hidden"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? "Close menu" : "Open menu"}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? <CrossIcon className="h-6 w-6" /> : <MenuIcon />}
        </button>
      </div>
      <div id={menuId} hidden={!open} className="md:hidden">
        <nav aria-label="Mobile" className="mx-auto flex max-w-6xl flex-col gap-1 px-5 pt-3 pb-5">
          <a href={anchor(onLanding, "product")} onClick={close} className={`${navLink} py-3 text-base`}>
            Product
          </a>
          <a href={anchor(onLanding, "features")} onClick={close} className={`${navLink} py-3 text-base`}>
            Features
          </a>
          <a href={anchor(onLanding, "platforms")} onClick={close} className={`${navLink} py-3 text-base`}>
            Marketplace
          </a>
          <Link to="/pricing" onClick={close} className={`${navLink} py-3 text-base`}>
            Pricing
          </Link>
          <div className="mt-3 grid grid-cols-2 gap-3">
            {/* The spec sends both of the menu's buttons to sign-up. */}
            <Link
              to="/signup"
              onClick={close}
              className="inline-flex items-center justify-center rounded-lg border border-white/15 px-4 py-3 text-sm font-semibold text-white hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-brand-400"
            >
              Login
            </Link>
            <Link to="/signup" onClick={close} className={`${primaryButton} py-3`}>
              Try Free
            </Link>
          </div>
        </nav>
      </div>
    </header>
  );
}
