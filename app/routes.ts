import { type RouteConfig, index, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('course/:courseId', 'routes/course.tsx'),
  route('search', 'routes/search.tsx'),
  route('creator', 'routes/creator.tsx'),
  route('creator/course/:courseId', 'routes/creatorCourse.tsx'),
  route('admin', 'routes/admin.tsx'),
  route('*', 'routes/catchAll.tsx'),
] satisfies RouteConfig;
