import { hashPassword } from 'better-auth/crypto';
import type { Services } from '#server/core/services.ts';
import { DomainError } from '#server/core/errors.ts';
import { DEMO_CREATORS } from './demoCatalog.ts';
import type { Role } from '#server/modules/access/policies.ts';
import { createAccount } from '#server/modules/accounts/createAccount.ts';
import { credentialAccount } from '#server/modules/accounts/credentialAccount.ts';

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
export async function ensureDemoAccounts(services: Services): Promise<void> {
  const { db } = services.database;
  // Hashed per account: each gets its own salt, so equal passwords never show as equal hashes.
  const hash = () => hashPassword(DEMO_PASSWORD);
  const now = services.clock.now();
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
      .values(credentialAccount(user.id, await hash(), now))
      .execute();
  }
  for (const extra of DEMO_EXTRA) {
    if (await db.selectFrom('user').select('id').where('email', '=', extra.email).executeTakeFirst()) continue;
    try {
      await createAccount(services, { ...extra, passwordHash: await hash() });
    } catch (err) {
      if (!(err instanceof DomainError && err.code === 'conflict')) throw err;
    }
  }
  const emails = [
    ...DEMO_EXTRA.map((e) => `${e.email} (${e.role})`),
    ...Object.values(DEMO_CREATORS).map((c) => `${c.email} (creator)`),
  ];
  services.log.info(
    { password: DEMO_PASSWORD, accounts: emails },
    `demo accounts — password "${DEMO_PASSWORD}": ${emails.join(', ')}`,
  );
  if (services.config.publicUrl.startsWith('https://'))
    services.log.warn('demo accounts with a published password exist: run real deployments with DEMO_DATA=false');
}
