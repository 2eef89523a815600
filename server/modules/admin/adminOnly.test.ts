// Every admin operation checks its actor itself, whichever route or page calls it: a visitor is refused as
// unauthenticated and a customer or a creator as forbidden, before any input is read. The operations of
// server/modules/admin/ are found from its exports; admin-only operations of other modules are listed here.
import { expect, it } from 'vitest';
import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { DomainError } from '#server/core/errors.ts';
import { useTestServices } from '#tests/support/testServices.ts';
import { moduleExports } from '../operationShapes.ts';

const root = new URL('../../..', import.meta.url).pathname;

/** Admin-only operations that live with the domain they change. */
const ELSEWHERE = new Set([
  'server/modules/payouts/adjustBalance.ts',
  'server/modules/payouts/getPlatformFees.ts',
  'server/modules/payouts/holdPayouts.ts',
  'server/modules/payouts/listPayouts.ts',
  'server/modules/payouts/retryPayout.ts',
  'server/modules/reviews/listReportedReviews.ts',
  'server/modules/reviews/moderateReview.ts',
  'server/modules/questions/listReportedQuestions.ts',
  'server/modules/questions/moderateQuestionItem.ts',
]);

const REFUSED: [string, Actor, string][] = [
  ['a visitor', null, 'unauthenticated'],
  ['a customer', { userId: 'customer-1', role: 'customer' }, 'forbidden'],
  ['a creator', { userId: 'creator-1', role: 'creator' }, 'forbidden'],
];

type AnyOperation = (services: Services, actor: Actor, input: unknown) => Promise<unknown>;

const world = useTestServices();

it('refuses everyone but an admin in every admin operation', async () => {
  const found = moduleExports(root).filter(
    (f) => f.shape === 'operation' && (f.file.startsWith('server/modules/admin/') || ELSEWHERE.has(f.file)),
  );
  expect(new Set(found.filter((f) => ELSEWHERE.has(f.file)).map((f) => f.file))).toEqual(ELSEWHERE);
  expect(found.map((f) => f.name)).toEqual(
    expect.arrayContaining([
      'listUsers',
      'listCourses',
      'getDashboard',
      'listPayouts',
      'listAllPurchases',
      'listAuditLog',
      'listFailedJobs',
      'getPlatformFees',
      'listReportedReviews',
      'moderateUser',
      'refundPurchase',
    ]),
  );
  for (const { file, name } of found) {
    const op = ((await import(`${root}${file}`)) as Record<string, AnyOperation>)[name]!;
    for (const [who, actor, code] of REFUSED) {
      const err = await op(world.services, actor, {}).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err, `${name} by ${who}`).toBeInstanceOf(DomainError);
      expect((err as DomainError).code, `${name} by ${who}`).toBe(code);
    }
  }
});
