// The catalogue reads behind the landing, search, category, creator and course pages (server only).
export { listLandingRows } from '#server/modules/catalog/listLandingRows.ts';
export { searchCourses } from '#server/modules/catalog/search/searchCourses.ts';
export { getCoursePage, type CoursePage, type EpisodeSummary } from '#server/modules/catalog/getCoursePage.ts';
export type { Hero } from '#server/modules/catalog/getHero.ts';
export { listCategoryPage, type CategoryPage } from '#server/modules/catalog/listCategoryPage.ts';
export { getCreatorPage, type CreatorPage } from '#server/modules/catalog/getCreatorPage.ts';
