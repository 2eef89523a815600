import { z } from 'zod';
import { LOCALES } from '#common/accounts/locale.ts';
import { codeEntrySchema } from '#common/accounts/phoneSchemas.ts';
import { PHONE_TEXT } from '#common/accounts/phoneAccountText.ts';
import { registrationSchema } from '#common/accounts/registrationSchema.ts';
import type { Services } from '#server/core/services.ts';
import { DomainError, invalidInput } from '#server/core/errors.ts';
import { parseInput } from '#server/core/parseInput.ts';
import { createAccount } from './createAccount.ts';
import { consumeOtpChallenge } from './phone/consumeOtpChallenge.ts';
import { startPhoneSession } from './phone/startPhoneSession.ts';
import type { AuthResult, ClientRequest } from './startSession.ts';

/** The sign-up form as its code keeps it (registerAccount): checked already, the password only as its hash. */
export const pendingSignUpSchema = z.object({
  name: z.string().min(1),
  email: z.string().min(1),
  passwordHash: z.string().min(1),
  phone: registrationSchema.shape.phone,
  role: registrationSchema.shape.role,
  locale: z.enum(LOCALES).catch('en'),
});
export type PendingSignUp = z.infer<typeof pendingSignUpSchema>;

const wrongCode = () => invalidInput(PHONE_TEXT.codeWrong, { code: PHONE_TEXT.codeWrong });

/**
 * Sign-up by e-mail, second step: the code e-mailed by registerAccount proves the address, then the
 * account is created from the form kept with the code (one transaction, profile numbered L…/C…) and signed
 * in. A wrong, expired, used or decoy code creates nothing; an address taken since the code was sent (two
 * sign-ups racing) is answered like a wrong code, never "already exists" (decision 0045).
 */
export async function completeRegistration(
  services: Services,
  { form, headers, clientIp }: { form: unknown } & ClientRequest,
): Promise<AuthResult & { uniqueId: string | null }> {
  const entry = parseInput(codeEntrySchema, form);
  const { payload } = await consumeOtpChallenge(services, { ...entry, purpose: 'sign-up-email' });
  // A decoy's code was sent to no one, so it cannot get this far; its empty payload is refused all the same.
  const pending = pendingSignUpSchema.safeParse(JSON.parse(payload ?? 'null'));
  if (!pending.success) throw wrongCode();
  const a = pending.data;
  let created: { userId: string; uniqueId: string | null };
  try {
    created = await createAccount(services, {
      name: a.name,
      email: a.email,
      passwordHash: a.passwordHash,
      role: a.role,
      phone: a.phone,
      locale: a.locale,
      emailVerified: true,
    });
  } catch (err) {
    if (err instanceof DomainError && err.code === 'conflict') throw wrongCode();
    throw err;
  }
  const session = await startPhoneSession(services, { userId: created.userId, headers, clientIp });
  return { ...session, uniqueId: created.uniqueId };
}
