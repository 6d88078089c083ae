import { normalizeUsername, usernameProblem, WEBSITE_PLATFORM_ID, type Platform } from "@leakwarden/contracts/platforms";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { PlatformPicker } from "./platform-picker";

/** What became of an add: added, refused with a message for the field, or refused and explained elsewhere. */
export type AddOutcome = { status: "added" } | { status: "error"; message: string } | { status: "refused" };

export const CHOOSE_PLATFORM_MESSAGE = "Choose a platform first.";

interface StageNameRowProps {
  /** How many stage names there are: the row starts over whenever the list grows. */
  entryCount: number;
  onAdd: (platform: Platform, username: string) => Promise<AddOutcome>;
}

/**
 * The username row of the wizard and the identity page: a platform and a username. The Add button
 * appears once text is typed; choosing a platform clears the typed username; the username is
 * checked against the platform's rules before it is sent.
 */
export function StageNameRow({ entryCount, onAdd }: StageNameRowProps) {
  const [platform, setPlatform] = useState<Platform | null>(null);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [generation, setGeneration] = useState(0);
  const [lastCount, setLastCount] = useState(entryCount);
  const inputRef = useRef<HTMLInputElement>(null);
  const pickerRef = useRef<HTMLButtonElement>(null);
  const focusPickerNext = useRef(false);
  const id = useId();
  const errorId = `${id}-error`;

  // The list grew: start over with no platform and no text (the picker resets too).
  if (entryCount !== lastCount) {
    setLastCount(entryCount);
    if (entryCount > lastCount) {
      setPlatform(null);
      setText("");
      setError(null);
      setGeneration((g) => g + 1);
    }
  }

  useEffect(() => {
    if (focusPickerNext.current) {
      focusPickerNext.current = false;
      pickerRef.current?.focus();
    }
  }, [generation]);

  function choosePlatform(p: Platform) {
    setPlatform(p);
    setText("");
    setError(null);
    requestAnimationFrame(() => inputRef.current?.focus());
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy || text.trim() === "") return;
    if (!platform) {
      setError(CHOOSE_PLATFORM_MESSAGE);
      return;
    }
    const username = normalizeUsername(platform, text);
    const problem = usernameProblem(platform, username);
    if (problem) {
      setError(problem);
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const outcome = await onAdd(platform, username);
      if (outcome.status === "added") focusPickerNext.current = true;
      else if (outcome.status === "error") setError(outcome.message);
    } finally {
      setBusy(false);
    }
  }

  const isWebsite = platform?.id === WEBSITE_PLATFORM_ID;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2" aria-label="Add an account">
      <div className="flex flex-col gap-2 sm:flex-row">
        <PlatformPicker key={generation} value={platform} onChange={choosePlatform} buttonRef={pickerRef} describedBy={error === CHOOSE_PLATFORM_MESSAGE ? errorId : undefined} />
        <div className="flex min-w-0 flex-1 gap-2">
          <label htmlFor={`${id}-username`} className="sr-only">
            {isWebsite ? "Your website's domain" : platform ? `Username on ${platform.name}` : "Username"}
          </label>
          <input
            ref={inputRef}
            id={`${id}-username`}
            type="text"
            inputMode={isWebsite ? "url" : "text"}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="your-username"
            value={text}
            maxLength={300}
            onChange={(e) => {
              setText(e.target.value);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="h-11 min-w-0 flex-1 rounded-lg border border-white/15 bg-ink-900 px-3 text-sm text-white placeholder:text-slate-400 focus-visible:border-brand-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400 aria-invalid:border-brand-400"
          />
          {text.trim() !== "" && (
            <button
              type="submit"
              disabled={busy}
              className="h-11 shrink-0 rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white transition-colors hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400 disabled:opacity-70"
            >
              {busy ? "Adding…" : "Add"}
            </button>
          )}
        </div>
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-brand-300">
          {error}
        </p>
      )}
    </form>
  );
}
