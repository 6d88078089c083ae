import { platforms, type Platform } from "@leakwarden/contracts/platforms";
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type Ref, type RefObject } from "react";
import { ChevronIcon } from "../../../components/icons";
import { platformLabel } from "../platform-labels";

/** Under this much room below the button, the list opens upward (spec §9). */
export const OPEN_UPWARD_BELOW_PX = 250;

interface PlatformPickerProps {
  value: Platform | null;
  onChange: (platform: Platform) => void;
  disabled?: boolean;
  /** Ids of elements that describe the choice (an error message). */
  describedBy?: string;
  buttonRef?: Ref<HTMLButtonElement>;
}

/**
 * A listbox of the spec's platforms. Opens on click, Enter, Space or the arrow keys; picks with
 * Enter, Space or a click; closes on Escape, Tab or a click outside; jumps by first letter.
 */
export function PlatformPicker({ value, onChange, disabled = false, describedBy, buttonRef }: PlatformPickerProps) {
  const [open, setOpen] = useState(false);
  const [upward, setUpward] = useState(false);
  const [active, setActive] = useState(0);
  const containerRef = useRef<HTMLDivElement>(null);
  const ownButtonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const id = useId();
  const labelId = `${id}-label`;
  const buttonId = `${id}-button`;
  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-option-${i}`;

  const setButtonRef = (el: HTMLButtonElement | null) => {
    ownButtonRef.current = el;
    if (typeof buttonRef === "function") buttonRef(el);
    else if (buttonRef) (buttonRef as RefObject<HTMLButtonElement | null>).current = el;
  };

  // Closes on a click outside.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (e: PointerEvent | MouseEvent) => {
      if (containerRef.current && !containerRef.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", onPointerDown);
    return () => document.removeEventListener("mousedown", onPointerDown);
  }, [open]);

  useLayoutEffect(() => {
    if (!open) return;
    listRef.current?.focus();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const el = document.getElementById(`${id}-option-${active}`);
    if (el && typeof el.scrollIntoView === "function") el.scrollIntoView({ block: "nearest" });
  }, [open, active, id]);

  function openList(start?: number) {
    const rect = ownButtonRef.current?.getBoundingClientRect();
    setUpward(rect ? window.innerHeight - rect.bottom < OPEN_UPWARD_BELOW_PX : false);
    const selected = value ? platforms.findIndex((p) => p.id === value.id) : -1;
    setActive(start ?? (selected >= 0 ? selected : 0));
    setOpen(true);
  }

  function close(focusButton: boolean) {
    setOpen(false);
    if (focusButton) ownButtonRef.current?.focus();
  }

  function choose(index: number) {
    const platform = platforms[index];
    if (platform) onChange(platform);
    close(true);
  }

  function onButtonKeyDown(e: KeyboardEvent<HTMLButtonElement>) {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      openList();
    }
  }

  function onListKeyDown(e: KeyboardEvent<HTMLUListElement>) {
    const last = platforms.length - 1;
    switch (e.key) {
      case "ArrowDown":
        e.preventDefault();
        setActive((i) => Math.min(last, i + 1));
        return;
      case "ArrowUp":
        e.preventDefault();
        setActive((i) => Math.max(0, i - 1));
        return;
      case "Home":
        e.preventDefault();
        setActive(0);
        return;
      case "End":
        e.preventDefault();
        setActive(last);
        return;
      case "Enter":
      case " ":
        e.preventDefault();
        choose(active);
        return;
      case "Escape":
        e.preventDefault();
        e.stopPropagation();
        close(true);
        return;
      case "Tab":
        setOpen(false);
        return;
      default:
        if (e.key.length === 1 && /\S/.test(e.key)) {
          const letter = e.key.toLowerCase();
          const order = [...platforms.slice(active + 1), ...platforms.slice(0, active + 1)];
          const next = order.find((p) => platformLabel(p).toLowerCase().startsWith(letter));
          if (next) setActive(platforms.indexOf(next));
        }
    }
  }

  return (
    <div ref={containerRef} className="relative w-full sm:w-52 sm:shrink-0">
      <span id={labelId} className="sr-only">
        Platform
      </span>
      <button
        ref={setButtonRef}
        id={buttonId}
        type="button"
        disabled={disabled}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-labelledby={`${labelId} ${buttonId}`}
        aria-describedby={describedBy}
        onClick={() => (open ? close(false) : openList())}
        onKeyDown={onButtonKeyDown}
        className="flex h-11 w-full items-center justify-between gap-2 rounded-lg border border-white/15 bg-ink-900 px-3 text-left text-sm text-white transition-colors hover:border-white/25 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400 disabled:opacity-60"
      >
        <span className={value ? "truncate" : "truncate text-slate-400"}>{value ? platformLabel(value) : "Choose platform"}</span>
        <ChevronIcon className={`h-4 w-4 shrink-0 text-slate-400 transition-transform ${open ? "rotate-180" : ""}`} />
      </button>
      {open && (
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          tabIndex={-1}
          aria-labelledby={labelId}
          aria-activedescendant={optionId(active)}
          onKeyDown={onListKeyDown}
          data-placement={upward ? "top" : "bottom"}
          className={`absolute left-0 z-30 max-h-60 w-full min-w-52 overflow-y-auto overscroll-contain rounded-lg border border-white/15 bg-ink-800 p-1 shadow-2xl shadow-black/50 focus:outline-none ${
            upward ? "bottom-full mb-1" : "top-full mt-1"
          }`}
        >
          {platforms.map((p, i) => {
            const selected = value?.id === p.id;
            return (
              <li
                key={p.id}
                id={optionId(i)}
                role="option"
                aria-selected={selected}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(i)}
                onMouseEnter={() => setActive(i)}
                className={`flex cursor-pointer items-center justify-between rounded-md px-3 py-2 text-sm ${
                  i === active ? "bg-brand-600 text-white" : "text-slate-200"
                }`}
              >
                <span>{platformLabel(p)}</span>
                {selected && <span aria-hidden="true">✓</span>}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
