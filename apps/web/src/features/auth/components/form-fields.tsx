import { forwardRef, useState, type InputHTMLAttributes, type ReactNode } from "react";
import { EyeIcon, EyeOffIcon } from "../../../components/icons";

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { id: string; label: string; error?: string | undefined };

const inputClass =
  "block w-full rounded-lg border bg-ink-950 px-3.5 py-3 text-white placeholder:text-slate-500 transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500";

function fieldBorder(error?: string) {
  return error ? "border-red-400/80" : "border-white/15 hover:border-white/25";
}

export function FieldError({ id, error }: { id: string; error?: string | undefined }) {
  return error ? (
    <p id={id} className="mt-2 text-sm text-red-300">
      {error}
    </p>
  ) : null;
}

export const TextField = forwardRef<HTMLInputElement, FieldProps>(function TextField({ id, label, error, className = "", ...input }, ref) {
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-2 block text-sm font-medium text-slate-200">
        {label}
      </label>
      <input ref={ref} id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} className={`${inputClass} ${fieldBorder(error)}`} {...input} />
      <FieldError id={errorId} error={error} />
    </div>
  );
});

/** A password input with a show/hide toggle. */
export const PasswordField = forwardRef<HTMLInputElement, FieldProps>(function PasswordField({ id, label, error, className = "", ...input }, ref) {
  const [visible, setVisible] = useState(false);
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-2 block text-sm font-medium text-slate-200">
        {label}
      </label>
      <div className="relative">
        <input
          ref={ref}
          id={id}
          type={visible ? "text" : "password"}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={`${inputClass} ${fieldBorder(error)} pr-12`}
          {...input}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? "Hide password" : "Show password"}
          aria-pressed={visible}
          aria-controls={id}
          className="absolute inset-y-0 right-0 flex w-12 items-center justify-center rounded-r-lg text-slate-400 hover:text-white focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-400"
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      </div>
      <FieldError id={errorId} error={error} />
    </div>
  );
});

export function FormBanner({ message, children }: { message: string | null; children?: ReactNode }) {
  if (!message) return null;
  return (
    <div role="alert" className="mb-6 rounded-lg border border-red-500/40 bg-red-950/60 px-4 py-3 text-sm text-red-100">
      <p>{message}</p>
      {children}
    </div>
  );
}

export function SubmitButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <button
      type="submit"
      disabled={busy}
      className="inline-flex w-full items-center justify-center gap-2 rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white shadow-lg shadow-brand-900/30 transition-colors hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400 disabled:cursor-wait disabled:opacity-80"
    >
      {busy && <span className="h-4 w-4 animate-spin rounded-full border-2 border-white/30 border-t-white" aria-hidden="true" />}
      {busy ? busyLabel : label}
    </button>
  );
}
