import { useEffect, useState } from 'react';
import { Form, useNavigation } from 'react-router';
import { PHONE_TEXT } from '#common/accounts/phoneAccountText.ts';
import { AuthFormMessage, Field, invalidProps } from './AuthForm.tsx';
import { PhoneCodeStep, type SentCode } from './PhoneCodeStep.tsx';
import { PhoneInput } from './PhoneInput.tsx';
import { useT } from '#app/i18n/useT.ts';

/** What a phone form's action answered: a code was sent, or the first step was refused. */
export type PhoneStepData =
  | ({ step: 'code'; ok: true } & SentCode)
  | { step: 'phone'; ok: false; error: string; fields: Record<string, string>; values: Record<string, string> };

/**
 * A two-step phone form: first the number (and whatever else `firstStep` renders), "Send code", then
 * the code (and whatever `codeFields` adds) with `submitLabel`. Both steps post `hidden`; errors of the
 * second step come back as `codeError`.
 */
export function PhoneStart({
  title,
  actionData,
  codeError,
  hidden,
  submitLabel,
  firstStep,
  codeFields,
  onCodeSubmit,
}: {
  title: string;
  actionData: PhoneStepData | null;
  codeError: { error: string; fields: Record<string, string> } | null;
  hidden: Record<string, string>;
  submitLabel: string;
  firstStep?: (p: { fields: Record<string, string>; values: Record<string, string> }) => React.ReactNode;
  codeFields?: (fields: Record<string, string>) => React.ReactNode;
  onCodeSubmit?: (e: React.FormEvent<HTMLFormElement>) => void;
}) {
  const busy = useNavigation().state === 'submitting';
  const { t } = useT();
  const [sent, setSent] = useState<SentCode | null>(null);
  useEffect(() => {
    if (actionData?.step === 'code') setSent(actionData);
  }, [actionData]);
  const refused = actionData?.step === 'phone' ? actionData : null;
  if (sent && !refused) {
    const codeErrors = codeError?.fields ?? {};
    return (
      <PhoneCodeStep
        sent={sent}
        error={codeError?.error}
        fields={codeErrors}
        busy={busy}
        submitLabel={submitLabel}
        hidden={hidden}
        onChangeNumber={() => setSent(null)}
        {...(onCodeSubmit ? { onSubmit: onCodeSubmit } : {})}
      >
        {codeFields?.(codeErrors)}
      </PhoneCodeStep>
    );
  }
  const fields = refused?.fields ?? {};
  const values = refused?.values ?? sent?.values ?? {};
  return (
    <Form method="post" className="auth-card" noValidate>
      <h1>{title}</h1>
      <AuthFormMessage error={refused?.error} />
      {Object.entries(hidden).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <input type="hidden" name="intent" value="send-code" />
      {firstStep?.({ fields, values })}
      <Field id="phone" label={PHONE_TEXT.phoneLabel} error={fields.phone}>
        <PhoneInput id="phone" defaultValue={values.phone} invalid={invalidProps('phone', fields.phone)} />
        <span className="auth-hint">{t(PHONE_TEXT.phoneHint)}</span>
      </Field>
      <button type="submit" className="btn btn-primary auth-submit" disabled={busy}>
        {t(busy ? PHONE_TEXT.sendingCode : PHONE_TEXT.sendCode)}
      </button>
    </Form>
  );
}
