// Ledger invariants under random interleavings of the ways money goes out (decision 0039): withdrawals,
// forged and repeated B2C results (triggers only), Transaction Status answers that agree (paid, failed),
// disagree (held), say Pending or come with a stale token, admins settling held payouts, and suspension
// and restore. On a real database (SQLite, or PostgreSQL with TEST_DATABASE_URL). After every step: each
// entry sums to zero, balances equal a model kept here, only an agreeing answer or an admin settles a
// payout, none twice, and a suspended creator opens none. An affiliate (a customer paid commissions,
// decision 0067) goes through the same payouts beside the creators. The purchases side is
// ledger.property.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '#server/core/actor.ts';
import { DomainError } from '#server/core/errors.ts';
import { useTestServices } from '#tests/support/testServices.ts';
import { unbalancedEntries } from '#tests/support/unbalancedEntries.ts';
import { make } from '#tests/support/factories/index.ts';
import { statusResultBody } from '#tests/support/payoutsWorld.ts';
import { seededRandom } from '#tests/support/seededRandom.ts';
import { createPayout } from '../payouts/createPayout.ts';
import { handleB2cResult } from '../payouts/handleB2cResult.ts';
import { handleStatusResult } from '../payouts/handleStatusResult.ts';
import { queryPayoutStatus } from '../payouts/queryPayoutStatus.ts';
import { sendPayout } from '../payouts/sendPayout.ts';
import { settleHeldPayout } from '../payouts/settleHeldPayout.ts';
import { creatorBalancesInTx } from './creatorBalancesInTx.ts';

const PHONE = '254708374149';

interface Creator {
  id: string;
  available: number;
  inFlight: number;
  paidOut: number;
  suspended: boolean;
}
interface Open {
  id: string;
  creator: Creator;
  amount: number;
  held: boolean;
}

// Nothing listens there: every status query fails after its token is stored; answers are posted here.
const world = useTestServices({ MPESA_BASE_URL: 'http://127.0.0.1:9' });
let admin: SessionUser;
beforeAll(async () => {
  admin = await make.actor(world.t.db, { role: 'admin' });
});

const secret = () => world.services.config.mpesa.b2cResultSecret;
type Tweak = 'amount' | 'phone' | 'shortcode' | 'request' | null;

/** A Transaction Status answer about a payout, as Daraja documents it; `tweak` makes one fact disagree. */
function statusAnswer(p: { id: string; amount: number }, status: string, tweak: Tweak) {
  const params: Record<string, string | number> = {
    DebitPartyName: `${tweak === 'shortcode' ? '999999' : world.services.config.mpesa.b2cShortcode} - Darasa`,
    CreditPartyName: `${tweak === 'phone' ? '254711000999' : PHONE} - Wanjiru Kamau`,
    OriginatorConversationID: tweak === 'request' ? 'another-request' : p.id,
    TransactionStatus: status,
    TransactionReason: status === 'Failed' ? 'The balance is insufficient for the transaction.' : '',
    Amount: tweak === 'amount' ? p.amount + 1 : p.amount,
    ReceiptNo: 'UAB1C2D3E4',
  };
  return statusResultBody(params);
}

/** The token of a status query about the payout (the query itself fails: nothing listens). */
async function askedToken(payoutId: string): Promise<string> {
  await queryPayoutStatus(world.services, { payoutId }).catch(() => undefined);
  const p = await world.t.db
    .selectFrom('payout')
    .select('statusToken')
    .where('id', '=', payoutId)
    .executeTakeFirstOrThrow();
  return p.statusToken ?? '';
}

describe('payout ledger invariants (property)', () => {
  for (const seed of [3, 11, 2026]) {
    it(`seed ${seed}: forged results move nothing, disagreement holds, each payout settles once`, async () => {
      const r = seededRandom(seed);
      const creators: Creator[] = [];
      for (let i = 0; i < 3; i++) {
        const c = await make.creatorWithEarnings(world.services, { phone: PHONE, price: r.int(2, 6) * 1000 });
        const b = await creatorBalancesInTx(world.t.db, { creatorId: c.userId, now: new Date() });
        creators.push({ id: c.userId, available: b.available, inFlight: 0, paidOut: 0, suspended: false });
      }
      const a = await make.affiliateWithEarnings(world.services, { phone: PHONE, price: r.int(10, 30) * 1000 });
      const ab = await creatorBalancesInTx(world.t.db, { creatorId: a.userId, now: new Date() });
      expect(ab.available).toBeGreaterThan(0);
      creators.push({ id: a.userId, available: ab.available, inFlight: 0, paidOut: 0, suspended: false });
      const open: Open[] = [];
      const settledIds = new Set<string>();
      for (let step = 0; step < 80; step++) {
        const c = creators[r.int(0, creators.length - 1)]!;
        const o = open.length ? open[r.int(0, open.length - 1)]! : null;
        const op = r.int(0, 7);
        let where = `seed ${seed} step ${step} op ${op}`;
        if (op <= 1) {
          const amount = r.int(50, 2500);
          const ok = !c.suspended && !open.some((x) => x.creator === c) && amount >= 100 && amount <= c.available;
          let id: string | null = null;
          try {
            id = await createPayout(world.services, { creatorId: c.id, purpose: 'withdrawal', amount });
          } catch (err) {
            if (!(err instanceof DomainError)) throw err;
          }
          expect(id !== null, `${where}: withdraw ${amount} of ${c.available}`).toBe(ok);
          if (id) {
            open.push({ id, creator: c, amount, held: false });
            c.available -= amount;
            c.inFlight += amount;
            // Nothing listens at MPESA_BASE_URL: the payout stays requested, as while M-Pesa is unreachable.
            await sendPayout(world.services, { payoutId: id }).catch(() => undefined);
          }
        } else if (op === 2 && o) {
          // A forged or repeated B2C result, any code: only a trigger.
          const code = [0, 1, 2001, 2040][r.int(0, 3)]!;
          await handleB2cResult(world.services, {
            kind: r.next() < 0.8 ? 'result' : 'timeout',
            secret: secret(),
            body: {
              Result: {
                ResultCode: code,
                ResultDesc: 'forged',
                OriginatorConversationID: o.id,
                ResultParameters: { ResultParameter: [{ Key: 'TransactionAmount', Value: o.amount }] },
              },
            },
          });
        } else if ((op === 3 || op === 4) && o) {
          const status = ['Completed', 'Failed', 'Pending'][r.int(0, 2)]!;
          const tweak: Tweak =
            r.next() < 0.3 ? (['amount', 'phone', 'shortcode', 'request'] as const)[r.int(0, 3)]! : null;
          const stale = r.next() < 0.15;
          const token = stale ? 'staleToken000000' : await askedToken(o.id);
          where += ` ${status} ${tweak} stale=${stale}`;
          const body = statusAnswer(o, status, tweak);
          const handle = () => handleStatusResult(world.services, { secret: secret(), payoutId: o.id, token, body });
          if (stale) {
            await expect(handle(), where).rejects.toMatchObject({ code: 'not_found' });
          } else {
            const { settled } = await handle();
            const settles = !o.held && tweak === null && status !== 'Pending';
            expect(settled, where).toBe(settles);
            // The same answer again changes nothing.
            expect((await handle()).settled, where).toBe(false);
            if (!o.held && tweak !== null) o.held = true;
            if (settles) finish(o, status === 'Completed' ? 'paid' : 'failed');
          }
        } else if (op === 5 && o) {
          const outcome = r.next() < 0.5 ? 'paid' : 'failed';
          const res = await settleHeldPayout(world.services, admin, { payoutId: o.id, outcome, note: 'checked' }).then(
            () => true,
            (err: unknown) => {
              if (!(err instanceof DomainError)) throw err;
              return false;
            },
          );
          expect(res, where).toBe(o.held);
          if (res) finish(o, outcome);
        } else if (op === 6) {
          // Suspend or restore (the accounts module's status; restoring releases held payouts).
          c.suspended = !c.suspended;
          await world.t.db
            .updateTable('user')
            .set({ status: c.suspended ? 'suspended' : 'active' })
            .where('id', '=', c.id)
            .execute();
        }
        await checkInvariants(creators, settledIds, where);
      }

      function finish(o: Open, outcome: 'paid' | 'failed') {
        expect(settledIds.has(o.id)).toBe(false);
        settledIds.add(o.id);
        open.splice(open.indexOf(o), 1);
        o.creator.inFlight -= o.amount;
        if (outcome === 'paid') o.creator.paidOut += o.amount;
        else o.creator.available += o.amount;
      }
    });
  }
});

async function checkInvariants(creators: Creator[], settledIds: Set<string>, where: string) {
  const unbalanced = await unbalancedEntries(world.t.db);
  expect(unbalanced, where).toEqual([]);
  for (const c of creators) {
    const b = await creatorBalancesInTx(world.t.db, { creatorId: c.id, now: new Date() });
    expect(b, `${where} balances`).toEqual({
      pending: 0,
      available: c.available,
      inFlight: c.inFlight,
      paidOut: c.paidOut,
    });
  }
  const settled = await world.t.db
    .selectFrom('payout')
    .select('id')
    .where('status', 'in', ['paid', 'failed'])
    .where(
      'creatorId',
      'in',
      creators.map((c) => c.id),
    )
    .execute();
  expect(new Set(settled.map((p) => p.id)), `${where} settled payouts`).toEqual(settledIds);
}
