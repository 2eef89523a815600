import { useState } from 'react';
import { PHONE_TEXT } from '#common/accounts/phoneAccountText.ts';
import { LOCALES } from '#common/accounts/locale.ts';
import { Field, NameField, RoleChoice } from './AuthForm.tsx';
import { useT } from '#app/i18n/useT.ts';

/**
 * Phone sign-up's own fields before the phone number: name, role, e-mail (optional for learners,
 * required for creators: payouts and statements) and the language SMS come in.
 */
export function PhoneSignUpFields({
  fields,
  values,
  role,
}: {
  fields: Record<string, string>;
  values: Record<string, string>;
  role: string;
}) {
  const [chosen, setChosen] = useState(values.role || role);
  const { t, locale } = useT();
  return (
    <>
      <NameField error={fields.name} defaultValue={values.name} />
      <RoleChoice initial={chosen} error={fields.role} onChange={setChosen} />
      <Field id="email" label={chosen === 'creator' ? 'Email' : PHONE_TEXT.emailOptional} error={fields.email}>
        <input
          id="email"
          name="email"
          type="email"
          autoComplete="email"
          required={chosen === 'creator'}
          maxLength={254}
          defaultValue={values.email}
          aria-describedby={fields.email ? 'email-error' : chosen === 'creator' ? 'email-hint' : undefined}
          aria-invalid={fields.email ? true : undefined}
        />
        {chosen === 'creator' ? (
          <span className="auth-hint" id="email-hint">
            {t(PHONE_TEXT.emailForCreators)}
          </span>
        ) : null}
      </Field>
      <Field id="locale" label={PHONE_TEXT.language}>
        <select
          id="locale"
          name="locale"
          defaultValue={values.locale || (locale === 'sw' ? 'sw' : 'en')}
          className="auth-select"
        >
          {LOCALES.map((l) => (
            <option key={l} value={l}>
              {PHONE_TEXT.languageNames[l]}
            </option>
          ))}
        </select>
      </Field>
    </>
  );
}
