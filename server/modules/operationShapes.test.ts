// Holds every module to the operation shapes of docs/conventions.md#operations: an exported function that
// takes services or a database is an operation (services, actor, input), system work (services, input) or
// a transaction step (trx, input) named …InTx. Anything else fails here with its file and parameters.
import { describe, expect, it } from 'vitest';
import { moduleExports } from './operationShapes.ts';

const root = new URL('../..', import.meta.url).pathname;

// Files still being moved to the shapes (architecture round two). Each module's conversion removes its lines;
// the list must end empty.
const PENDING = new Set([
  'server/modules/admin/getDashboard.ts',
  'server/modules/admin/listAllPurchases.ts',
  'server/modules/admin/listAuditLog.ts',
  'server/modules/admin/listCourses.ts',
  'server/modules/admin/listFailedJobs.ts',
  'server/modules/admin/listUsers.ts',
  'server/modules/admin/recordReversalResult.ts',
  'server/modules/admin/retryFailedJob.ts',
  'server/modules/analytics/getCourseAnalytics.ts',
  'server/modules/catalog/courseCard.ts',
  'server/modules/catalog/getCoursePage.ts',
  'server/modules/catalog/getCreatorPage.ts',
  'server/modules/catalog/listCategoryPage.ts',
  'server/modules/catalog/listSitemap.ts',
  'server/modules/catalog/listTrending.ts',
  'server/modules/catalog/search/findCourses.ts',
  'server/modules/catalog/search/searchCourses.ts',
  'server/modules/catalog/search/suggestCourses.ts',
  'server/modules/certificates/getCertificate.ts',
  'server/modules/certificates/issueCertificate.ts',
  'server/modules/coupons/countCouponUses.ts',
  'server/modules/coupons/createCoupon.ts',
  'server/modules/coupons/deactivateCoupon.ts',
  'server/modules/coupons/findCoupon.ts',
  'server/modules/coupons/holdCouponUse.ts',
  'server/modules/coupons/listCoupons.ts',
  'server/modules/coupons/loadCouponCourse.ts',
  'server/modules/learning/findEpisodeForActor.ts',
  'server/modules/learning/listMyCourses.ts',
  'server/modules/learning/saveProgress.ts',
  'server/modules/ledger/creatorBalances.ts',
  'server/modules/ledger/platformRevenue.ts',
  'server/modules/ledger/postEntry.ts',
  'server/modules/ledger/postRefund.ts',
  'server/modules/ledger/postSale.ts',
  'server/modules/offline/checkDownloads.ts',
  'server/modules/payments/confirmPaybillPayment.ts',
  'server/modules/payments/findPaybillPayment.ts',
  'server/modules/payments/getPaymentForPayer.ts',
  'server/modules/payments/getPurchaseState.ts',
  'server/modules/payments/handleReceiptResult.ts',
  'server/modules/payments/handleStkCallback.ts',
  'server/modules/payments/paybillAccount.ts',
  'server/modules/payments/paymentStateMachine.ts',
  'server/modules/payments/queryReceipt.ts',
  'server/modules/payments/reconcilePayments.ts',
  'server/modules/payments/resumeReceiptChecks.ts',
  'server/modules/payments/settlePayment.ts',
  'server/modules/payments/validatePaybillPayment.ts',
  'server/modules/payouts/adjustBalance.ts',
  'server/modules/payouts/createPayout.ts',
  'server/modules/payouts/findCreator.ts',
  'server/modules/payouts/getEarnings.ts',
  'server/modules/payouts/getPlatformFees.ts',
  'server/modules/payouts/getStatement.ts',
  'server/modules/payouts/handleB2cResult.ts',
  'server/modules/payouts/handleStatusResult.ts',
  'server/modules/payouts/holdPayouts.ts',
  'server/modules/payouts/listPayouts.ts',
  'server/modules/payouts/queryPayoutStatus.ts',
  'server/modules/payouts/reconcilePayouts.ts',
  'server/modules/payouts/retryPayout.ts',
  'server/modules/payouts/runScheduledPayouts.ts',
  'server/modules/payouts/sendPayout.ts',
  'server/modules/payouts/setPayoutNumber.ts',
  'server/modules/payouts/setPayoutSchedule.ts',
  'server/modules/payouts/settlePayout.ts',
  'server/modules/payouts/withdraw.ts',
  'server/modules/playback/canFetchMedia.ts',
  'server/modules/playback/canPlayVideo.ts',
  'server/modules/reviews/listCourseReviews.ts',
  'server/modules/reviews/listReportedReviews.ts',
  'server/modules/reviews/recountRating.ts',
  'server/modules/reviews/reportReview.ts',
]);

describe('operation shapes', () => {
  const all = moduleExports(root);

  it('finds the operations (the reader works)', () => {
    expect(all.some((f) => f.name === 'startPayment' && f.shape === 'operation')).toBe(true);
    expect(all.length).toBeGreaterThan(50);
  });

  it('every exported function that takes services or a database has one of the shapes', () => {
    const wrong = all
      .filter((f) => f.shape === 'other' && !PENDING.has(f.file))
      .map((f) => `${f.file}: ${f.name}(${f.params.join(', ')})`);
    expect(wrong).toEqual([]);
  });

  it('lists no file as pending that already has the shapes', () => {
    const stillWrong = new Set(all.filter((f) => f.shape === 'other').map((f) => f.file));
    expect([...PENDING].filter((f) => !stillWrong.has(f))).toEqual([]);
  });
});
