// The building blocks of the account forms (sign in, register, password reset): the form-level message,
// a labelled field with its error, and the aria props that tie them together.
/** The form-level message: an error (announced at once) or a notice. */
export function AuthFormMessage({
  error,
  notice,
}: {
  error?: string | null | undefined;
  notice?: string | null | undefined;
}) {
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

/** The sign-up forms' "Full name" field. */
export function NameField({ error, defaultValue }: { error: string | undefined; defaultValue: string | undefined }) {
  return (
    <Field id="name" label="Full name" error={error}>
      <input
        id="name"
        name="name"
        autoComplete="name"
        required
        maxLength={100}
        defaultValue={defaultValue}
        {...invalidProps('name', error)}
      />
    </Field>
  );
}

export const ROLES = [
  { value: 'customer', label: 'Learn (Customer)' },
  { value: 'creator', label: 'Teach (Creator)' },
] as const;

/** The sign-up forms' "I want to" choice: Learn (Customer) or Teach (Creator). */
export function RoleChoice({
  initial,
  error,
  onChange,
}: {
  initial: string;
  error: string | undefined;
  onChange?: (role: string) => void;
}) {
  return (
    <fieldset className="auth-roles" aria-describedby={error ? 'role-error' : undefined}>
      <legend>I want to</legend>
      {ROLES.map((r) => (
        <label key={r.value} className="auth-role">
          <input
            type="radio"
            name="role"
            value={r.value}
            defaultChecked={initial === r.value}
            onChange={() => onChange?.(r.value)}
          />
          <span>{r.label}</span>
        </label>
      ))}
      {error ? (
        <p className="auth-field-error" id="role-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
