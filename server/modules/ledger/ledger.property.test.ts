// Ledger invariants under random sequences of purchases and gifts (claimed, claimed again, refused once
// refunded), duplicate settlements, refunds (requested, failed,
// asked again, confirmed, confirmations repeated), second payments (received, returned), payouts (paid,
// failed, results repeated), adjustments and the passing of time, on a real database (SQLite, or
// PostgreSQL with TEST_DATABASE_URL). After every step: each entry sums to zero, each creator's balances
// equal a model kept here independently, the paybill holds exactly the sales not refunded plus the second
// payments not yet returned (owed to their payers), no payout is settled or paid twice, and a withdrawal
// is accepted exactly when the model says the money is available; a gift enrolls nobody until claimed, its
// recipient once claimed, nobody once refunded, and its refund reverses its sale like any other. Bundles
// (decision 0063) are bought through startPayment (by Paybill: no prompt) at the price the bundle page
// quotes, by learners who may own one of its courses already: each is one sale, enrolls its buyer in exactly
// the courses it granted, and its refund revokes exactly those. Affiliates (decision 0067): customers with
// payout numbers share links to courses whose creators turn affiliate sales on, off and change the commission
// (also between a purchase's start and its settlement); a purchase through a link is split three ways by the
// percent it started with, its refund takes the commission back, and affiliates withdraw like creators.
// Instalment plans (decision 0068) are started and paid part by part through startPayment (by Paybill): each
// part is its own sale of exactly its amount, the plan's enrollment stands while a part is left paid, a refunded part reverses that part alone and stops the
// plan (its next part is refused, changing nothing), and a plan fully paid has paid exactly the price.
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '#server/core/actor.ts';
import { DomainError } from '#server/core/errors.ts';
import { toNum } from '#server/db/values.ts';
import { servicesAt } from '#tests/support/servicesAt.ts';
import { useTestServices } from '#tests/support/testServices.ts';
import { unbalancedEntries } from '#tests/support/unbalancedEntries.ts';
import { completeRefundInTx } from '../payments/completeRefundInTx.ts';
import { settlePayment } from '../payments/settlePayment.ts';
import { newId } from '#server/lib/ids.ts';
import { adjustBalance } from '../payouts/adjustBalance.ts';
import { createPayout } from '../payouts/createPayout.ts';
import { settlePayout } from '../payouts/settlePayout.ts';
import { creatorBalancesInTx } from './creatorBalancesInTx.ts';
import { postExtraPaymentInTx } from './postExtraPaymentInTx.ts';
import { make } from '#tests/support/factories/index.ts';
import { seededRandom } from '#tests/support/seededRandom.ts';
import { claimGift } from '../gifts/claimGift.ts';
import { newGiftToken } from '../gifts/giftToken.ts';
import { getBundlePage } from '../bundles/getBundlePage.ts';
import { saveBundle } from '../bundles/saveBundle.ts';
import { startPayment } from '../payments/startPayment.ts';
import { setCourseAffiliates } from '../affiliates/setCourseAffiliates.ts';
import { getReferralLink } from '../affiliates/getReferralLink.ts';
import { recordReferral } from '../affiliates/recordReferral.ts';
import { partAmounts } from '#common/instalments/instalments.ts';

const HOLD_DAYS = 3;
const FEE = 10;
const DAY = 86_400_000;

interface ModelLine {
  amount: number;
  availableAt: number;
}
interface Creator {
  id: string;
  bundleId: string;
  courses: { id: string; price: number }[];
  payable: ModelLine[];
  inFlight: number;
  paidOut: number;
  /** The commission of its first course while affiliate sales are on (a creator); null: off, or an affiliate. */
  affiliatePercent: number | null;
}

const world = useTestServices({ PLATFORM_FEE_PERCENT: String(FEE), PAYOUT_HOLD_DAYS: String(HOLD_DAYS) });
let admin: SessionUser;
beforeAll(async () => {
  admin = await make.actor(world.t.db, { role: 'admin' });
});

describe('ledger invariants (property)', () => {
  for (const seed of [1, 3, 42]) {
    it(`seed ${seed}: balances are the sums of their entries, entries balance, nothing paid twice`, async () => {
      const r = seededRandom(seed);
      let now = Date.UTC(2026, 5, 1, 8);
      const creators: Creator[] = [];
      for (let i = 0; i < 3; i++) {
        const u = await make.user(world.t.db, { role: 'creator' });
        await make.payoutAccount(world.t.db, { creatorId: u.id, phone: '254708374149' });
        const courses = [];
        for (let j = 0; j < 2; j++)
          courses.push(await make.course(world.t.db, { creator: u, price: r.int(50, 3000), instalmentsMax: 4 }));
        const total = courses.reduce((sum, x) => sum + (x.price as number), 0);
        const { id: bundleId } = await saveBundle(
          world.services,
          { userId: u.id, role: 'creator' },
          {
            bundle: {
              title: `Bundle ${seed}-${i}`,
              description: '',
              courseIds: courses.map((x) => x.id),
              price: r.int(10, total - 1),
            },
          },
        );
        creators.push({
          id: u.id,
          bundleId,
          courses: courses.map((c) => ({ id: c.id, price: c.price as number })),
          payable: [],
          inFlight: 0,
          paidOut: 0,
          affiliatePercent: null,
        });
      }
      // Affiliates: customers paid like creators (no courses of their own).
      const affiliates: Creator[] = [];
      for (let i = 0; i < 2; i++) {
        const u = await make.user(world.t.db, { role: 'customer' });
        await make.payoutAccount(world.t.db, { creatorId: u.id, phone: '254708374149' });
        affiliates.push({
          id: u.id,
          bundleId: '',
          courses: [],
          payable: [],
          inFlight: 0,
          paidOut: 0,
          affiliatePercent: null,
        });
      }
      const payees = [...creators, ...affiliates];
      const setCommission = async (c: Creator, enabled: boolean) => {
        const percent = r.int(5, 50);
        await setCourseAffiliates(
          world.services,
          { userId: c.id, role: 'creator' },
          { courseId: c.courses[0]!.id, settings: { enabled, percent } },
        );
        c.affiliatePercent = enabled ? percent : null;
      };
      for (const c of creators) await setCommission(c, true);
      type Refund = 'none' | 'requested' | 'failed' | 'done';
      let refundTurn = 0;
      const sales: Sale[] = [];
      type Sale = {
        paymentId: string;
        creator: Creator;
        price: number;
        net: number;
        availableAt: number;
        refund: Refund;
        refundId: string;
        /** A gift: its recipient's phone, and who claimed it. */
        gift: { phone: string; recipient: string | null; claimedBy: string | null } | null;
        /** A bundle purchase: its buyer and the courses it granted. */
        bundle?: { buyer: string; granted: string[] };
        /** Bought through an affiliate's link: who earned what. */
        affiliate?: { payee: Creator; commission: number };
        /** A part of an instalment plan. */
        plan?: Plan;
      };
      type Plan = {
        id: string;
        buyer: string;
        courseId: string;
        price: number;
        parts: number;
        paid: number;
        stopped: boolean;
      };
      const plans: Plan[] = [];
      // The database is shared by the seeds: the model starts from what the earlier ones left.
      const money = await paybillNow();
      const extras: { id: string; amount: number }[] = [];
      const open = new Map<string, { creator: Creator; amount: number }>();
      let giftPhones = seed * 10_000;
      /** A settled sale in the model: the creator's share held, the price in the paybill. */
      const sold = (c: Creator, sale: Pick<Sale, 'paymentId' | 'price' | 'net'> & Partial<Sale>) => {
        c.payable.push({ amount: sale.net, availableAt: now + HOLD_DAYS * DAY });
        money.paybill += sale.price;
        sales.push({
          creator: c,
          availableAt: now + HOLD_DAYS * DAY,
          refund: 'none',
          refundId: newId(),
          gift: null,
          ...sale,
        });
      };
      const available = (c: Creator) => c.payable.filter((l) => l.availableAt <= now).reduce((s, l) => s + l.amount, 0);
      const pending = (c: Creator) => c.payable.filter((l) => l.availableAt > now).reduce((s, l) => s + l.amount, 0);

      for (let step = 0; step < 300; step++) {
        const c = r.pick(creators);
        const op = r.int(0, 10);
        const at = new Date(now);
        const acting = servicesAt(world.services, at);
        const bundleStep = op <= 2 && r.next() < 0.35;
        const planStep = op <= 2 && !bundleStep && r.next() < 0.35;
        if (bundleStep) {
          // A bundle, bought by a learner who owns none of its courses or one of them already.
          const buyer = await make.user(world.t.db, { role: 'customer' });
          const owned = r.next() < 0.5 ? r.pick(c.courses).id : null;
          if (owned) await make.enrollment(world.t.db, { userId: buyer.id, courseId: owned });
          const actor = { userId: buyer.id, role: 'customer' as const };
          const { price } = await getBundlePage(acting, actor, { bundleId: c.bundleId });
          const started = await startPayment(acting, actor, {
            bundleId: c.bundleId,
            amount: price,
            phone: '254708374149',
            idempotencyKey: newId(),
            method: 'paybill',
          });
          if (started.kind !== 'payment') throw new Error('expected a payment');
          const paymentId = started.payment.id;
          await settlePayment(acting, { paymentId, outcome: 'paid', resultCode: 0, resultDesc: 'ok' });
          sold(c, {
            paymentId,
            price,
            net: price - Math.round((price * FEE) / 100),
            bundle: { buyer: buyer.id, granted: c.courses.map((x) => x.id).filter((id) => id !== owned) },
          });
        } else if (planStep) {
          // An instalment part: the first of a new plan, or the next of a plan (refused once a refund stopped it).
          const running = plans.filter((p) => p.paid < p.parts);
          const plan: Plan | null = running.length && r.next() < 0.75 ? r.pick(running) : null;
          const course = plan ? { id: plan.courseId, price: plan.price } : r.pick(c.courses);
          const buyer = plan?.buyer ?? (await make.user(world.t.db, { role: 'customer' })).id;
          const parts = plan?.parts ?? r.int(2, 4);
          const part = (plan?.paid ?? 0) + 1;
          const amount = partAmounts(course.price, parts)[part - 1]!;
          let started: Awaited<ReturnType<typeof startPayment>> | null = null;
          try {
            started = await startPayment(
              acting,
              { userId: buyer, role: 'customer' },
              {
                courseId: course.id,
                amount,
                phone: '254708374149',
                idempotencyKey: newId(),
                method: 'paybill',
                instalments: plan ? { planId: plan.id, part } : { parts },
              },
            );
          } catch (err) {
            if (!(err instanceof DomainError)) throw err;
          }
          expect(started !== null, `part ${part} of a plan ${plan?.stopped ? 'stopped' : 'running'}`).toBe(
            !plan?.stopped,
          );
          if (started) {
            if (started.kind !== 'payment') throw new Error('expected a payment');
            const paymentId = started.payment.id;
            await settlePayment(acting, { paymentId, outcome: 'paid', resultCode: 0, resultDesc: 'ok' });
            const row = await world.t.db
              .selectFrom('payment')
              .select('instalmentPlanId')
              .where('id', '=', paymentId)
              .executeTakeFirstOrThrow();
            const p = plan ?? {
              id: row.instalmentPlanId!,
              buyer,
              courseId: course.id,
              price: course.price,
              parts,
              paid: 0,
              stopped: false,
            };
            if (!plan) plans.push(p);
            p.paid++;
            const net = amount - Math.round((amount * FEE) / 100);
            // A plan's later part may be another creator's course than this step's.
            const seller = creators.find((x) => x.courses.some((y) => y.id === course.id))!;
            seller.payable.push({ amount: net, availableAt: now + HOLD_DAYS * DAY });
            money.paybill += amount;
            sales.push({
              paymentId,
              creator: seller,
              price: amount,
              net,
              availableAt: now + HOLD_DAYS * DAY,
              refund: 'none',
              refundId: newId(),
              gift: null,
              plan: p,
            });
          }
        } else if (op <= 2 && r.next() < 0.4) {
          // A purchase through an affiliate's link to the creator's first course, with the commission of its
          // start, which the creator may change (or turn off) before M-Pesa's answer settles it.
          const course = c.courses[0]!;
          const a = r.pick(affiliates);
          const buyer = { userId: (await make.user(world.t.db, { role: 'customer' })).id, role: 'customer' as const };
          const percent = c.affiliatePercent;
          if (percent !== null) {
            const { code } = await getReferralLink(acting, { userId: a.id, role: 'customer' }, { courseId: course.id });
            expect(await recordReferral(acting, buyer, { courseId: course.id, code })).not.toBeNull();
          }
          const started = await startPayment(acting, buyer, {
            courseId: course.id,
            amount: course.price,
            phone: '254708374149',
            idempotencyKey: newId(),
            method: 'paybill',
          });
          if (started.kind !== 'payment') throw new Error('expected a payment');
          const paymentId = started.payment.id;
          if (r.next() < 0.5) await setCommission(c, r.next() < 0.8);
          await settlePayment(acting, { paymentId, outcome: 'paid', resultCode: 0, resultDesc: 'ok' });
          const fee = Math.round((course.price * FEE) / 100);
          const commission =
            percent === null ? 0 : Math.min(Math.round((course.price * percent) / 100), course.price - fee);
          if (commission) a.payable.push({ amount: commission, availableAt: now + HOLD_DAYS * DAY });
          sold(c, {
            paymentId,
            price: course.price,
            net: course.price - fee - commission,
            ...(percent === null ? {} : { affiliate: { payee: a, commission } }),
          });
        } else if (op === 2 && r.next() < 0.15) {
          await setCommission(c, r.next() < 0.7);
        } else if (op <= 2) {
          const course = r.pick(c.courses);
          const gift =
            r.next() < 0.4
              ? { phone: `2547${String(++giftPhones).padStart(8, '0')}`, recipient: null, claimedBy: null }
              : null;
          const paymentId = await make.paidSale(world.services, {
            course,
            at,
            ...(gift ? { giftTo: gift.phone } : {}),
          });
          sold(c, { paymentId, price: course.price, net: course.price - Math.round((course.price * FEE) / 100), gift });
        } else if (op === 3 && sales.some((s) => s.gift) && r.next() < 0.6) {
          // A gift claimed by its recipient (a claim moves no money), claimed again (nothing changes), or
          // refused once its refund was asked for.
          const s = r.pick(sales.filter((x) => x.gift));
          const g = s.gift!;
          const { token, hash } = newGiftToken();
          await world.t.db.updateTable('gift').set({ tokenHash: hash }).where('paymentId', '=', s.paymentId).execute();
          g.recipient ??= (
            await make.user(world.t.db, { role: 'customer', phone: `+${g.phone}`, phoneVerified: true })
          ).id;
          const who = g.recipient;
          const claimable = s.refund === 'none';
          let claimed = true;
          try {
            await claimGift(acting, { userId: who, role: 'customer' }, { token });
          } catch (err) {
            if (!(err instanceof DomainError)) throw err;
            claimed = false;
          }
          expect(claimed, `claim of a gift ${s.refund === 'none' ? 'not refunded' : 'refunded'}`).toBe(
            claimable || g.claimedBy !== null,
          );
          if (claimed) g.claimedBy = who;
        } else if (op === 3 && sales.length) {
          // A repeated "paid" for a sale already settled changes nothing.
          await settlePayment(acting, {
            paymentId: r.pick(sales).paymentId,
            outcome: 'paid',
            resultCode: 0,
            resultDesc: 'again',
          });
        } else if (op === 4 && sales.some((s) => s.refund !== 'done' && !s.gift?.claimedBy)) {
          // A refund's life: requested (nothing moves), then M-Pesa fails it (nothing moves; it may be asked
          // again) or confirms it (the sale is reversed, once, however often the confirmation comes).
          // A claimed gift is not refunded (its recipient owns the course); one not claimed stops being
          // claimable when its refund is asked for (refundPurchase cancels it).
          const refundable = sales.filter((x) => x.refund !== 'done' && !x.gift?.claimedBy);
          // Of a bundle, a gift, an affiliate's sale, an instalment part and any sale in turn, so every seed refunds some of each; among those, a refund
          // under way is carried on most of the time.
          const kind = [
            (x: Sale) => !!x.bundle,
            (x: Sale) => !!x.gift,
            (x: Sale) => !!x.affiliate,
            (x: Sale) => !!x.plan,
            () => true,
          ][refundTurn++ % 5]!;
          const pool = refundable.some(kind) ? refundable.filter(kind) : refundable;
          const going = pool.filter((x) => x.refund !== 'none');
          const from = going.length && r.next() < 0.7 ? going : pool;
          const s = refundable.length ? r.pick(from) : null;
          if (!s) {
            // nothing to refund this step
          } else if (s.refund === 'none') {
            if (s.gift)
              await world.t.db
                .updateTable('gift')
                .set({ cancelledAt: at })
                .where('paymentId', '=', s.paymentId)
                .execute();
            await world.t.db
              .insertInto('refund')
              .values({
                id: s.refundId,
                paymentId: s.paymentId,
                actorId: admin.userId,
                amount: s.price,
                providerRef: `AG_${s.refundId}`,
                status: 'requested',
                createdAt: at,
                updatedAt: at,
              })
              .execute();
            s.refund = 'requested';
          } else if (s.refund === 'failed') {
            await world.t.db.updateTable('refund').set({ status: 'requested' }).where('id', '=', s.refundId).execute();
            s.refund = 'requested';
          } else if (r.next() < 0.3) {
            await world.t.db.updateTable('refund').set({ status: 'failed' }).where('id', '=', s.refundId).execute();
            s.refund = 'failed';
          } else {
            const times = r.int(1, 2);
            let changed = 0;
            for (let i = 0; i < times; i++)
              if (
                await world.t.db
                  .transaction()
                  .execute((trx) => completeRefundInTx(trx, { refundId: s.refundId, now: at }))
              )
                changed++;
            expect(changed).toBe(1);
            s.refund = 'done';
            if (s.plan) s.plan.stopped = true;
            money.paybill -= s.price;
            s.creator.payable.push({ amount: -s.net, availableAt: Math.max(now, s.availableAt) });
            // The commission is taken back with the rest of the sale.
            if (s.affiliate)
              s.affiliate.payee.payable.push({
                amount: -s.affiliate.commission,
                availableAt: Math.max(now, s.availableAt),
              });
          }
        } else if (op === 5) {
          now += r.int(0, 48) * 3600_000;
        } else if (op === 6 || op === 7) {
          // An affiliate withdraws through the same payouts as a creator (one with money to withdraw, when
          // there is one: commissions are small and held, so most affiliates have none).
          const earning = affiliates.filter((a) => available(a) >= 100);
          const c = r.next() < 0.5 ? r.pick(earning.length ? earning : affiliates) : r.pick(creators);
          // An affiliate asks for at most what they have (creators' asks cover the refusals of too much).
          const want = r.next() < 0.5 ? null : r.int(50, affiliates.includes(c) ? Math.max(50, available(c)) : 4000);
          const avail = available(c);
          const amount = want ?? avail;
          const hasOpen = [...open.values()].some((o) => o.creator === c);
          const expectOk = !hasOpen && amount >= 100 && amount <= avail;
          let id: string | null = null;
          try {
            id = await createPayout(acting, { creatorId: c.id, purpose: 'withdrawal', amount: want });
          } catch (err) {
            if (!(err instanceof DomainError)) throw err;
          }
          expect(id !== null, `withdraw ${amount} with ${avail} available, open payout: ${hasOpen}`).toBe(expectOk);
          if (id) {
            open.set(id, { creator: c, amount });
            c.payable.push({ amount: -amount, availableAt: now });
            c.inFlight += amount;
          }
        } else if (op === 8 && open.size) {
          const [id, o] = r.pick([...open.entries()]);
          const outcome = r.next() < 0.7 ? 'paid' : 'failed';
          const times = r.int(1, 3); // results repeated, as Daraja may send them
          let changed = 0;
          for (let i = 0; i < times; i++) {
            const s = {
              payoutId: id,
              outcome,
              resultCode: outcome === 'paid' ? 0 : 1,
              resultDesc: 'r',
              receipt: 'ABC1234567',
            } as const;
            if (await settlePayout(acting, s)) changed++;
          }
          // A contradicting late result is ignored too.
          await settlePayout(acting, {
            payoutId: id,
            outcome: outcome === 'paid' ? 'failed' : 'paid',
            resultCode: 0,
            resultDesc: 'late',
          });
          expect(changed).toBe(1);
          open.delete(id);
          o.creator.inFlight -= o.amount;
          if (outcome === 'paid') o.creator.paidOut += o.amount;
          else o.creator.payable.push({ amount: o.amount, availableAt: now });
        } else if (op === 9) {
          const amount = r.int(-300, 300) || 1;
          await adjustBalance(acting, admin, { creatorId: c.id, amount, reason: 'property test' });
          c.payable.push({ amount, availableAt: now });
        } else if (op === 10) {
          // A second payment arrives (owed back to its payer, never to a creator), or one is returned.
          if (extras.length && r.next() < 0.5) {
            const e = extras.splice(r.int(0, extras.length - 1), 1)[0]!;
            await world.t.db
              .transaction()
              .execute((trx) =>
                postExtraPaymentInTx(trx, { incomingId: e.id, amount: e.amount, returned: true, now: at }),
              );
            money.paybill -= e.amount;
            money.owedToPayers -= e.amount;
          } else {
            const e = { id: newId(), amount: r.int(10, 3000) };
            await world.t.db
              .transaction()
              .execute((trx) =>
                postExtraPaymentInTx(trx, { incomingId: e.id, amount: e.amount, returned: false, now: at }),
              );
            extras.push(e);
            money.paybill += e.amount;
            money.owedToPayers += e.amount;
          }
        }
        await checkInvariants(payees, now, { available, pending }, `seed ${seed} step ${step} op ${op}`);
        await checkGiftEnrollments(sales, `seed ${seed} step ${step} op ${op}`);
        await checkBundleEnrollments(sales, `seed ${seed} step ${step} op ${op}`);
        await checkPlans(plans, sales, `seed ${seed} step ${step} op ${op}`);
        await checkPaybill(money, `seed ${seed} step ${step} op ${op}`);
      }
      // The run did exercise gifts: some claimed, some refunded.
      expect(sales.some((s) => s.gift?.claimedBy)).toBe(true);
      expect(sales.some((s) => s.gift && s.refund === 'done')).toBe(true);
      // And bundles: some bought, some refunded.
      expect(sales.some((s) => s.bundle && s.refund !== 'done')).toBe(true);
      expect(sales.some((s) => s.bundle && s.refund === 'done')).toBe(true);
      // And affiliates: commissions earned, some taken back by a refund, some paid out.
      expect(sales.some((s) => s.affiliate?.commission && s.refund !== 'done')).toBe(true);
      expect(sales.some((s) => s.affiliate?.commission && s.refund === 'done')).toBe(true);
      expect(affiliates.some((a) => a.paidOut > 0)).toBe(true);
      // And instalments: plans paid in full, and parts refunded.
      expect(plans.some((p) => p.paid === p.parts && !p.stopped)).toBe(true);
      expect(sales.some((s) => s.plan && s.refund === 'done')).toBe(true);
    });
  }
});

/** A gift's payment enrolls exactly its claimer (never its buyer), and nobody before a claim or after a refund. */
async function checkGiftEnrollments(
  sales: { paymentId: string; refund: string; gift: { claimedBy: string | null } | null }[],
  where: string,
) {
  const gifts = sales.filter((s) => s.gift);
  if (!gifts.length) return;
  const rows = await world.t.db
    .selectFrom('enrollment')
    .select(['paymentId', 'userId'])
    .where(
      'paymentId',
      'in',
      gifts.map((g) => g.paymentId),
    )
    .execute();
  const expected = gifts
    .filter((g) => g.gift!.claimedBy && g.refund !== 'done')
    .map((g) => ({ paymentId: g.paymentId, userId: g.gift!.claimedBy }));
  const order = (a: { paymentId: string | null }, b: { paymentId: string | null }) =>
    String(a.paymentId).localeCompare(String(b.paymentId));
  expect(rows.sort(order), `${where} gift enrollments`).toEqual(expected.sort(order));
}

/** A bundle payment enrolls its buyer in exactly the courses it granted, until refunded; then in none. */
async function checkBundleEnrollments(
  sales: { paymentId: string; refund: string; bundle?: { buyer: string; granted: string[] } }[],
  where: string,
) {
  const bundles = sales.filter((s) => s.bundle);
  if (!bundles.length) return;
  const rows = await world.t.db
    .selectFrom('enrollment')
    .select(['bundlePaymentId', 'userId', 'courseId', 'paymentId'])
    .where(
      'bundlePaymentId',
      'in',
      bundles.map((b) => b.paymentId),
    )
    .execute();
  const expected = bundles
    .filter((b) => b.refund !== 'done')
    .flatMap((b) =>
      b.bundle!.granted.map((courseId) => ({
        bundlePaymentId: b.paymentId,
        userId: b.bundle!.buyer,
        courseId,
        paymentId: null,
      })),
    );
  const key = (e: { bundlePaymentId: string | null; courseId: string }) => `${e.bundlePaymentId}/${e.courseId}`;
  const order = (a: { bundlePaymentId: string | null; courseId: string }, b: typeof a) => key(a).localeCompare(key(b));
  expect(rows.sort(order), `${where} bundle enrollments`).toEqual(expected.sort(order));
}

/**
 * Each instalment plan: its buyer is enrolled through it exactly while one of its parts is left paid; its parts
 * paid and not refunded are what the server counts; each part's sale is exactly that part's amount, and a
 * plan paid in full and never refunded has paid exactly the price.
 */
async function checkPlans(
  plans: { id: string; buyer: string; courseId: string; price: number; parts: number }[],
  sales: { paymentId: string; refund: string; price: number; plan?: { id: string } }[],
  where: string,
) {
  for (const p of plans) {
    const parts = sales.filter((s) => s.plan?.id === p.id);
    const kept = parts.filter((s) => s.refund !== 'done');
    const enrolled = await world.t.db
      .selectFrom('enrollment')
      .select(['userId', 'courseId'])
      .where('instalmentPlanId', '=', p.id)
      .execute();
    expect(enrolled, `${where} plan enrollment`).toEqual(
      kept.length ? [{ userId: p.buyer, courseId: p.courseId }] : [],
    );
    const paid = await world.t.db
      .selectFrom('payment')
      .select(['amount', 'instalmentPart'])
      .where('instalmentPlanId', '=', p.id)
      .where('status', '=', 'paid')
      .orderBy('instalmentPart')
      .execute();
    expect(paid.length, `${where} parts paid`).toBe(kept.length);
    const amounts = partAmounts(p.price, p.parts);
    for (const row of paid) expect(toNum(row.amount)).toBe(amounts[toNum(row.instalmentPart) - 1]);
    if (parts.length === p.parts && kept.length === p.parts)
      expect(
        parts.reduce((sum, s) => sum + s.price, 0),
        `${where} plan total`,
      ).toBe(p.price);
  }
}

/** The paybill holds the sales not refunded and the second payments not returned; the latter are owed. */
async function checkPaybill(m: { paybill: number; owedToPayers: number }, where: string) {
  expect(await paybillNow(), where).toEqual(m);
}

async function paybillNow() {
  const rows = await world.t.db
    .selectFrom('journalLine')
    .select(['account', (eb) => eb.fn.sum<number>('amount').as('total')])
    .where('account', 'in', ['mpesa_paybill', 'payer_refunds_due'])
    .groupBy('account')
    .execute();
  const total = (a: string) => toNum(rows.find((x) => x.account === a)?.total ?? 0);
  return { paybill: total('mpesa_paybill'), owedToPayers: 0 - total('payer_refunds_due') };
}

async function checkInvariants(
  creators: Creator[],
  now: number,
  m: { available(c: Creator): number; pending(c: Creator): number },
  where: string,
) {
  const unbalanced = await unbalancedEntries(world.t.db);
  expect(unbalanced, where).toEqual([]);
  for (const c of creators) {
    const b = await creatorBalancesInTx(world.t.db, { creatorId: c.id, now: new Date(now) });
    expect(b, `${where} creator balances`).toEqual({
      available: m.available(c),
      pending: m.pending(c),
      inFlight: c.inFlight,
      paidOut: c.paidOut,
    });
    const paid = await world.t.db
      .selectFrom('payout')
      .select(['amount'])
      .where('creatorId', '=', c.id)
      .where('status', '=', 'paid')
      .execute();
    expect(
      paid.reduce((s, p) => s + toNum(p.amount), 0),
      `${where} paid payouts`,
    ).toBe(c.paidOut);
  }
  const twice = await world.t.db
    .selectFrom('journalEntry')
    .select(['payoutId', (eb) => eb.fn.countAll<number>().as('n')])
    .where('kind', 'in', ['payout_paid', 'payout_failed'])
    .groupBy('payoutId')
    .having((eb) => eb.fn.countAll(), '>', 1)
    .execute();
  expect(twice, `${where} payouts settled twice`).toEqual([]);
}
