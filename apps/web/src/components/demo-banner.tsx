import { useSiteConfig } from "../lib/site-config";

/**
 * Only in the demo process (`npm run demo`): every page says that scans search a built-in
 * fictional web. In the page's flow at the top, so it never covers a control; right-aligned on
 * wide screens, where the dashboard's menu covers the left edge.
 */
export function DemoBanner() {
  const config = useSiteConfig();
  if (!config?.demo) return null;
  return (
    <aside aria-label="Demo mode" className="bg-amber-300 px-4 py-2 text-center text-sm font-medium text-slate-950 md:px-6 md:text-right">
      <strong className="font-semibold">Demo mode</strong> — scans search a built-in fictional web, not the internet
    </aside>
  );
}
