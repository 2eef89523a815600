import { data, type RouterContextProvider } from 'react-router';
import { DomainError } from '#server/core/errors.ts';
import { httpStatus, refusalHeaders } from '#server/edge/errorStatus.ts';
import { requestPhoneCode, type CodeSent } from '#server/modules/accounts/phone/requestPhoneCode.ts';
import type { OtpPurpose } from '#server/modules/accounts/phone/otpPolicy.ts';
import { serverContext } from './context.server.ts';

export type PhoneCodeActionData =
  | ({ step: 'code'; ok: true; values: Record<string, string> } & CodeSent)
  | { step: 'phone'; ok: false; error: string; fields: Record<string, string>; values: Record<string, string> };

/** The form's first step on /login, /register and /forgot-password: sends the code for `purpose`. */
export async function runPhoneCodeAction(
  args: { context: Readonly<RouterContextProvider> },
  form: FormData,
  purpose: OtpPurpose,
) {
  const { services, clientIp } = serverContext(args.context);
  const values: Record<string, string> = {};
  for (const [k, v] of form) if (typeof v === 'string' && k !== 'intent' && k !== 'myList') values[k] = v;
  try {
    const sent = await requestPhoneCode(services, { form: { ...values, purpose }, clientIp });
    return data<PhoneCodeActionData>({ step: 'code', ok: true, values, ...sent });
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    return data<PhoneCodeActionData>(
      { step: 'phone', ok: false, error: err.message, fields: err.details ?? {}, values },
      { status: httpStatus(err), headers: refusalHeaders(err) },
    );
  }
}
