// Replays "a suspended creator's course still sells" (issue 23) over real HTTP against a real app: once an
// admin suspends the creator, "Pay with M-Pesa" is refused in plain words and sends no prompt, and the course
// page's data (what its loader reads, for a learner and for a visitor) says it is not for sale; restored, it
// sells again. (The words on the rendered page are checked in the browser, tests/e2e/purchase.spec.ts.)
import { beforeAll, describe, expect, it } from 'vitest';
import { make } from '#tests/support/factories/index.ts';
import { signedIn, type Person } from '#tests/support/signedIn.ts';
import { getCoursePage } from '#server/modules/catalog/getCoursePage.ts';
import { getPurchaseState } from '#server/modules/payments/getPurchaseState.ts';
import { PHONES, newKey, pushes, worldForFile } from '#tests/support/paymentsWorld.ts';

const w = worldForFile();
let admin: Person;
let learner: Person;
let creatorId: string;
let course: { id: string; price: number };
beforeAll(async () => {
  admin = await signedIn(w, 'admin');
  learner = await signedIn(w, 'customer');
  const made = await make.creatorWithCourse(w.t.db, { price: 1500 });
  creatorId = made.creator.id;
  course = made.course;
});

const buy = (p: Person) =>
  p.request('/api/payments', {
    method: 'POST',
    json: { courseId: course.id, amount: course.price, phone: PHONES.manual, idempotencyKey: newKey() },
  });
const moderate = (action: 'suspend' | 'restore') =>
  admin.request(`/api/admin/users/${creatorId}/${action}`, { method: 'POST', json: { reason: 'red team' } });
/** What the course page shows: for sale to a visitor, and "Purchase Course" to the learner. */
async function onSale() {
  const { services } = w.running;
  const page = await getCoursePage(services, null, { courseId: course.id });
  const state = await getPurchaseState(services, { userId: learner.id, role: 'customer' }, { courseIds: [course.id] });
  return { forSale: page?.forSale, buyable: state.buyable.includes(course.id) };
}

describe("a suspended creator's course", () => {
  it('cannot be bought while the creator is suspended, and sells again once restored', async () => {
    expect(await onSale()).toEqual({ forSale: true, buyable: true });
    expect((await moderate('suspend')).status).toBe(200);
    const before = pushes(w.sim).length;

    const refused = await Promise.all([buy(learner), buy(learner), buy(learner)]);
    expect(refused.map((r) => r.status)).toEqual([409, 409, 409]);
    const { error } = (await refused[0]!.json()) as { error: { message: string } };
    expect(error.message).toBe('This course is not for sale right now.');
    expect(pushes(w.sim).length).toBe(before);
    expect(await w.t.db.selectFrom('payment').select('id').where('courseId', '=', course.id).execute()).toEqual([]);

    expect(await onSale()).toEqual({ forSale: false, buyable: false });

    expect((await moderate('restore')).status).toBe(200);
    expect(await onSale()).toEqual({ forSale: true, buyable: true });
    const sold = await buy(learner);
    expect(sold.status).toBe(202);
    expect(pushes(w.sim).length).toBe(before + 1);
  });
});
