import { z } from 'zod';
import { toDarajaPhone } from '#common/phone.ts';
import { PHONE_TEXT } from './phoneAccountText.ts';
import { LOCALES } from './locale.ts';
import { emailSchema, passwordSchema, registrationSchema } from './registrationSchema.ts';

/** A Kenyan mobile number in any usual form, as +2547…/+2541… (what SMS and sign-up store). */
export const kenyanPhoneSchema = z
  .string({ error: PHONE_TEXT.phoneInvalid })
  .max(40, PHONE_TEXT.phoneInvalid)
  .transform((v, ctx) => {
    const phone = toDarajaPhone(v);
    if (!phone) {
      ctx.addIssue({ code: 'custom', message: PHONE_TEXT.phoneInvalid });
      return z.NEVER;
    }
    return `+${phone}`;
  });

export const otpCodeSchema = z
  .string({ error: PHONE_TEXT.codeFormat })
  .transform((v) => v.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, PHONE_TEXT.codeFormat));

/** Sign-up by phone: name, phone, role, language; email optional for learners, required for creators. */
export const phoneSignUpSchema = z
  .object({
    name: registrationSchema.shape.name,
    phone: kenyanPhoneSchema,
    role: registrationSchema.shape.role,
    email: z
      .string()
      .optional()
      .transform((v) => (v?.trim() ? v : undefined))
      .pipe(emailSchema.optional()),
    locale: z.enum(LOCALES).catch('en'),
  })
  .superRefine((v, ctx) => {
    if (v.role === 'creator' && !v.email)
      ctx.addIssue({ code: 'custom', path: ['email'], message: PHONE_TEXT.creatorNeedsEmail });
  });

export const codeEntrySchema = z.object({ challengeId: z.string().regex(/^[0-9A-Za-z]{16}$/), code: otpCodeSchema });

export const phoneResetSchema = codeEntrySchema.extend({ password: passwordSchema });
