import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('course/:courseId', 'routes/course.tsx'),
  route('learn/:courseId/:episodeNo', 'routes/learn.tsx'),
  route('search', 'routes/search.tsx'),
  route('downloads', 'routes/downloads.tsx'),
  route('category/:slug', 'routes/category.tsx'),
  route('creators/:creatorId', 'routes/creatorProfile.tsx'),
  route('certificates/:code', 'routes/certificate.tsx'),
  route('customer/purchases', 'routes/customerPurchases.tsx'),
  route('login', 'routes/login.tsx'),
  route('register', 'routes/register.tsx'),
  route('forgot-password', 'routes/forgotPassword.tsx'),
  route('reset-password', 'routes/resetPassword.tsx'),
  route('customer', 'routes/customer.tsx'),
  route('account', 'routes/account.tsx'),
  // The studio and the admin load catalogues of their own (decision 0030).
  layout('routes/studio.tsx', [
    route('creator', 'routes/creator.tsx'),
    route('creator/course/:courseId', 'routes/creatorCourse.tsx'),
    route('creator/course/:courseId/analytics', 'routes/creatorAnalytics.tsx'),
    route('creator/earnings', 'routes/creatorEarnings.tsx'),
    route('creator/earnings/statement', 'routes/creatorStatement.tsx'),
  ]),
  route('admin', 'routes/admin.tsx', [
    index('routes/adminDashboard.tsx'),
    route('users', 'routes/adminUsers.tsx'),
    route('courses', 'routes/adminCourses.tsx'),
    route('purchases', 'routes/adminPurchases.tsx'),
    route('payouts', 'routes/adminPayouts.tsx'),
    route('jobs', 'routes/adminJobs.tsx'),
    route('audit', 'routes/adminAudit.tsx'),
    route('reviews', 'routes/adminReviews.tsx'),
    route('search', 'routes/adminSearch.tsx'),
  ]),
  route('*', 'routes/catchAll.tsx'),
] satisfies RouteConfig;
