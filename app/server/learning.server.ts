// The learner's reads behind the player and "My Courses" (server only).
export { getLearnPage } from '#server/modules/learning/getLearnPage.ts';
export { listMyCourses, type MyCourse } from '#server/modules/learning/listMyCourses.ts';
