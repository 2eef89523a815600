// The payment state machine: which moves exist, and the one guarded update that makes them (of two
// processes settling one payment, only one moves it). Runs on SQLite and PostgreSQL (TEST_DATABASE_URL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentStatus } from '#server/db/schema.ts';
import { make } from '#tests/support/factories/index.ts';
import { createTestDatabase, type TestDatabase } from '#tests/support/testDatabase.ts';
import { canTransition, transitionPaymentsInTx } from './paymentStateMachine.ts';

const ALL: PaymentStatus[] = ['created', 'pending', 'paid', 'failed', 'cancelled', 'expired', 'refunded'];

describe('payment state machine', () => {
  it('only moves forward', () => {
    const allowed = ALL.flatMap((from) => ALL.filter((to) => canTransition(from, to)).map((to) => `${from}→${to}`));
    expect(allowed).toEqual([
      'created→pending',
      'created→failed',
      'created→expired',
      'pending→paid',
      'pending→failed',
      'pending→cancelled',
      'pending→expired',
      'paid→refunded',
      'expired→paid',
    ]);
  });

  it('never leaves a final failure, and never un-pays', () => {
    for (const to of ALL) {
      expect(canTransition('failed', to)).toBe(false);
      expect(canTransition('cancelled', to)).toBe(false);
      expect(canTransition('refunded', to)).toBe(false);
    }
    expect(canTransition('paid', 'failed')).toBe(false);
    expect(canTransition('paid', 'pending')).toBe(false);
  });
});

describe('transitionPaymentsInTx', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => {
    await t.close();
  });

  const transition = (from: PaymentStatus, to: PaymentStatus, changes = {}) =>
    transitionPaymentsInTx(t.db, { from, to, changes });
  const status = async (id: string) =>
    (await t.db.selectFrom('payment').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  async function pending() {
    const { creator, course } = await make.creatorWithCourse(t.db, { price: 500 });
    return make.pendingPayment(t.db, { userId: creator.id, courseId: course.id, amount: 500, phone: '254708374149' });
  }

  it('moves a payment still in `from`, and leaves one that has moved on alone', async () => {
    const id = await pending();
    const moved = await transition('pending', 'paid', { paidAt: new Date() }).where('id', '=', id).executeTakeFirst();
    expect(Number(moved.numUpdatedRows)).toBe(1);
    const again = await transition('pending', 'cancelled').where('id', '=', id).executeTakeFirst();
    expect(Number(again.numUpdatedRows)).toBe(0);
    expect(await status(id)).toBe('paid');
  });

  it('lets exactly one of several racing settlements through', async () => {
    const id = await pending();
    const results = await Promise.all(
      (['paid', 'cancelled', 'failed', 'paid'] as const).map((to) =>
        transition('pending', to).where('id', '=', id).executeTakeFirst(),
      ),
    );
    expect(results.reduce((n, r) => n + Number(r.numUpdatedRows), 0)).toBe(1);
  });

  it('throws on a move the machine forbids, before touching the database', async () => {
    const id = await pending();
    await transition('pending', 'paid').where('id', '=', id).execute();
    expect(() => transition('paid', 'pending')).toThrow('A payment cannot go from paid to pending');
    expect(await status(id)).toBe('paid');
  });
});
