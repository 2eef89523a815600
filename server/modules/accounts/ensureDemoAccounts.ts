import { hashPassword } from 'better-auth/crypto';
import type { AppServices } from '../../http/appContext.ts';
import { AppError } from '../../http/errors.ts';
import { newId } from '../../lib/ids.ts';
import { DEMO_CREATORS } from '../../seed/demoCatalog.ts';
import type { Role } from '../access/policies.ts';
import { createAccount } from './createAccount.ts';

/** Every demo account signs in with this password (README "Demo accounts"). */
export const DEMO_PASSWORD = 'darasa-demo';

const DEMO_EXTRA: { email: string; name: string; role: Role; phone: string }[] = [
  { email: 'admin@darasa.test', name: 'Darasa Admin', role: 'admin', phone: '' },
  { email: 'learner@darasa.test', name: 'Baraka Otieno', role: 'customer', phone: '+254712000003' },
];

/**
 * Demo mode: the seeded creators get the demo password, and an admin and a customer are added, so every
 * kind of user can be tried at once. Idempotent; the credentials are logged at start-up.
 */
export async function ensureDemoAccounts(services: AppServices): Promise<void> {
  const { db } = services.database;
  const hash = await hashPassword(DEMO_PASSWORD);
  const now = new Date();
  for (const creator of Object.values(DEMO_CREATORS)) {
    const user = await db.selectFrom('user').select('id').where('email', '=', creator.email).executeTakeFirst();
    if (!user) continue;
    const credential = await db
      .selectFrom('account')
      .select('id')
      .where('userId', '=', user.id)
      .where('providerId', '=', 'credential')
      .executeTakeFirst();
    if (credential) continue;
    await db
      .insertInto('account')
      .values({ id: newId(), userId: user.id, accountId: user.id, providerId: 'credential', password: hash, accessToken: null, refreshToken: null, idToken: null, accessTokenExpiresAt: null, refreshTokenExpiresAt: null, scope: null, createdAt: now, updatedAt: now })
      .execute();
  }
  for (const extra of DEMO_EXTRA) {
    if (await db.selectFrom('user').select('id').where('email', '=', extra.email).executeTakeFirst()) continue;
    try {
      await createAccount(db, { ...extra, passwordHash: hash });
    } catch (err) {
      if (!(err instanceof AppError && err.status === 409)) throw err;
    }
  }
  const emails = [...DEMO_EXTRA.map((e) => `${e.email} (${e.role})`), ...Object.values(DEMO_CREATORS).map((c) => `${c.email} (creator)`)];
  services.log.info({ password: DEMO_PASSWORD, accounts: emails }, `demo accounts — password "${DEMO_PASSWORD}": ${emails.join(', ')}`);
  if (services.config.publicUrl.startsWith('https://'))
    services.log.warn('demo accounts with a published password exist: run real deployments with DEMO_DATA=false');
}
