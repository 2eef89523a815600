import { LOCALES } from './locale.ts';
import { z } from 'zod';

/** Kenyan mobile numbers in E.164: +254 then 9 digits starting with 7 or 1 (13 characters). */
const KENYAN_PHONE = /^\+254[17]\d{8}$/;
const PHONE_MESSAGE = 'Please enter a valid Kenyan phone number: +254 followed by 9 digits (7XX XXX XXX).';

const email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Please enter a valid email address')
  .pipe(z.email({ error: 'Please enter a valid email address' }))
  .transform((v) => v.toLowerCase());

// Letters of any script and emoji are welcome; control characters and invisible formatting are not.
const name = z
  .string({ error: 'Full name is required' })
  .trim()
  .min(1, 'Full name is required')
  .max(100, 'Full name must be at most 100 characters')
  .refine((v) => !/[\p{Cc}\p{Cf}\u2028\u2029]/u.test(v), 'Full name contains characters that are not allowed');

export const registrationSchema = z.object({
  name,
  email,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .min(6, 'Password must be at least 6 characters')
    .max(128, 'Password must be at most 128 characters'),
  phone: z
    .string({ error: 'Phone number is required' })
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().min(1, 'Phone number is required').max(13, PHONE_MESSAGE).regex(KENYAN_PHONE, PHONE_MESSAGE)),
  role: z.enum(['customer', 'creator'], { error: 'Please choose Learn (Customer) or Teach (Creator)' }),
  /** The language the account's pages, SMS and e-mails come in: the sign-up page's own (decision 0030). */
  locale: z.enum(LOCALES).catch('en'),
});

export const signInSchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Invalid email or password'),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(128, 'Invalid email or password'),
});

export const passwordSchema = registrationSchema.shape.password;
export const emailSchema = email;
