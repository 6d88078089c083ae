import { zodResolver } from "@hookform/resolvers/zod";
import { MAX_SPECIFIC_LENGTH, specificInputSchema } from "@leakwarden/contracts/identities";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { StepHeading } from "./step-heading";

type SpecificValues = { specific: string };

/** Step 2: a specific piece of content to look for first (skippable). The wizard keeps the text (its footer's Next reads it). */
export function SpecificStep({ value, onChange, onSubmit, focusHeading }: {
  value: string;
  onChange: (text: string) => void;
  onSubmit: () => void;
  focusHeading: boolean;
}) {
  const id = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SpecificValues>({ resolver: zodResolver(specificInputSchema), mode: "onChange", values: { specific: value }, resetOptions: { keepDirtyValues: true } });
  const errorId = `${id}-specific-error`;
  return (
    <div className="flex flex-col gap-6">
      <StepHeading focusOnMount={focusHeading}>Looking for something specific?</StepHeading>
      <p className="-mt-3 text-slate-400">Name a set, a video or a post you want us to look for first. Titles and captions work best.</p>
      <form noValidate onSubmit={handleSubmit(() => onSubmit())} className="flex flex-col gap-2">
        <label htmlFor={`${id}-specific`} className="text-sm font-medium text-slate-200">
          Content to find
        </label>
        <input
          id={`${id}-specific`}
          type="text"
          placeholder="My latest content"
          maxLength={MAX_SPECIFIC_LENGTH}
          aria-invalid={errors.specific ? true : undefined}
          aria-describedby={errors.specific ? errorId : undefined}
          {...register("specific", { onChange: (e: { target: { value: string } }) => onChange(e.target.value) })}
          className="h-12 rounded-lg border border-white/15 bg-ink-900 px-4 text-white placeholder:text-slate-400 focus-visible:border-brand-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400"
        />
        {errors.specific && (
          <p id={errorId} className="text-sm text-red-300">
            {errors.specific.message}
          </p>
        )}
      </form>
    </div>
  );
}
