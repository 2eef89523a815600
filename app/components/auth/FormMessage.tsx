/** The form-level message: an error (announced at once) or a notice. */
export function FormMessage({ error, notice }: { error?: string | null | undefined; notice?: string | null | undefined }) {
  if (error)
    return (
      <p className="auth-error" role="alert">
        {error}
      </p>
    );
  if (notice)
    return (
      <p className="auth-notice" role="status">
        {notice}
      </p>
    );
  return null;
}

/** One labelled field with its own error underneath, tied together for screen readers. */
export function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  children: React.ReactNode;
}) {
  return (
    <div className="auth-field">
      <label htmlFor={id}>{label}</label>
      {children}
      {error ? (
        <p className="auth-field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** aria props for an input whose Field may show an error. */
export const invalidProps = (id: string, error: string | undefined) =>
  error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};
