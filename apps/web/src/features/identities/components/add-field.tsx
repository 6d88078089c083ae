import type { FormEvent, InputHTMLAttributes, ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";

interface AddFieldProps {
  /** The form's accessible name ("Add an account", "Add a nickname"). */
  formLabel: string;
  /** The field's own id; its message is `${inputId}-error`. */
  inputId: string;
  /** The field's label, read by screen readers (the placeholder shows what to type). */
  inputLabel: string;
  placeholder: string;
  inputMode: "text" | "url";
  autoFocus?: boolean;
  /** The field as react-hook-form registered it. */
  field: UseFormRegisterReturn;
  /** The message for the field, if any (shown under the row, read with the field when it is the field's). */
  error: string | null;
  /** Whether the message is about this field (the username) rather than the control before it (the platform). */
  errorOnField?: boolean;
  showButton: boolean;
  busy: boolean;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  /** A control before the field (the platform picker): the row stacks on a phone. */
  leading?: ReactNode;
}

/** The id of the message under an add row, for a control before the field that it is about. */
export const addFieldErrorId = (inputId: string) => `${inputId}-error`;

const inputClass =
  "h-11 min-w-0 flex-1 rounded-lg border border-white/15 bg-ink-900 px-3 text-sm text-white placeholder:text-slate-400 focus-visible:border-brand-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400 aria-invalid:border-brand-400";
const buttonClass =
  "h-11 shrink-0 rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white transition-colors hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400 disabled:opacity-70";

/**
 * One add row of the identity page and the wizard: a text field (after a control, for a stage
 * name's platform), an Add button and the message under them. The stage-name row and the
 * nickname and domain rows keep their own rules and only draw through this.
 */
export function AddField({ formLabel, inputId, inputLabel, placeholder, inputMode, autoFocus = false, field, error, errorOnField = true, showButton, busy, onSubmit, leading }: AddFieldProps) {
  const errorId = addFieldErrorId(inputId);
  const invalid: InputHTMLAttributes<HTMLInputElement> = error && errorOnField ? { "aria-invalid": true, "aria-describedby": errorId } : {};
  return (
    <form onSubmit={(e) => (busy ? e.preventDefault() : onSubmit(e))} noValidate className="flex flex-col gap-2" aria-label={formLabel}>
      <div className={leading ? "flex flex-col gap-2 sm:flex-row" : "flex"}>
        {leading}
        <div className="flex min-w-0 flex-1 gap-2">
          <label htmlFor={inputId} className="sr-only">
            {inputLabel}
          </label>
          <input
            id={inputId}
            type="text"
            inputMode={inputMode}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus={autoFocus}
            placeholder={placeholder}
            maxLength={300}
            {...field}
            {...invalid}
            className={inputClass}
          />
          {showButton && (
            <button type="submit" disabled={busy} className={buttonClass}>
              {busy ? "Adding…" : "Add"}
            </button>
          )}
        </div>
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-brand-300">
          {error}
        </p>
      )}
    </form>
  );
}
