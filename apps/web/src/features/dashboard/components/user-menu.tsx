import { useEffect, useId, useRef, useState } from "react";

interface UserMenuProps {
  label: string;
  onMyAccount: () => void;
  onSettings: () => void;
  onSignOut: () => void;
}

/** The top bar's name (or email) with its dropdown: My Account, Settings, Sign Out. */
export function UserMenu({ label, onMyAccount, onSettings, onSignOut }: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    ref.current?.querySelector<HTMLButtonElement>("[role=menuitem]")?.focus();
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  const choose = (action: () => void) => () => {
    setOpen(false);
    action();
  };
  const item = "block w-full rounded-md px-3 py-2 text-left text-sm text-slate-200 hover:bg-white/10 focus-visible:bg-white/10 focus-visible:outline-none";

  return (
    <div ref={ref} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
        className="flex max-w-[8rem] items-center gap-2 rounded-full border border-white/10 bg-white/[0.04] py-1 pr-3 pl-1 text-sm text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-brand-400 sm:max-w-[16rem]"
      >
        <span aria-hidden="true" className="grid h-7 w-7 shrink-0 place-items-center rounded-full bg-brand-600 text-xs font-bold uppercase">
          {label.slice(0, 1)}
        </span>
        <span className="truncate">{label}</span>
        <svg viewBox="0 0 24 24" className="h-4 w-4 shrink-0 text-slate-400" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
          <path d="m6 9 6 6 6-6" />
        </svg>
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label="Account menu"
          onKeyDown={(e) => {
            if (e.key !== "ArrowDown" && e.key !== "ArrowUp") return;
            e.preventDefault();
            const items = [...(ref.current?.querySelectorAll<HTMLButtonElement>("[role=menuitem]") ?? [])];
            const i = items.indexOf(document.activeElement as HTMLButtonElement);
            items[(i + (e.key === "ArrowDown" ? 1 : items.length - 1)) % items.length]?.focus();
          }}
          className="absolute right-0 z-40 mt-2 w-48 rounded-xl border border-white/10 bg-ink-800 p-1.5 shadow-2xl shadow-black/50"
        >
          <button type="button" role="menuitem" className={item} onClick={choose(onMyAccount)}>
            My Account
          </button>
          <button type="button" role="menuitem" className={item} onClick={choose(onSettings)}>
            Settings
          </button>
          <button type="button" role="menuitem" className={`${item} text-brand-300`} onClick={choose(onSignOut)}>
            Sign Out
          </button>
        </div>
      )}
    </div>
  );
}
