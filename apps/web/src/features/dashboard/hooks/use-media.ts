import { useSyncExternalStore } from "react";

/** Below the spec's mobile breakpoint (768px) the drawer slides in over the page. */
export const NARROW_QUERY = "(max-width: 767.98px)";

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
