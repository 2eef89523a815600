// The building blocks of the account forms (sign in, register, password reset): the form-level message,
// a labelled field with its error, and the aria props that tie them together. Labels, messages and errors
// arrive in English (the words of common/ and of the server's answers) and are shown in the page's
// language: the catalogues have those English words as ids ("server messages" in app/locales/*.po).
import { useT } from '#app/i18n/useT.ts';

/** The form-level message: an error (announced at once) or a notice. */
export function AuthFormMessage({
  error,
  notice,
}: {
  error?: string | null | undefined;
  notice?: string | null | undefined;
}) {
  const { t } = useT();
  if (error)
    return (
      <p className="auth-error" role="alert">
        {t(error)}
      </p>
    );
  if (notice)
    return (
      <p className="auth-notice" role="status">
        {t(notice)}
      </p>
    );
  return null;
}

/**
 * One labelled field with its own error underneath, tied together for screen readers. `announce` also
 * announces the error at once (role="alert"), for a form whose one field's error is the form's message.
 */
export function Field({
  id,
  label,
  error,
  announce = false,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  announce?: boolean;
  children: React.ReactNode;
}) {
  const { t } = useT();
  return (
    <div className="auth-field">
      <label htmlFor={id}>{t(label)}</label>
      {children}
      {error ? (
        <p className="auth-field-error" id={`${id}-error`} role={announce ? 'alert' : undefined}>
          {t(error)}
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
  const { t } = useT();
  return (
    <fieldset className="auth-roles" aria-describedby={error ? 'role-error' : undefined}>
      <legend>{t('I want to')}</legend>
      {ROLES.map((r) => (
        <label key={r.value} className="auth-role">
          <input
            type="radio"
            name="role"
            value={r.value}
            defaultChecked={initial === r.value}
            onChange={() => onChange?.(r.value)}
          />
          <span>{t(r.label)}</span>
        </label>
      ))}
      {error ? (
        <p className="auth-field-error" id="role-error">
          {t(error)}
        </p>
      ) : null}
    </fieldset>
  );
}
