import { useEffect, useId, useRef, type ReactNode } from "react";

export type DialogSize = "sm" | "md" | "lg";

const widths: Record<DialogSize, string> = { sm: "max-w-md", md: "max-w-xl", lg: "max-w-2xl" };

interface ModalDialogProps {
  title: ReactNode;
  /** The width it grows to: sm for a question, md for a short form, lg for a review of several items. */
  size?: DialogSize;
  /** Called once it has closed: by a button, Escape, or a click on the backdrop. */
  onClose: () => void;
  /** The body; `close` closes it (then onClose runs). */
  children: (close: () => void) => ReactNode;
  /** The id of the element that says what the dialog is about, read with its title. */
  describedBy?: string;
  /** A dialog that must be answered (a payment change being made): Escape and the backdrop do not close it. */
  busy?: boolean;
  "data-testid"?: string;
}

/**
 * The one modal dialog of the app: the native <dialog> opened with showModal() as it mounts, so
 * the browser traps focus, makes the page behind it inert, closes it on Escape and returns focus
 * to the button that opened it. Named by its title; a click on the backdrop closes it.
 */
export function ModalDialog({ title, size = "sm", onClose, children, describedBy, busy = false, "data-testid": testId }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  const close = () => ref.current?.close();
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onClose={onClose}
      onCancel={(e) => busy && e.preventDefault()}
      onClick={(e) => !busy && e.target === e.currentTarget && close()}
      className={`m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] ${widths[size]} overflow-y-auto rounded-2xl border border-white/10 bg-ink-900 p-0 text-left text-slate-200 shadow-2xl shadow-black/60 backdrop:bg-black/70`}
      data-testid={testId}
    >
      <div className="p-5 sm:p-6">
        <h2 id={titleId} className="text-lg font-semibold text-white">
          {title}
        </h2>
        {children(close)}
      </div>
    </dialog>
  );
}

/** The buttons at a dialog's foot: the way out first on a phone's bottom row, the action on the right from sm up. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{children}</div>;
}

export const dialogPrimaryButton =
  "h-11 rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400 disabled:opacity-60";
export const dialogSecondaryButton =
  "h-11 rounded-lg border border-white/15 px-4 text-sm font-semibold text-white hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-brand-400 disabled:opacity-60";
