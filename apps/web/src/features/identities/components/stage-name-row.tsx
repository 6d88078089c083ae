import { normalizeUsername, usernameProblem, WEBSITE_PLATFORM_ID, type Platform } from "@leakwarden/contracts/platforms";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import * as z from "zod/mini";
import { applyServerFieldErrors } from "../../../lib/form-errors";
import { AddField, addFieldErrorId } from "./add-field";
import { PlatformPicker } from "./platform-picker";

/** What became of an add: added, refused with a message for the field (and the server's error, whose fields go by theirs), or refused and explained elsewhere. */
export type AddOutcome = { status: "added" } | { status: "error"; message: string; error?: unknown } | { status: "refused" };

export const CHOOSE_PLATFORM_MESSAGE = "Choose a platform first.";

interface StageNameRowProps {
  /** How many stage names there are: the row starts over whenever the list grows. */
  entryCount: number;
  onAdd: (platform: Platform, username: string) => Promise<AddOutcome>;
}

interface Values {
  platform: Platform | null;
  username: string;
}

/** Nothing typed is nothing to check (the Add button is not shown); then a platform, then the platform's own rules. */
const schema = z.object({ platform: z.nullable(z.custom<Platform>()), username: z.string() }).check(
  z.superRefine((v, ctx) => {
    if (v.username.trim() === "") return;
    if (!v.platform) {
      ctx.addIssue({ code: "custom", path: ["platform"], message: CHOOSE_PLATFORM_MESSAGE, input: v.platform });
      return;
    }
    const problem = usernameProblem(v.platform, normalizeUsername(v.platform, v.username));
    if (problem) ctx.addIssue({ code: "custom", path: ["username"], message: problem, input: v.username });
  }),
);

/**
 * The username row of the wizard and the identity page: a platform and a username. The Add button
 * appears once text is typed; choosing a platform clears the typed username; the username is
 * checked against the platform's rules before it is sent, and the server's refusal (a stage name
 * she has already) is shown by the field.
 */
export function StageNameRow({ entryCount, onAdd }: StageNameRowProps) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    clearErrors,
    setFocus,
    setValue,
    watch,
    formState: { errors, isSubmitting: busy },
  } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { platform: null, username: "" }, reValidateMode: "onSubmit" });
  const platform = watch("platform");
  const text = watch("username");
  const [generation, setGeneration] = useState(0);
  const [lastCount, setLastCount] = useState(entryCount);
  const pickerRef = useRef<HTMLButtonElement>(null);
  const focusPickerNext = useRef(false);
  const inputId = `${useId()}-username`;
  const platformError = errors.platform?.message ?? null;
  const usernameError = errors.username?.message ?? null;
  const error = platformError ?? usernameError;

  // The list grew: start over with no platform and no text (the picker resets too).
  if (entryCount !== lastCount) {
    setLastCount(entryCount);
    if (entryCount > lastCount) {
      reset({ platform: null, username: "" });
      setGeneration((g) => g + 1);
    }
  }

  useEffect(() => {
    if (focusPickerNext.current) {
      focusPickerNext.current = false;
      pickerRef.current?.focus();
    }
  }, [generation]);

  function choosePlatform(p: Platform) {
    setValue("platform", p);
    setValue("username", "");
    clearErrors();
    requestAnimationFrame(() => setFocus("username"));
  }

  const submit = handleSubmit(async (values) => {
    if (values.username.trim() === "" || !values.platform) return;
    const outcome = await onAdd(values.platform, normalizeUsername(values.platform, values.username));
    if (outcome.status === "added") focusPickerNext.current = true;
    else if (outcome.status === "error" && !applyServerFieldErrors(outcome.error, setError, ["username", "platform"])) setError("username", { message: outcome.message });
  });

  const isWebsite = platform?.id === WEBSITE_PLATFORM_ID;
  return (
    <AddField
      formLabel="Add an account"
      inputId={inputId}
      inputLabel={isWebsite ? "Your website's domain" : platform ? `Username on ${platform.name}` : "Username"}
      placeholder="your-username"
      inputMode={isWebsite ? "url" : "text"}
      field={register("username", { onChange: () => clearErrors() })}
      error={error}
      errorOnField={usernameError !== null}
      showButton={text.trim() !== ""}
      busy={busy}
      onSubmit={(e) => void submit(e)}
      leading={<PlatformPicker key={generation} value={platform} onChange={choosePlatform} buttonRef={pickerRef} describedBy={platformError ? addFieldErrorId(inputId) : undefined} />}
    />
  );
}
