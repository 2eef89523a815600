import type { Insertable, Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import type { DemoCourse } from './demoCatalog.ts';
import type { DemoPeople } from './seedDemoPeople.ts';
import type { DemoAsset, DemoCourseMedia } from './prepareDemoMedia.ts';
import type { VideoProbe } from '../modules/media/probeVideo.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Demo activity so the landing rows differ (docs/product.md): students per course (Popular) and trailer
 * views in the last days (Trending Now; half the courses are quiet, so a newly published one still shows
 * there). Indexed by the course's place in the catalog.
 */
const DEMO_STUDENTS = [240, 35, 410, 90, 150, 60, 275, 120, 520, 45, 330, 80];
const DEMO_RECENT_VIEWS = [0, 14, 0, 31, 0, 22, 0, 9, 0, 27, 0, 0];

/** Whole seconds, as episode and course durations are stored. */
const seconds = (v: DemoAsset<VideoProbe>) => Math.round(v.meta.duration);

/**
 * The demo courses with their media rows and episodes, published, one creation date each (a few days
 * apart, the last course newest). `media[i]` holds the prepared files of `courses[i]`.
 */
export async function seedDemoCatalog(
  db: Kysely<DB>,
  people: DemoPeople,
  courses: DemoCourse[],
  media: DemoCourseMedia[],
  now: Date,
): Promise<string[]> {
  const assets: Insertable<DB['mediaAsset']>[] = [];
  const courseRows: Insertable<DB['course']>[] = [];
  const episodeRows: Insertable<DB['episode']>[] = [];
  const viewRows: Insertable<DB['viewEvent']>[] = [];

  for (const [i, course] of courses.entries()) {
    const m = media[i]!;
    const creator = people[course.creator];
    const at = new Date(now.getTime() - (courses.length - i) * 3 * DAY + i * 37 * 60 * 1000);
    const asset = (id: string, kind: 'image' | 'video', meta: object) => ({
      id,
      ownerId: creator.id,
      kind,
      status: 'ready',
      progress: 100,
      meta: JSON.stringify(meta),
      error: null,
      createdAt: at,
      updatedAt: at,
    });
    assets.push(asset(m.thumbnail.id, 'image', m.thumbnail.meta), asset(m.trailer.id, 'video', m.trailer.meta));
    const courseId = newId();
    course.episodes.forEach((title, n) => {
      const video = m.episodes[n]!;
      assets.push(asset(video.id, 'video', video.meta));
      episodeRows.push({
        id: newId(),
        courseId,
        title,
        description: '',
        videoId: video.id,
        thumbnailId: null,
        duration: seconds(video),
        position: n + 1,
        createdAt: at,
      });
    });
    courseRows.push({
      id: courseId,
      title: course.title,
      description: course.description,
      price: course.price,
      category: course.category,
      thumbnailId: m.thumbnail.id,
      trailerId: m.trailer.id,
      published: true,
      featured: course.featured ?? false,
      outcomes: JSON.stringify(course.outcomes ?? []),
      requirements: JSON.stringify(course.requirements ?? []),
      creatorId: creator.id,
      creatorName: creator.name,
      lessonsCount: course.episodes.length,
      enrolledCount: DEMO_STUDENTS[i % DEMO_STUDENTS.length],
      ratingAvg: null,
      duration: m.episodes.slice(0, course.episodes.length).reduce((sum, e) => sum + seconds(e), 0),
      createdAt: at,
      updatedAt: at,
      publishedAt: at,
    });
    for (let v = 0; v < (DEMO_RECENT_VIEWS[i % DEMO_RECENT_VIEWS.length] ?? 0); v++) {
      const seen = new Date(now.getTime() - ((v * 7) % 10) * DAY - v * 60_000);
      viewRows.push({ courseId, episodeId: null, kind: 'trailer_view', seconds: 0, userId: null, createdAt: seen });
    }
  }

  await db.insertInto('mediaAsset').values(assets).execute();
  await db.insertInto('course').values(courseRows).execute();
  await db.insertInto('episode').values(episodeRows).execute();
  if (viewRows.length) await db.insertInto('viewEvent').values(viewRows).execute();
  return courseRows.map((c) => c.id as string);
}
