import { zodResolver } from "@hookform/resolvers/zod";
import {
  CONTACT_MESSAGE_MAX,
  contactEmailSchema,
  contactFormSchema,
  contactTopics,
  type ContactFormToken,
  type ContactFormValues,
  type ContactResponse,
} from "@leakwarden/contracts/contact";
import { useEffect, useId, useRef, useState } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { useHydrated } from "../../../components/use-hydrated";
import { ApiError, api, describeError } from "../../../lib/api-client";
import { applyServerFieldErrors } from "../../../lib/form-errors";
import { useSession } from "../../../lib/session";
import { formatCount } from "../../../lib/format";

const signedOutSchema = contactFormSchema.extend({ email: contactEmailSchema });
const signedInSchema = contactFormSchema.omit({ email: true });

const fieldClass =
  "block w-full rounded-lg border bg-ink-950 px-3.5 py-3 text-white placeholder:text-slate-500 transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500";
const border = (error?: string) => (error ? "border-red-400/80" : "border-white/15 hover:border-white/25");

function Banner({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="mb-6 rounded-lg border border-red-500/40 bg-red-950/60 px-4 py-3 text-sm text-red-100">
      {message}
    </p>
  );
}

function FieldError({ id, message }: { id: string; message?: string | undefined }) {
  return message ? (
    <p id={id} className="mt-2 text-sm text-red-300">
      {message}
    </p>
  ) : null;
}

/**
 * The contact form: topic, message, and her address when she is signed out (signed in, we answer
 * at her account's address). It carries the signed token of when it was shown and a field people
 * never see; the server refuses a form sent too soon or with that field filled in.
 */
export function ContactForm() {
  const id = useId();
  const hydrated = useHydrated();
  const session = useSession();
  const user = session.status === "signed-in" ? session.user : null;
  const signedIn = useRef(false);
  signedIn.current = user !== null;
  const [banner, setBanner] = useState<string | null>(null);
  const [sent, setSent] = useState<ContactResponse | null>(null);
  const token = useRef<Promise<string> | null>(null);
  const honeypot = useRef<HTMLInputElement>(null);

  const loadToken = () => {
    const next = api<ContactFormToken>("/v1/contact/form").then((t) => t.token);
    next.catch(() => undefined);
    token.current = next;
    return next;
  };
  useEffect(() => {
    if (!sent) void loadToken();
  }, [sent]);

  const resolver: Resolver<ContactFormValues> = (values, context, options) =>
    // Either schema's values are the form's values (signed in, without the address).
    zodResolver<ContactFormValues, unknown, ContactFormValues>(signedIn.current ? signedInSchema : signedOutSchema)(values, context, options);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ContactFormValues>({ resolver, mode: "onTouched", defaultValues: { topic: "" as ContactFormValues["topic"], message: "", email: "" } });
  const length = watch("message")?.length ?? 0;

  const onSubmit = handleSubmit(async (values) => {
    setBanner(null);
    try {
      const formToken = await (token.current ?? loadToken());
      const answer = await api<ContactResponse>("/v1/contact", {
        method: "POST",
        json: {
          topic: values.topic,
          message: values.message,
          ...(signedIn.current ? {} : { email: values.email }),
          formToken,
          website: honeypot.current?.value ?? "",
        },
      });
      setSent(answer);
      reset();
    } catch (error) {
      applyServerFieldErrors(error, setError, ["topic", "message", "email"]);
      // An expired form gets a new token, so that sending again works.
      if (error instanceof ApiError && error.fields?.formToken) void loadToken();
      setBanner(describeError(error));
    }
  });

  if (sent) {
    return (
      <div role="status" className="rounded-2xl border border-emerald-400/30 bg-emerald-400/10 p-5 text-slate-100 sm:p-6">
        <h2 className="text-xl font-semibold text-white">Message sent</h2>
        <p className="mt-3">
          Your ticket reference is <strong className="font-mono text-white">{sent.ticket}</strong>. We have emailed this reference to{" "}
          <span className="break-all">{sent.email}</span>, and we will answer at that address.
        </p>
        <button
          type="button"
          onClick={() => setSent(null)}
          className="mt-5 rounded-lg border border-white/15 px-4 py-2 text-sm font-semibold text-white hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400"
        >
          Write another message
        </button>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Contact support" className="relative">
      <Banner message={banner} />
      {/* Forms stay disabled until their code runs: nothing is posted natively from the prerendered page. */}
      <fieldset disabled={!hydrated} className="space-y-6">
        <div>
          <label htmlFor={`${id}-topic`} className="mb-2 block text-sm font-medium text-slate-200">
            What is it about?
          </label>
          <select
            id={`${id}-topic`}
            aria-invalid={errors.topic ? true : undefined}
            aria-describedby={errors.topic ? `${id}-topic-error` : undefined}
            className={`${fieldClass} ${border(errors.topic?.message)}`}
            {...register("topic")}
          >
            <option value="" disabled>
              Choose a topic
            </option>
            {contactTopics.map((t) => (
              <option key={t.id} value={t.id}>
                {t.label}
              </option>
            ))}
          </select>
          <FieldError id={`${id}-topic-error`} message={errors.topic?.message} />
        </div>

        <div>
          <label htmlFor={`${id}-message`} className="mb-2 block text-sm font-medium text-slate-200">
            Your message
          </label>
          <textarea
            id={`${id}-message`}
            rows={7}
            maxLength={CONTACT_MESSAGE_MAX}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={`${id}-message-count${errors.message ? ` ${id}-message-error` : ""}`}
            placeholder="Tell us what happened, with the links or the takedown it is about."
            className={`${fieldClass} ${border(errors.message?.message)} resize-y`}
            {...register("message")}
          />
          <div className="mt-2 flex flex-wrap justify-between gap-2 text-sm">
            <p id={`${id}-message-error`} className="text-red-300">
              {errors.message?.message}
            </p>
            <p id={`${id}-message-count`} className="text-slate-400">
              {formatCount(length)} of {formatCount(CONTACT_MESSAGE_MAX)} characters
            </p>
          </div>
        </div>

        {session.status === "loading" ? (
          <div className="h-[5.25rem]" aria-hidden="true" />
        ) : user ? (
          <p className="text-sm text-slate-300">
            We will answer at <span className="break-all font-semibold text-white">{user.email}</span>, the address of your account.
          </p>
        ) : (
          <div>
            <label htmlFor={`${id}-email`} className="mb-2 block text-sm font-medium text-slate-200">
              Your email address
            </label>
            <input
              id={`${id}-email`}
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder="you@example.com"
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={errors.email ? `${id}-email-error` : undefined}
              className={`${fieldClass} ${border(errors.email?.message)}`}
              {...register("email")}
            />
            <FieldError id={`${id}-email-error`} message={errors.email?.message} />
          </div>
        )}

        {/* Only robots fill this in: people never see it, and it is out of the tab order. */}
        <div aria-hidden="true" className="sr-only">
          <label htmlFor={`${id}-website`}>Leave this field empty</label>
          <input ref={honeypot} id={`${id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>

        <button
          type="submit"
          disabled={isSubmitting}
          className="inline-flex w-full items-center justify-center gap-2 rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white shadow-lg shadow-brand-900/30 transition-colors hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400 disabled:cursor-wait disabled:opacity-80"
        >
          {isSubmitting && <span className="h-4 w-4 animate-spin rounded-full border-2 border-white/30 border-t-white" aria-hidden="true" />}
          {isSubmitting ? "Sending..." : "Send message"}
        </button>
      </fieldset>
    </form>
  );
}
