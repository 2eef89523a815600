import { useEffect, useState } from 'react';
import { Form } from 'react-router';
import { PHONE_TEXT } from '#common/accounts/phoneAccountText.ts';
import { displayPhone } from '#common/phone.ts';
import { AuthFormMessage, Field, invalidProps } from './AuthForm.tsx';
import { useT } from '#app/i18n/useT.ts';

export interface SentCode {
  challengeId: string;
  phone: string;
  resendAfterS: number;
  validMinutes: number;
  /** What the first step posted, to post again for a new code. */
  values: Record<string, string>;
}

/**
 * The second step of every phone form: the 6-digit code (the phone's keyboard offers it from the SMS),
 * "Send a new code" after a countdown, and a plain-words warning when the gateway reports that the SMS
 * could not be delivered. `children` adds fields (the new password on reset). `notice` replaces "We sent a
 * code to …" and `backLabel` "Change number" where no number was typed (the sign-in code step, account
 * deletion); `resend` false leaves out "Send a new code" where going back is how to get one. E-mail sign-up
 * uses it too (the code from the e-mail, `followDelivery` false).
 */
export function PhoneCodeStep({
  sent,
  error,
  fields,
  busy,
  submitLabel,
  hidden,
  onChangeNumber,
  onSubmit,
  children,
  notice,
  backLabel = PHONE_TEXT.changeNumber,
  resend = true,
  followDelivery = true,
}: {
  sent: SentCode;
  error: string | undefined;
  fields: Record<string, string>;
  busy: boolean;
  submitLabel: string;
  hidden?: Record<string, string>;
  onChangeNumber: () => void;
  onSubmit?: (e: React.FormEvent<HTMLFormElement>) => void;
  children?: React.ReactNode;
  notice?: string;
  backLabel?: string;
  resend?: boolean;
  /** Ask about the SMS's delivery report (false for e-mailed codes, which have none). */
  followDelivery?: boolean;
}) {
  const left = useCountdown(sent.challengeId, sent.resendAfterS);
  const undelivered = useDeliveryProblem(followDelivery ? sent.challengeId : null);
  const { t } = useT();
  // A wrong code comes back as the form's error and the code's: said once, under the code field, where
  // the field points to it (aria-describedby) and it is announced.
  const formError = error === fields.code ? undefined : error;
  return (
    <>
      <Form method="post" className="auth-card" noValidate onSubmit={onSubmit}>
        <h1>{t(PHONE_TEXT.enterCode)}</h1>
        <AuthFormMessage
          error={undelivered ?? formError}
          notice={
            notice ??
            t('phone.codeSentTo', {
              phone: displayPhone(sent.phone.slice(1)).replaceAll(' ', '\u00a0'),
              minutes: sent.validMinutes,
            })
          }
        />
        <input type="hidden" name="challengeId" value={sent.challengeId} />
        {Object.entries(hidden ?? {}).map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
        <Field id="code" label={PHONE_TEXT.codeLabel} error={fields.code} announce>
          <input
            id="code"
            name="code"
            className="auth-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            required
            // biome-ignore lint/a11y/noAutofocus: the one field of this step, reached by the person's own tap
            autoFocus
            {...invalidProps('code', fields.code)}
          />
        </Field>
        {children}
        <button type="submit" className="btn btn-primary auth-submit" disabled={busy}>
          {busy ? t(PHONE_TEXT.verifying) : submitLabel}
        </button>
      </Form>
      <Form method="post" className="auth-resend">
        {Object.entries(sent.values).map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
        <input type="hidden" name="intent" value="send-code" />
        {resend ? (
          <button type="submit" className="btn auth-link-button" disabled={left > 0 || busy} aria-live="polite">
            {left > 0 ? t('phone.resendIn', { seconds: left }) : t(PHONE_TEXT.resend)}
          </button>
        ) : null}
        <button type="button" className="btn auth-link-button" onClick={onChangeNumber}>
          {t(backLabel)}
        </button>
      </Form>
    </>
  );
}

/** Seconds until a new code may be asked for, counting down from each new code. */
function useCountdown(key: string, seconds: number): number {
  const [left, setLeft] = useState(seconds);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new code (new key) starts the countdown again
  useEffect(() => {
    const until = Date.now() + seconds * 1000;
    setLeft(seconds);
    const timer = setInterval(() => {
      const s = Math.max(0, Math.ceil((until - Date.now()) / 1000));
      setLeft(s);
      if (s === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [key, seconds]);
  return left;
}

/** Follows the code's SMS for a minute; the plain-words problem if the gateway reports it undelivered. */
function useDeliveryProblem(challengeId: string | null): string | null {
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    setProblem(null);
    if (!challengeId) return;
    let checks = 0;
    const timer = setInterval(async () => {
      if (++checks > 20) return clearInterval(timer);
      const res = await fetch(`/api/account/phone/code/${challengeId}/delivery`).catch(() => null);
      const body = res?.ok ? ((await res.json()) as { status: string; message: string | null }) : null;
      if (body?.status === 'delivered') clearInterval(timer);
      if (body?.message) {
        setProblem(body.message);
        clearInterval(timer);
      }
    }, 3000);
    return () => clearInterval(timer);
  }, [challengeId]);
  return problem;
}
