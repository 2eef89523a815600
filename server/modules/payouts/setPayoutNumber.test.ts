// Setting the payout number: only a Safaricom number (written any way a person writes one) is taken,
// stored as Daraja writes it, and a KES 1 verification transfer goes out to it; the verified number stays
// the old one until that transfer is paid (settlePayout.test.ts). Runs on SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '#server/core/services.ts';
import { make } from '#tests/support/factories/index.ts';
import { createTestDatabase, type TestDatabase } from '#tests/support/testDatabase.ts';
import { testServices } from '#tests/support/testServices.ts';
import { setPayoutNumber } from './setPayoutNumber.ts';

let t: TestDatabase;
let services: Services;
beforeAll(async () => {
  t = await createTestDatabase();
  services = testServices(t);
});
afterAll(async () => {
  await t.close();
});

const newCreator = async () => ({ userId: (await make.user(t.db, { role: 'creator' })).id, role: 'creator' as const });
const account = (userId: string) =>
  t.db.selectFrom('payoutAccount').selectAll().where('userId', '=', userId).executeTakeFirst();

describe('setPayoutNumber', () => {
  it.each([
    ['0712 345 678', '254712345678'],
    ['+254 712-345-678', '254712345678'],
    ['254712345678', '254712345678'],
    ['0110 345 678', '254110345678'],
  ])('takes %s as %s and sends it a KES 1 verification transfer', async (written, stored) => {
    const c = await newCreator();
    const { phone, payoutId } = await setPayoutNumber(services, c, { phone: written });
    expect(phone).toBe(stored);
    expect(await account(c.userId)).toMatchObject({ phone: stored, verifiedPhone: null });
    expect(await t.db.selectFrom('payout').selectAll().where('id', '=', payoutId).executeTakeFirst()).toMatchObject({
      purpose: 'verification',
      amount: 1,
      phone: stored,
      status: 'requested',
    });
  });

  it.each(['', 'not a number', '12345', '0712 345 67', '2540712345678', '+1 415 555 0100'])(
    'refuses %j in plain words and changes nothing',
    async (written) => {
      const c = await newCreator();
      await expect(setPayoutNumber(services, c, { phone: written })).rejects.toMatchObject({
        code: 'invalid_input',
        details: { phone: 'Enter a Safaricom number like 0712 345 678.' },
      });
      expect(await account(c.userId)).toBeUndefined();
    },
  );

  it('keeps the verified number while a new one is being checked', async () => {
    const c = await newCreator();
    await make.payoutAccount(t.db, { creatorId: c.userId, phone: '254708374149' });
    await setPayoutNumber(services, c, { phone: '0712 345 678' });
    expect(await account(c.userId)).toMatchObject({ phone: '254712345678', verifiedPhone: '254708374149' });
  });

  it('is for creators', async () => {
    await expect(setPayoutNumber(services, null, { phone: '0712345678' })).rejects.toMatchObject({
      code: 'unauthenticated',
    });
    await expect(setPayoutNumber(services, await make.actor(t.db), { phone: '0712345678' })).rejects.toMatchObject({
      code: 'forbidden',
    });
  });
});
