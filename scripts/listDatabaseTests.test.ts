// The PostgreSQL pass runs what this script lists: every test that reaches a database, and no pure one.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const run = promisify(execFile);

it('lists the tests that reach a database and leaves out pure ones', async () => {
  const { stdout } = await run(process.execPath, ['scripts/listDatabaseTests.mjs']);
  const files = stdout.trim().split('\n');
  expect(files).toContain('tests/integration/paymentsFlow.test.ts');
  expect(files).toContain('server/modules/ledger/ledger.property.test.ts');
  expect(files).toContain('tests/integration/multiProcess.test.ts');
  expect(files).not.toContain('server/modules/coupons/discountedPrice.test.ts');
  expect(files).not.toContain('common/phone.test.ts');
});
