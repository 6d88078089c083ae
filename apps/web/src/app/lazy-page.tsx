import { lazy, useState, type ComponentType } from "react";

export interface LazyPage {
  (): React.JSX.Element;
  /** Loads the page's code; once loaded, the page renders without suspending (hydration, prerendering). */
  preload(): Promise<unknown>;
}

/** A route component loaded on demand, in its own chunk. */
export function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): LazyPage {
  let loaded: ComponentType | undefined;
  let pending: Promise<ComponentType> | undefined;
  const preload = () =>
    (pending ??= load().then((module) => {
      loaded = module[name] as ComponentType;
      return loaded;
    }));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Page() {
    // Chosen once per mount, so a page never switches component (and loses its state) mid-life.
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Component />;
  }
  Page.preload = preload;
  return Page;
}
