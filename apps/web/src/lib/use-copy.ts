import { useCallback, useEffect, useState } from "react";

export type CopyState = "idle" | "copied" | "failed";

/** Copies through the Clipboard API; without it (or refused), selects the shown text and asks the browser to copy it. */
export async function copyText(text: string, shown: HTMLElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Selecting the text below is the fallback.
  }
  if (!shown) return false;
  if (shown instanceof HTMLTextAreaElement || shown instanceof HTMLInputElement) {
    shown.select();
  } else {
    const range = document.createRange();
    range.selectNodeContents(shown);
    const selection = window.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
  }
  try {
    return document.execCommand("copy");
  } catch {
    return false;
  }
}

/** The state of a Copy button: 'copied' or 'failed' for a moment after a click, then idle again. */
export function useCopy() {
  const [state, setState] = useState<CopyState>("idle");

  useEffect(() => {
    if (state === "idle") return;
    const t = window.setTimeout(() => setState("idle"), 2500);
    return () => window.clearTimeout(t);
  }, [state]);

  const copy = useCallback(async (text: string, shown: HTMLElement | null) => {
    setState((await copyText(text, shown)) ? "copied" : "failed");
  }, []);

  return { state, copy };
}
