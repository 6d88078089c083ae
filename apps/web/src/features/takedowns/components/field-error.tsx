/** A field's error, under it: the form's own check or the server's sentence for that field. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <span id={id} role="alert" className="mt-1 block text-sm text-brand-300">
      {message}
    </span>
  ) : null;
}
