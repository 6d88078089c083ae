import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useMemo } from "react";
import { useForm } from "react-hook-form";
import * as z from "zod/mini";
import { AddField } from "./add-field";
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
  const inputId = `${useId()}-input`;

  const submit = handleSubmit(async ({ text: value }) => {
    const outcome = await onAdd(value);
    if (outcome.status === "added") reset({ text: "" });
    else if (outcome.status === "error") setError("text", { message: outcome.message });
    setFocus("text");
  });

  return (
    <AddField
      formLabel={label}
      inputId={inputId}
      inputLabel={label}
      placeholder={placeholder}
      inputMode={inputMode}
      autoFocus={autoFocus}
      field={register("text", { onChange: () => clearErrors("text") })}
      error={error}
      showButton={alwaysShowButton || text.trim() !== ""}
      busy={busy}
      onSubmit={(e) => void submit(e)}
    />
  );
}
