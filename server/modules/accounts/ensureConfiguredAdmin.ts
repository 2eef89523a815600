import type { Services } from '#server/core/services.ts';
import { ConfigError } from '#server/config/config.ts';
import { DomainError } from '#server/core/errors.ts';
import { createAdmin } from './createAdmin.ts';

/**
 * ADMIN_EMAIL + ADMIN_PASSWORD: the admin is created on the first start that finds no user with that
 * email (later starts, and several processes starting together, leave it as it is).
 */
export async function ensureConfiguredAdmin(services: Services): Promise<void> {
  const { ADMIN_EMAIL: email, ADMIN_PASSWORD: password, ADMIN_NAME: name } = services.config;
  if (!email && !password) return;
  if (!email || !password)
    throw new ConfigError('Invalid configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  const existing = await services.database.db
    .selectFrom('user')
    .select('role')
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
  if (existing) {
    if (existing.role !== 'admin')
      services.log.warn({ email }, 'ADMIN_EMAIL belongs to a user who is not an admin; nothing changed');
    return;
  }
  try {
    await createAdmin(services, { email, password, name });
    services.log.info({ email }, 'admin created from ADMIN_EMAIL');
  } catch (err) {
    // Another process created it a moment ago.
    if (!(err instanceof DomainError && err.code === 'conflict')) throw err;
  }
}
