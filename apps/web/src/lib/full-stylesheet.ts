// A prerendered page carries only the style rules it can use itself, and names the whole stylesheet
// in <meta name="full-stylesheet">. Any other page needs the whole sheet: loaded once, the first
// time the app leaves the prerendered page. The shell for every other route links it from the start.

let pending: Promise<void> | undefined;
let ready = false;

function stylesheetToLoad(): string | undefined {
  return document.querySelector<HTMLMetaElement>('meta[name="full-stylesheet"]')?.content || undefined;
}

/** Loads the whole stylesheet once; settles when it applies (or failed to load: pages stay usable). */
export function loadFullStylesheet(): Promise<void> {
  if (pending) return pending;
  const href = stylesheetToLoad();
  if (!href) {
    ready = true;
    pending = Promise.resolve();
    return pending;
  }
  pending = new Promise<void>((resolve) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.onload = link.onerror = () => {
      ready = true;
      resolve();
    };
    document.head.append(link);
  });
  return pending;
}

/** Whether a page at `pathname` can be shown with the styles loaded so far. */
export function stylesReadyFor(pathname: string): boolean {
  if (ready || typeof document === "undefined") return true;
  const prerendered = document.getElementById("root")?.dataset.prerendered;
  if (prerendered === pathname) return true;
  loadFullStylesheet();
  return ready;
}
