import { hashPassword } from 'better-auth/crypto';
import { z } from 'zod';
import type { Services } from '#server/core/services.ts';
import { parseInput } from '#server/core/parseInput.ts';
import { createAccount } from './createAccount.ts';
import { emailSchema, passwordSchema } from '#common/accounts/registrationSchema.ts';

const adminSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(100, 'Name must be at most 100 characters'),
});

/** Creates an admin (admins never come from sign-up): from `npm run admin:create` or ADMIN_EMAIL at start-up. */
export async function createAdmin(
  services: Services,
  input: { email: unknown; password: unknown; name: unknown },
): Promise<{ userId: string; email: string }> {
  const { email, password, name } = parseInput(adminSchema, input);
  const { userId } = await createAccount(services, {
    name,
    email,
    passwordHash: await hashPassword(password),
    role: 'admin',
    phone: '',
  });
  return { userId, email };
}
