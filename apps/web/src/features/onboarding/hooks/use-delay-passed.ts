import { useEffect, useState } from "react";

/** True once `ms` have passed since `active` became true; false again whenever it is not active. */
export function useDelayPassed(ms: number, active: boolean): boolean {
  const [passed, setPassed] = useState(false);
  const [wasActive, setWasActive] = useState(active);
  if (wasActive !== active) {
    setWasActive(active);
    setPassed(false);
  }
  useEffect(() => {
    if (!active) return;
    const timer = window.setTimeout(() => setPassed(true), ms);
    return () => window.clearTimeout(timer);
  }, [ms, active]);
  return active && passed;
}
