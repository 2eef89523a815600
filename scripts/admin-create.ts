// Creates an admin account (admins never come from sign-up). Run with Node's type stripping:
//   npm run admin:create -- --email admin@example.com --password 'long secret' --name 'Jane Admin'
// Uses the same configuration as the server (DATABASE_URL or DATA_DIR), applying pending migrations first.
import { parseArgs } from 'node:util';
import { createServices } from '#server/composition/createServices.ts';
import { ConfigError, loadConfig, urlSecrets } from '#server/config/config.ts';
import { connectDatabase } from '#server/db/connect.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { DomainError } from '#server/core/errors.ts';
import { createLogger } from '#server/logging/logger.ts';
import { createAdmin } from '#server/modules/accounts/createAdmin.ts';

async function main(): Promise<number> {
  let values: { email?: string; password?: string; name?: string };
  try {
    ({ values } = parseArgs({
      options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
    }));
  } catch (err) {
    console.error(
      `${(err as Error).message}\nUsage: npm run admin:create -- --email EMAIL --password PASSWORD [--name NAME]`,
    );
    return 2;
  }
  const config = loadConfig();
  const database = connectDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  const services = createServices({ config, database, log: createLogger(config.LOG_LEVEL, urlSecrets(config)) });
  try {
    await migrateToLatest(database);
    const admin = await createAdmin(services, {
      email: values.email,
      password: values.password,
      name: values.name ?? 'Darasa Admin',
    });
    console.log(`Admin ${admin.email} created. Sign in at ${config.publicUrl}/login`);
    return 0;
  } finally {
    await services.stop();
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof DomainError || err instanceof ConfigError ? err.message : err);
    process.exit(1);
  },
);
