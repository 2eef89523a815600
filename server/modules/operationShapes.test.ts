// Holds every module to the operation shapes of docs/conventions.md#operations: an exported function that
// takes services or a database is an operation (services, actor, input), system work (services, input) or
// a transaction step (trx, input) named …InTx. Anything else fails here with its file and parameters.
import { describe, expect, it } from 'vitest';
import { moduleExports } from './operationShapes.ts';

const root = new URL('../..', import.meta.url).pathname;

// Files still being moved to the shapes (architecture round two). Each module's conversion removes its lines;
// the list must end empty.
const PENDING = new Set([
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
  'server/modules/learning/findEpisodeForActor.ts',
  'server/modules/learning/listMyCourses.ts',
  'server/modules/learning/saveProgress.ts',
  'server/modules/offline/checkDownloads.ts',
  'server/modules/playback/canFetchMedia.ts',
  'server/modules/playback/canPlayVideo.ts',
  'server/modules/reviews/listCourseReviews.ts',
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
