import { useEffect, useRef, type ReactNode } from "react";

interface ModalProps {
  open: boolean;
  onClose: () => void;
  /** Id of the heading that names the dialog. */
  labelledBy: string;
  /** While false, Escape does not close it (e.g. during a check). */
  dismissible?: boolean;
  children: ReactNode;
  className?: string;
}

/** A native modal <dialog>: the browser traps focus, makes the rest inert and returns focus on close. */
export function Modal({ open, onClose, labelledBy, dismissible = true, children, className = "" }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onNativeClose = () => onCloseRef.current();
    dialog.addEventListener("close", onNativeClose);
    return () => dialog.removeEventListener("close", onNativeClose);
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      onCancel={(e) => {
        if (!dismissible) e.preventDefault();
      }}
      onClick={(e) => {
        // A click on the backdrop (the dialog box itself, outside its content) closes it.
        if (dismissible && e.target === e.currentTarget) onCloseRef.current();
      }}
      className={`m-auto w-[calc(100%-2rem)] max-w-lg rounded-2xl border border-white/10 bg-ink-900 p-0 text-slate-200 shadow-2xl shadow-black/60 backdrop:bg-black/70 backdrop:backdrop-blur-sm ${className}`}
    >
      <div className="max-h-[85dvh] overflow-y-auto p-6">{children}</div>
    </dialog>
  );
}
