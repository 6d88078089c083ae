import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useMemo } from "react";
import { useForm } from "react-hook-form";
import * as z from "zod/mini";
import type { AddOutcome } from "./stage-name-row";

interface TextAddRowProps {
  label: string;
  placeholder: string;
  onAdd: (value: string) => Promise<AddOutcome>;
  /** Show the Add button before anything is typed (the allow list's); otherwise it appears with the text. */
  alwaysShowButton?: boolean;
  emptyMessage: string;
  autoFocus?: boolean;
  inputMode?: "text" | "url";
}

/** One text field and an Add button; the field clears after adding. */
export function TextAddRow({ label, placeholder, onAdd, alwaysShowButton = false, emptyMessage, autoFocus = false, inputMode = "text" }: TextAddRowProps) {
  const schema = useMemo(() => z.object({ text: z.string().check(z.trim(), z.minLength(1, emptyMessage)) }), [emptyMessage]);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    clearErrors,
    setFocus,
    watch,
    formState: { errors, isSubmitting: busy },
  } = useForm<{ text: string }>({ resolver: zodResolver(schema), defaultValues: { text: "" }, reValidateMode: "onSubmit" });
  const text = watch("text");
  const error = errors.text?.message ?? null;
  const id = useId();
  const errorId = `${id}-error`;

  const submit = handleSubmit(async ({ text: value }) => {
    const outcome = await onAdd(value);
    if (outcome.status === "added") reset({ text: "" });
    else if (outcome.status === "error") setError("text", { message: outcome.message });
    setFocus("text");
  });

  return (
    <form onSubmit={(e) => (busy ? e.preventDefault() : void submit(e))} noValidate className="flex flex-col gap-2" aria-label={label}>
      <div className="flex gap-2">
        <label htmlFor={`${id}-input`} className="sr-only">
          {label}
        </label>
        <input
          id={`${id}-input`}
          type="text"
          inputMode={inputMode}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus={autoFocus}
          placeholder={placeholder}
          maxLength={300}
          {...register("text", { onChange: () => clearErrors("text") })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="h-11 min-w-0 flex-1 rounded-lg border border-white/15 bg-ink-900 px-3 text-sm text-white placeholder:text-slate-400 focus-visible:border-brand-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400 aria-invalid:border-brand-400"
        />
        {(alwaysShowButton || text.trim() !== "") && (
          <button
            type="submit"
            disabled={busy}
            className="h-11 shrink-0 rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white transition-colors hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400 disabled:opacity-70"
          >
            {busy ? "Adding…" : "Add"}
          </button>
        )}
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-brand-300">
          {error}
        </p>
      )}
    </form>
  );
}
