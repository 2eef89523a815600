// Setting the payout number: only a Safaricom number (written any way a person writes one) is taken,
// stored as Daraja writes it, and a KES 1 verification transfer goes out to it; the verified number stays
// the old one until that transfer is paid (settlePayout.test.ts). Runs on SQLite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import { make } from '#tests/support/factories/index.ts';
import { useTestServices } from '#tests/support/testServices.ts';
import { setPayoutNumber } from './setPayoutNumber.ts';

const world = useTestServices();

const newCreator = async () => ({
  userId: (await make.user(world.t.db, { role: 'creator' })).id,
  role: 'creator' as const,
});
const account = (userId: string) =>
  world.t.db.selectFrom('payoutAccount').selectAll().where('userId', '=', userId).executeTakeFirst();

describe('setPayoutNumber', () => {
  it.each([
    ['0712 345 678', '254712345678'],
    ['+254 712-345-678', '254712345678'],
    ['254712345678', '254712345678'],
    ['0110 345 678', '254110345678'],
  ])('takes %s as %s and sends it a KES 1 verification transfer', async (written, stored) => {
    const c = await newCreator();
    const { phone, payoutId } = await setPayoutNumber(world.services, c, { phone: written });
    expect(phone).toBe(stored);
    expect(await account(c.userId)).toMatchObject({ phone: stored, verifiedPhone: null });
    expect(
      await world.t.db.selectFrom('payout').selectAll().where('id', '=', payoutId).executeTakeFirst(),
    ).toMatchObject({
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
      await expect(setPayoutNumber(world.services, c, { phone: written })).rejects.toMatchObject({
        code: 'invalid_input',
        details: { phone: 'Enter a Safaricom number like 0712 345 678.' },
      });
      expect(await account(c.userId)).toBeUndefined();
    },
  );

  it('keeps the verified number while a new one is being checked', async () => {
    const c = await newCreator();
    await make.payoutAccount(world.t.db, { creatorId: c.userId, phone: '254708374149' });
    await setPayoutNumber(world.services, c, { phone: '0712 345 678' });
    expect(await account(c.userId)).toMatchObject({ phone: '254712345678', verifiedPhone: '254708374149' });
  });

  it('is for payees (creators and affiliates), not visitors or admins', async () => {
    await expect(setPayoutNumber(world.services, null, { phone: '0712345678' })).rejects.toMatchObject({
      code: 'unauthenticated',
    });
    await expect(
      setPayoutNumber(world.services, await make.actor(world.t.db, { role: 'admin' }), { phone: '0712345678' }),
    ).rejects.toMatchObject({
      code: 'forbidden',
    });
  });
});
