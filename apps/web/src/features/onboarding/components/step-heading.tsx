import { useEffect, useRef, type ReactNode } from "react";

/** A step's title; it takes the focus when the step changes so that readers hear where they are. */
export function StepHeading({ children, focusOnMount, eyebrow }: { children: ReactNode; focusOnMount: boolean; eyebrow?: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) ref.current?.focus();
  }, [focusOnMount]);
  return (
    <div>
      {eyebrow && <p className="mb-2 text-sm font-semibold text-brand-300">{eyebrow}</p>}
      <h1 ref={ref} tabIndex={-1} className="text-2xl font-bold tracking-tight text-white focus:outline-none sm:text-3xl">
        {children}
      </h1>
    </div>
  );
}
