import { zodResolver } from "@hookform/resolvers/zod";
import { MAX_SPECIFIC_LENGTH, specificInputSchema } from "@leakwarden/contracts/identities";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { applyServerFieldErrors } from "../../../lib/form-errors";
import { toastMutationError } from "../../../lib/mutation-toast";
import { useIdentities } from "../api/get-identities";
import { useSetSpecific } from "../api/set-specific";
import { IdentitiesLoadState } from "./identities-load-state";

type SpecificValues = { specific: string };

/** The content she asked us to look for first (the onboarding's third step), shown and changed here. */
export function SpecificContentEditor() {
  const identities = useIdentities();
  if (!identities.data) return <IdentitiesLoadState query={identities} />;
  return <SpecificContentForm saved={identities.data.specific} />;
}

function SpecificContentForm({ saved }: { saved: string }) {
  const id = useId();
  const save = useSetSpecific();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<SpecificValues>({ resolver: zodResolver(specificInputSchema), mode: "onChange", values: { specific: saved }, resetOptions: { keepDirtyValues: true } });
  const text = watch("specific") ?? "";
  const unchanged = text.trim() === saved.trim();
  const errorId = `${id}-error`;

  const submit = handleSubmit(async ({ specific }) => {
    try {
      const data = await save.mutateAsync(specific.trim());
      toast.success(data.specific ? "Saved: the next scan looks for it first" : "Cleared: scans look for all of your content");
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ["specific"])) toastMutationError(error, "Could not save the content to find");
    }
  });

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-2">
      <label htmlFor={`${id}-specific`} className="text-sm font-medium text-slate-200">
        Content to find
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={`${id}-specific`}
          type="text"
          placeholder="My latest content"
          maxLength={MAX_SPECIFIC_LENGTH}
          aria-invalid={errors.specific ? true : undefined}
          aria-describedby={errors.specific ? errorId : undefined}
          {...register("specific")}
          className="h-11 w-full min-w-0 rounded-lg border border-white/15 bg-ink-800 sm:flex-1 px-3 text-sm text-white placeholder:text-slate-400 focus-visible:border-brand-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400"
        />
        <button
          type="submit"
          disabled={isSubmitting || unchanged}
          className="h-11 shrink-0 rounded-lg bg-brand-600 px-5 text-sm font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400 disabled:cursor-not-allowed disabled:bg-white/10 disabled:text-slate-300"
        >
          {isSubmitting ? "Saving..." : "Save"}
        </button>
      </div>
      {errors.specific ? (
        <p id={errorId} role="alert" className="text-sm text-red-300">
          {errors.specific.message}
        </p>
      ) : (
        <p className="text-xs text-slate-400">{saved ? "Scans look for it first, then for the rest of your content." : "Nothing named yet: scans look for all of your content."}</p>
      )}
    </form>
  );
}
