import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False in prerendered HTML and while React takes it over, true once the page responds. Forms use
 * it so that nothing can be submitted (natively, with the password in the URL) before their code runs.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
