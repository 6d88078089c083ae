import { messages } from "@leakwarden/contracts/validation-messages";
import type { ReactNode } from "react";
import { ErrorBoundary } from "react-error-boundary";
import { useLocation } from "react-router";
import { MessagePage, messagePageAction } from "./message-page";

const reload = () => window.location.reload();

/**
 * What a page that cannot be shown says instead (its code did not arrive, or it failed while
 * rendering): the generic message and a way to try again. Reloading is the retry that works for
 * both: a lazy page whose code failed to load keeps that failure until the document is reloaded.
 */
export function PageError() {
  return (
    <MessagePage>
      <h1 className="text-2xl font-semibold text-white">Something went wrong</h1>
      <p role="alert" className="max-w-sm text-slate-300">
        {messages.unexpectedError}
      </p>
      <button type="button" onClick={reload} className={messagePageAction}>
        Try again
      </button>
    </MessagePage>
  );
}

/** Catches a page's failure so the rest of the app keeps working; leaving the page clears it. */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary fallback={<PageError />} resetKeys={[pathname]}>
      {children}
    </ErrorBoundary>
  );
}

/**
 * A prerendered page whose code did not arrive stays readable but cannot respond: a bar above it
 * says so. Rendered by main.tsx into its own element, outside the page React could not take over.
 */
export function CodeLoadFailedNotice() {
  return (
    <div role="alert" className="sticky top-0 z-50 flex flex-wrap items-center justify-center gap-3 bg-red-600 px-4 py-3 text-center text-sm font-medium text-white">
      <span>{messages.unexpectedError}</span>
      <button
        type="button"
        onClick={reload}
        className="rounded-md bg-white px-3 py-1 font-semibold text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        Try again
      </button>
    </div>
  );
}
