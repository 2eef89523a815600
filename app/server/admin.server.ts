// The admin operations behind the admin pages (server only); their form plumbing is adminPages.server.ts.
export { getDashboard, type Trend } from '#server/modules/admin/getDashboard.ts';
export { listAuditLog } from '#server/modules/admin/listAuditLog.ts';
export { listCourses } from '#server/modules/admin/listCourses.ts';
export { moderateCourse } from '#server/modules/admin/moderateCourse.ts';
export { retryFailedJob } from '#server/modules/admin/retryFailedJob.ts';
export { listAllPurchases } from '#server/modules/admin/listAllPurchases.ts';
export { refundPurchase } from '#server/modules/admin/refundPurchase.ts';
export { listUsers } from '#server/modules/admin/listUsers.ts';
export { moderateUser } from '#server/modules/admin/moderateUser.ts';
export { getPlatformFees } from '#server/modules/payouts/getPlatformFees.ts';
export { listPayouts } from '#server/modules/payouts/listPayouts.ts';
export { retryPayout } from '#server/modules/payouts/retryPayout.ts';
export { holdPayouts } from '#server/modules/payouts/holdPayouts.ts';
export { settleHeldPayout } from '#server/modules/payouts/settleHeldPayout.ts';
export { adjustBalance } from '#server/modules/payouts/adjustBalance.ts';
export { listSearchSynonyms } from '#server/modules/admin/listSearchSynonyms.ts';
export { addSearchSynonym } from '#server/modules/admin/addSearchSynonym.ts';
export { removeSearchSynonym } from '#server/modules/admin/removeSearchSynonym.ts';
